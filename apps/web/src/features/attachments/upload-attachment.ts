import {
  ATTACHMENT_MESSAGES,
  CHUNK_START_DELAY_MS,
  CHUNK_THREADS,
  type DataOf,
  type diagnosisEndpoints,
} from '@eduqa/contract';
import { ApiError } from '../../shared/api/client.ts';
import { httpTransport } from './api.ts';
import {
  CHUNK_ATTEMPTS,
  CHUNK_RETRY_MS,
  type ChunkRange,
  extensionOf,
  isChunked,
  type MergeAnswer,
  missingChunks,
  newGuid,
  overallPercent,
  planChunks,
  pollMerge,
  runPool,
  type Sleep,
  sleep,
  UploadAborted,
  withRetry,
} from './upload-plan.ts';

export interface UploadedAttachment {
  fileId: string;
  fileName: string;
  fileType: string;
  size: number;
}

/** The merge's answer: the file once merged. */
export interface MergeData {
  state: 'merging' | 'done';
  fileId: string | null;
  fileName: string | null;
  size: number | null;
}
type ChunkState = DataOf<typeof diagnosisEndpoints.chunkList>;

/** What the upload needs from the network; the tests replace it. */
export interface UploadTransport {
  single(
    file: File,
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<UploadedAttachment>;
  chunk(
    input: { guid: string; index: number; chunks: number; blob: Blob; fileName: string },
    onProgress: (percent: number) => void,
    signal?: AbortSignal,
  ): Promise<void>;
  received(guid: string): Promise<ChunkState>;
  merge(body: {
    guid: string;
    fileName: string;
    chunks: number;
    size: number;
  }): Promise<MergeAnswer<MergeData>>;
}

/** A dropped connection, a timeout or a server fault may pass; a refusal will not. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return !(error instanceof UploadAborted);
  return error.kind === 'network' || error.kind === 'timeout' || error.httpStatus >= 500;
}

/**
 * Upload ids by file, so that uploading the same file again after a dropped connection resumes the
 * chunks the server already holds instead of starting over.
 */
const pendingGuids = new Map<string, string>();
const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

export interface UploadDeps {
  transport: UploadTransport;
  sleep: Sleep;
  newGuid: () => string;
}

const defaultDeps: UploadDeps = { transport: httpTransport, sleep, newGuid: () => newGuid() };

/**
 * Uploads one attachment (spec 2 §4 Upload, §7.2): up to NORMAL_UPLOAD_MB in one request, above that
 * in CHUNK_SIZE chunks, CHUNK_THREADS at a time after CHUNK_START_DELAY_MS, each retried a few times;
 * chunks the server already holds are skipped; then the merge is polled every MERGE_POLL_MS while
 * it answers 'waitting'. Rejects with the spec's message ('x' 上传失败! / 上传'x'失败! / the merge's
 * own message), or UploadAborted when `signal` aborts.
 */
export async function uploadAttachment(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  deps: UploadDeps = defaultDeps,
): Promise<UploadedAttachment> {
  if (!isChunked(file.size)) {
    try {
      const uploaded = await deps.transport.single(file, onProgress, signal);
      onProgress(100);
      return uploaded;
    } catch (error) {
      if (signal?.aborted) throw new UploadAborted();
      throw new Error(ATTACHMENT_MESSAGES.uploadFailed(file.name), { cause: error });
    }
  }
  return uploadChunked(file, onProgress, signal, deps);
}

/** What every step of one chunked upload shares. */
interface ChunkedUpload {
  file: File;
  onProgress: (percent: number) => void;
  signal: AbortSignal | undefined;
  deps: UploadDeps;
  /** The file's key in `pendingGuids`. */
  key: string;
  plan: ChunkRange[];
  /** The error to reject with: UploadAborted when aborted, else the spec's chunk message. */
  failed: (error: unknown) => Error;
}

async function uploadChunked(
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
  deps: UploadDeps,
): Promise<UploadedAttachment> {
  const upload: ChunkedUpload = {
    file,
    onProgress,
    signal,
    deps,
    key: fileKey(file),
    failed: (error: unknown) =>
      signal?.aborted
        ? new UploadAborted()
        : new Error(ATTACHMENT_MESSAGES.chunkFailed(file.name), { cause: error }),
    plan: planChunks(file.size),
  };
  const { guid, state } = await resumeOrStart(upload);
  if (state.state === 'uploading') await sendMissingChunks(upload, guid, state);
  return mergeChunks(upload, guid);
}

/** The upload id to use and what the server holds of it: the one kept for this file, or a new one. */
async function resumeOrStart(upload: ChunkedUpload): Promise<{ guid: string; state: ChunkState }> {
  const { deps, signal } = upload;
  let guid = pendingGuids.get(upload.key) ?? deps.newGuid();
  let state: ChunkState;
  try {
    state = await withRetry(() => deps.transport.received(guid), {
      attempts: CHUNK_ATTEMPTS,
      waitMs: CHUNK_RETRY_MS,
      sleep: deps.sleep,
      signal,
    });
  } catch (error) {
    // Another user's id (a shared computer) or a lost record: start over with a new id.
    if (error instanceof ApiError && !isTransient(error)) {
      state = { state: 'uploading', received: [] };
      guid = deps.newGuid();
    } else {
      throw upload.failed(error);
    }
  }
  if (state.state === 'failed') {
    guid = deps.newGuid();
    state = { state: 'uploading', received: [] };
  }
  pendingGuids.set(upload.key, guid);
  return { guid, state };
}

/** Sends the chunks the server does not hold yet, CHUNK_THREADS at a time, reporting the overall percent. */
async function sendMissingChunks(upload: ChunkedUpload, guid: string, state: ChunkState): Promise<void> {
  const { file, plan, deps, signal } = upload;
  const { transport } = deps;
  const inFlight = new Map<number, number>();
  let doneBytes = plan
    .filter((chunk) => state.received.includes(chunk.index))
    .reduce((sum, chunk) => sum + chunk.end - chunk.start, 0);
  const report = () => {
    const flying = [...inFlight.values()].reduce((sum, bytes) => sum + bytes, 0);
    upload.onProgress(overallPercent(doneBytes, flying, file.size));
  };
  const send = (chunk: ChunkRange) =>
    withRetry(
      () =>
        transport.chunk(
          {
            guid,
            index: chunk.index,
            chunks: plan.length,
            blob: file.slice(chunk.start, chunk.end),
            fileName: file.name,
          },
          (percent) => {
            inFlight.set(chunk.index, ((chunk.end - chunk.start) * percent) / 100);
            report();
          },
          signal,
        ),
      { attempts: CHUNK_ATTEMPTS, waitMs: CHUNK_RETRY_MS, sleep: deps.sleep, signal },
    ).then(() => {
      inFlight.delete(chunk.index);
      doneBytes += chunk.end - chunk.start;
      report();
    });
  report();
  try {
    await deps.sleep(CHUNK_START_DELAY_MS, signal);
    let todo = missingChunks(plan, state.received);
    let lastError: unknown = null;
    // Two rounds: after each, the server says which chunks it really holds (a chunk whose answer
    // was lost may be there; one that failed on a dropped connection is sent again).
    for (let round = 0; round < 2 && todo.length > 0; round += 1) {
      try {
        await runPool(todo, CHUNK_THREADS, send);
      } catch (error) {
        if (signal?.aborted) throw error;
        lastError = error;
      }
      const held = await withRetry(() => transport.received(guid), {
        attempts: CHUNK_ATTEMPTS,
        waitMs: CHUNK_RETRY_MS,
        sleep: deps.sleep,
        signal,
      });
      todo = missingChunks(plan, held.received);
    }
    if (todo.length > 0) throw lastError ?? new Error(`${todo.length} chunks missing`);
  } catch (error) {
    throw upload.failed(error);
  }
}

/** Asks for the merge and polls it until the file is there; the id is forgotten once the merge ends. */
async function mergeChunks(upload: ChunkedUpload, guid: string): Promise<UploadedAttachment> {
  const { file, plan, deps, signal, key } = upload;
  const data = await pollMerge(
    () => deps.transport.merge({ guid, fileName: file.name, chunks: plan.length, size: file.size }),
    { sleep: deps.sleep, signal, isTransient },
  ).catch((error: unknown) => {
    if (signal?.aborted) throw new UploadAborted();
    // The merge's own refusal is shown as the server put it (spec 2 §8).
    if (error instanceof ApiError && error.kind === 'failed' && error.httpStatus < 500) {
      pendingGuids.delete(key);
      throw error;
    }
    throw upload.failed(error);
  });
  pendingGuids.delete(key);
  if (data.state !== 'done' || !data.fileId) throw upload.failed(new Error('merge ended without a file'));
  upload.onProgress(100);
  return {
    fileId: data.fileId,
    fileName: data.fileName ?? file.name,
    fileType: extensionOf(data.fileName ?? file.name),
    size: data.size ?? file.size,
  };
}
