import { ATTACHMENT_MESSAGES, CHUNK_SIZE, MAX_UPLOAD_MB } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { cleanFileName } from '../../platform/control-chars.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type FileStorage, isMissingFile } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { checkStoredImage } from '../../platform/image-type.ts';
import { checkAttachment, MAX_UPLOAD_BYTES, mimeOf } from './uploads.checks.ts';
import type { UploadRow, UploadsRepo } from './uploads.repo.ts';

export interface UploadsOptions {
  /** A merge whose heartbeat is older than this is taken over (its server went away). */
  leaseMs?: number;
  heartbeatMs?: number;
  /**
   * An upload untouched this long is abandoned: the sweep removes it with its chunks, and chunk folders
   * of this age that no upload owns any more (a crash between the two removals, a write cut short).
   */
  abandonedMs?: number;
  /** How often the sweep runs while the server is up (and once when it is ready). */
  sweepMs?: number;
  /** The clock that ages chunk folders (their modification time); tests pass a later one. */
  now?: () => number;
  log?: (error: unknown, message: string) => void;
}

export type MergeAnswer =
  | { state: 'merging'; fileId: null; fileName: null; size: null }
  | { state: 'done'; fileId: string; fileName: string; size: number };

const MERGING: MergeAnswer = { state: 'merging', fileId: null, fileName: null, size: null };

const CHUNKS_ROOT = 'uploads';
const chunkFolder = (guid: string) => `${CHUNKS_ROOT}/${guid}`;
const chunkKey = (guid: string, index: number) => `${chunkFolder(guid)}/${index}`;
/** Uploads removed per statement, so one sweep over a large backlog never holds a long lock. */
const SWEEP_BATCH = 500;
const fileKey = (fileId: string) => `${fileId.slice(0, 2)}/${fileId}`;

/**
 * Chunked upload (spec 2 §4, §7.2). Chunks are stored under `uploads/<guid>/<index>` and recorded in
 * the database, so an upload survives a dropped connection and a restart. The merge is claimed by one
 * atomic update (uploading → merging), runs in the background with a heartbeat, and a merge whose
 * heartbeat stopped is taken over; the merged file's id is fixed when the merge is claimed, so a
 * repeated merge writes the same file and records it once.
 */
export function createUploadsService(deps: UploadsDeps) {
  const context = uploadsContext(deps);
  const merges = uploadMerges(context);
  const sweeps = uploadSweeps(context, merges.resume);
  return {
    ...uploadReceiving(context),
    ...uploadMerging(context, merges),

    /** Starts the sweep (when the server is ready): once now, then every `sweepMs`; a failure is logged. */
    start: sweeps.start,

    /** One sweep, awaited: for tests. */
    sweep: sweeps.sweep,

    /** Stops the sweep and waits for it and the running merges; no new ones start. */
    async close() {
      context.closed = true;
      await sweeps.stop();
      await Promise.allSettled([...context.running.values()]);
    },

    /** For tests: waits until the merges running now have ended. */
    async settle() {
      await Promise.allSettled([...context.running.values()]);
    },
  };
}

interface UploadsDeps {
  repo: UploadsRepo;
  storage: FileStorage;
  options?: UploadsOptions;
}

/** What the parts share: the settings, the merges running in this process, and whether close() was called. */
function uploadsContext(deps: UploadsDeps) {
  return {
    repo: deps.repo,
    storage: deps.storage,
    leaseMs: deps.options?.leaseMs ?? 15_000,
    heartbeatMs: deps.options?.heartbeatMs ?? 3_000,
    abandonedMs: deps.options?.abandonedMs ?? 86_400_000,
    sweepMs: deps.options?.sweepMs ?? 3_600_000,
    now: deps.options?.now ?? Date.now,
    log: deps.options?.log ?? (() => {}),
    running: new Map<string, Promise<void>>(),
    /** Set once, by close(): no merge or sweep starts after it. */
    closed: false,
  };
}

type UploadsContext = ReturnType<typeof uploadsContext>;

async function owned(repo: UploadsRepo, actor: Actor, guid: string): Promise<UploadRow> {
  const upload = await repo.find(guid);
  if (!upload || upload.ownerUserId !== actor.userId) throw notFound('上传记录不存在');
  return upload;
}

/** The whole folder goes, so a temporary file of a write cut short goes with the chunks. */
async function dropChunks(context: UploadsContext, guid: string) {
  await context.storage.removeAll(chunkFolder(guid));
  await context.repo.dropChunkRecords(guid);
}

