import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MESSAGES,
  CHUNK_SIZE,
  MAX_UPLOAD_MB,
  MERGE_POLL_MS,
  MERGE_WAITING,
  NORMAL_UPLOAD_MB,
  PREVIEW_EXTENSIONS,
} from '@eduqa/contract';

/** The pure parts of the attachment upload (spec 2 §4 Upload, §5, §7.2, §9). */

export const MB = 1024 * 1024;
/** How often one chunk is tried before the upload fails (a dropped connection is retried). */
export const CHUNK_ATTEMPTS = 3;
export const CHUNK_RETRY_MS = 1000;
/** Consecutive failed merge polls (no answer) tolerated before the upload fails. */
export const MERGE_POLL_ATTEMPTS = 3;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isPreviewable(name: string): boolean {
  return (PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

export function isImage(name: string): boolean {
  return isPreviewable(name) && extensionOf(name) !== 'pdf';
}

/** The checks before an upload starts, in order: type, empty, size. A message, or null when fine. */
export function checkFile(file: { name: string; size: number }): string | null {
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return ATTACHMENT_MESSAGES.wrongType(ATTACHMENT_EXTENSIONS);
  }
  if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_MB * MB) return ATTACHMENT_MESSAGES.tooLarge(file.name, MAX_UPLOAD_MB);
  return null;
}

/** Files up to the normal-size threshold go up in one request; larger ones in chunks. */
export function isChunked(size: number): boolean {
  return size > NORMAL_UPLOAD_MB * MB;
}

export interface ChunkRange {
  index: number;
  start: number;
  end: number;
}

/** The chunks of a file: CHUNK_SIZE bytes each, the last one shorter. */
export function planChunks(size: number, chunkSize: number = CHUNK_SIZE): ChunkRange[] {
  const count = Math.max(1, Math.ceil(size / chunkSize));
  return Array.from({ length: count }, (_, index) => ({
    index,
    start: index * chunkSize,
    end: Math.min(size, (index + 1) * chunkSize),
  }));
}

/** The chunks still to send, given the indexes the server holds. */
export function missingChunks(plan: readonly ChunkRange[], received: readonly number[]): ChunkRange[] {
  const held = new Set(received);
  return plan.filter((chunk) => !held.has(chunk.index));
}

/** A new upload id, as the server's guid rule wants (8–64 of [A-Za-z0-9_-]). */
export function newGuid(random: () => number = Math.random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `u${Date.now().toString(36)}${hex}`;
}

/** Overall percent from the bytes done and the bytes in flight; 99 at most until the merge ends. */
export function overallPercent(doneBytes: number, inFlightBytes: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.floor(((doneBytes + inFlightBytes) * 100) / total));
}

export class UploadAborted extends Error {
  constructor() {
    super('上传已取消');
    this.name = 'UploadAborted';
  }
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAborted());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadAborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs the tasks, at most `threads` at a time. The first failure stops new tasks from starting and
 * is thrown once the running ones have ended.
 */
export async function runPool<T>(
  items: readonly T[],
  threads: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(threads, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** Tries `action` up to `attempts` times, waiting `waitMs × attempt` between tries. */
export async function withRetry<T>(
  action: () => Promise<T>,
  options: { attempts: number; waitMs: number; sleep: Sleep; signal?: AbortSignal | undefined },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (options.signal?.aborted) throw new UploadAborted();
      if (attempt >= options.attempts) throw error;
      await options.sleep(options.waitMs * attempt, options.signal);
    }
  }
}

export interface MergeAnswer<T> {
  message: string;
  data: T;
}

/**
 * The merge poll (spec 2 §7.2, §8): asks again every MERGE_POLL_MS while the answer's message is
 * 'waitting'; any other success answer is the result; a refusal rejects with its message. A poll
 * that gets no answer (dropped connection) is repeated a few times.
 */
export async function pollMerge<T>(
  merge: () => Promise<MergeAnswer<T>>,
  options: {
    sleep?: Sleep;
    intervalMs?: number;
    signal?: AbortSignal | undefined;
    isTransient?: (error: unknown) => boolean;
  } = {},
): Promise<T> {
  const wait = options.sleep ?? sleep;
  const interval = options.intervalMs ?? MERGE_POLL_MS;
  let failures = 0;
  for (;;) {
    if (options.signal?.aborted) throw new UploadAborted();
    let answer: MergeAnswer<T>;
    try {
      answer = await merge();
      failures = 0;
    } catch (error) {
      failures += 1;
      if (!options.isTransient?.(error) || failures >= MERGE_POLL_ATTEMPTS) throw error;
      await wait(interval, options.signal);
      continue;
    }
    if (answer.message !== MERGE_WAITING) return answer.data;
    await wait(interval, options.signal);
  }
}