async function runMerge(context: UploadsContext, guid: string) {
  const { repo, storage } = context;
  const upload = await repo.find(guid);
  if (upload?.state !== 'merging' || !upload.fileId) return;
  const name = upload.fileName ?? '';
  const total = upload.totalChunks ?? 0;
  const size = upload.size ?? 0;
  const beat = setInterval(() => {
    repo.heartbeat(guid).catch(() => {});
  }, context.heartbeatMs);
  beat.unref();
  try {
    checkAttachment(name, size);
    const chunks = await repo.chunks(guid);
    if (chunks.filter((chunk) => chunk.index < total).length !== total) {
      throw new AppError('UNPROCESSABLE', '分片不完整，请重新上传');
    }
    // At most MAX_UPLOAD_MB in memory, checked above; chunks are read one at a time, in order.
    const merged = Buffer.alloc(size);
    let offset = 0;
    for (let index = 0; index < total; index += 1) {
      const bytes = await storage.get(chunkKey(guid, index));
      if (offset + bytes.length > size) throw new AppError('UNPROCESSABLE', '文件大小与分片不一致');
      bytes.copy(merged, offset);
      offset += bytes.length;
    }
    if (offset !== size) throw new AppError('UNPROCESSABLE', '文件大小与分片不一致');
    // The merged file is recorded here rather than through files.save, so its picture check is made here.
    checkStoredImage(mimeOf(name), merged);
    await storage.put(fileKey(upload.fileId), merged);
    await repo.finish(guid, {
      id: upload.fileId,
      name,
      mime: mimeOf(name),
      size,
      storageKey: fileKey(upload.fileId),
      ownerUserId: upload.ownerUserId,
    });
    await dropChunks(context, guid);
  } catch (error) {
    if (error instanceof AppError || isMissingFile(error)) {
      const message = error instanceof AppError ? error.message : ATTACHMENT_MESSAGES.chunkFailed(name);
      await repo.fail(guid, message);
      await dropChunks(context, guid);
      return;
    }
    // Anything else (the database went away during shutdown…): the merge stays claimed and is taken
    // over when its heartbeat is stale.
    throw error;
  } finally {
    clearInterval(beat);
  }
}

/** The background merges of this process: at most one per upload, each logged when it fails. */
function uploadMerges(context: UploadsContext) {
  const { running } = context;

  function start(guid: string) {
    if (context.closed || running.has(guid)) return;
    const job = runMerge(context, guid)
      .catch((error: unknown) => context.log(error, `merge of upload ${guid} failed`))
      .finally(() => running.delete(guid));
    running.set(guid, job);
  }

  /** Resumes a merge no server is running: after a restart, or when its server died. */
  async function resume(guid: string) {
    if (running.has(guid) || context.closed) return;
    const taken = await context.repo.takeOver(guid, context.leaseMs);
    if (taken) start(guid);
  }

  return { start, resume };
}

type UploadMerges = ReturnType<typeof uploadMerges>;

/** The sweep: once when the server is ready, then every `sweepMs`; close() stops it. */
function uploadSweeps(context: UploadsContext, resume: (guid: string) => Promise<void>) {
  const { repo, storage } = context;
  let sweeping: Promise<void> = Promise.resolve();
  let nextSweep: NodeJS.Timeout | undefined;

  /**
   * One sweep, also run at start-up: merges no server is running are taken over; uploads untouched for
   * `abandonedMs` (never merged, refused, or long done) are removed with their chunks; so are chunk
   * folders that old whose upload row is gone. A live upload is never touched: its row is younger
   * (every chunk touches it, a merge's heartbeat too) and a row is written before any of its chunks.
   */
  async function sweep() {
    for (const guid of await repo.stuckMerges(context.leaseMs)) await resume(guid);
    for (;;) {
      if (context.closed) return;
      // The rows go first (the age checked in the delete), then their folders.
      const removed = await repo.removeAbandoned(context.abandonedMs, SWEEP_BATCH);
      for (const guid of removed) await storage.removeAll(chunkFolder(guid));
      if (removed.length < SWEEP_BATCH) break;
    }
    const before = context.now() - context.abandonedMs;
    const old = (await storage.list(CHUNKS_ROOT))
      .filter((entry) => entry.modifiedAt.getTime() < before)
      .map((entry) => entry.name);
    for (let start = 0; start < old.length; start += SWEEP_BATCH) {
      if (context.closed) return;
      const batch = old.slice(start, start + SWEEP_BATCH);
      const owned = await repo.existing(batch);
      for (const guid of batch) if (!owned.has(guid)) await storage.removeAll(chunkFolder(guid));
    }
  }

  /** Runs the sweep now and then every `sweepMs`, one at a time: the next is timed from the end of the last. */
  function scheduleSweep(delayMs: number) {
    nextSweep = setTimeout(() => {
      sweeping = sweep()
        .catch((error: unknown) => context.log(error, 'upload sweep'))
        .finally(() => {
          if (!context.closed) scheduleSweep(context.sweepMs);
        });
    }, delayMs);
    nextSweep.unref();
  }

  return {
    sweep,
    start() {
      if (!context.closed && !nextSweep) scheduleSweep(0);
    },
    /** Cancels the next sweep and waits for the one under way. */
    async stop() {
      clearTimeout(nextSweep);
      await sweeping;
    },
  };
}

function answerOf(upload: UploadRow): MergeAnswer {
  if (upload.state === 'done' && upload.fileId) {
    return {
      state: 'done',
      fileId: upload.fileId,
      fileName: upload.fileName ?? '',
      size: upload.size ?? 0,
    };
  }
  if (upload.state === 'failed') {
    throw new AppError(
      'UNPROCESSABLE',
      upload.error ?? ATTACHMENT_MESSAGES.chunkFailed(upload.fileName ?? ''),
    );
  }
  return MERGING;
}

/** The chunks as they arrive, and what a resumed upload already holds. */
function uploadReceiving(context: UploadsContext) {
  const { repo, storage } = context;
  return {
    /** Stores one chunk (≤ CHUNK_SIZE bytes, checked by the reader). A repeated chunk overwrites. */
    async storeChunk(
      actor: Actor,
      input: { guid: string; chunk: number; chunks: number; bytes: Uint8Array },
    ) {
      if (input.chunk >= input.chunks) throw new AppError('VALIDATION', '分片序号超出分片总数');
      if (input.bytes.length === 0) throw new AppError('VALIDATION', '分片为空');
      if (input.chunks > Math.ceil(MAX_UPLOAD_BYTES / CHUNK_SIZE)) {
        throw new AppError('TOO_LARGE', `文件大小超过${MAX_UPLOAD_MB}MB`);
      }
      const upload = await repo.ensure(input.guid, actor.userId);
      if (upload.ownerUserId !== actor.userId) throw notFound('上传记录不存在');
      if (upload.state !== 'uploading') throw new AppError('UNPROCESSABLE', '文件已合并，不能再上传分片');
      await storage.put(chunkKey(input.guid, input.chunk), input.bytes);
      await repo.putChunk(input.guid, input.chunk, input.bytes.length);
      return { chunk: input.chunk, received: await repo.chunkCount(input.guid) };
    },

    /** The chunks held for a resumed upload; an unknown guid has none yet. */
    async chunkList(actor: Actor, guid: string) {
      const upload = await repo.find(guid);
      if (!upload) return { state: 'uploading' as const, received: [] };
      if (upload.ownerUserId !== actor.userId) throw notFound('上传记录不存在');
      const chunks = await repo.chunks(guid);
      return {
        state: upload.state as 'uploading' | 'merging' | 'done' | 'failed',
        received: chunks.map((chunk) => chunk.index),
      };
    },
  };
}

/** The merge request: checks the chunks once and starts the background merge. */
function uploadMerging(context: UploadsContext, merges: UploadMerges) {
  const { repo } = context;
  return {
    /**
     * The merge request, polled by the client. The first call checks the chunks and starts the merge
     * in the background; while it runs the answer is `merging` (message 'waitting'); then the file.
     */
    async merge(
      actor: Actor,
      input: { guid: string; fileName: string; chunks: number; size: number },
    ): Promise<MergeAnswer> {
      const upload = await owned(repo, actor, input.guid);
      if (upload.state === 'merging') {
        await merges.resume(input.guid);
        return MERGING;
      }
      if (upload.state !== 'uploading') {
        if (upload.state === 'done') await dropChunks(context, input.guid);
        return answerOf(upload);
      }
      const name = cleanFileName(input.fileName);
      const chunks = await repo.chunks(input.guid);
      const present = chunks.filter((chunk) => chunk.index < input.chunks);
      const missing = input.chunks - present.length;
      if (missing > 0) throw new AppError('UNPROCESSABLE', `还有${missing}个分片未上传，请重新上传`);
      try {
        checkAttachment(name, input.size);
        const received = present.reduce((sum, chunk) => sum + chunk.size, 0);
        if (received !== input.size) throw new AppError('UNPROCESSABLE', '文件大小与分片不一致');
      } catch (error) {
        // A refused file cannot be merged later either: its chunks go.
        await dropChunks(context, input.guid);
        await repo.remove(input.guid);
        throw error;
      }
      const claimed = await repo.claimMerge(input.guid, {
        fileName: name,
        totalChunks: input.chunks,
        size: input.size,
        fileId: newId(),
      });
      if (claimed) {
        merges.start(input.guid);
        return MERGING;
      }
      // Another call claimed it first.
      const now = await owned(repo, actor, input.guid);
      return now.state === 'merging' ? MERGING : answerOf(now);
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
