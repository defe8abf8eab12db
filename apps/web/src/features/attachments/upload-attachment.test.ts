import { CHUNK_SIZE, CHUNK_START_DELAY_MS, MERGE_POLL_MS, MERGE_WAITING } from '@eduqa/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { type UploadDeps, type UploadTransport, uploadAttachment } from './upload-attachment.ts';
import { MB } from './upload-plan.ts';

vi.mock('../../shared/api/client.ts', async () => {
  const errors = await import('../../shared/api/errors.ts');
  return { ApiError: errors.ApiError, call: vi.fn(), callWithMessage: vi.fn(), upload: vi.fn() };
});

const BIG = 10 * MB + 1;
const CHUNKS = Math.ceil(BIG / CHUNK_SIZE);

const refusal = (message: string) =>
  new ApiError({ kind: 'failed', message, code: 40000, statusCode: 400, httpStatus: 400 });
const dropped = () =>
  new ApiError({ kind: 'network', message: '网络异常', code: 0, statusCode: 0, httpStatus: 0 });

/** A server in memory: holds chunks, merges after `waits` polls, and records what happened. */
function fakeServer(
  options: { held?: number[]; waits?: number; failChunk?: (index: number, attempt: number) => boolean } = {},
) {
  const held = new Set(options.held ?? []);
  const attempts = new Map<number, number>();
  const sent: number[] = [];
  const sleeps: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let polls = 0;
  let firstChunkAfterSleeps: number[] | null = null;
  const transport: UploadTransport = {
    single: vi.fn(async (file: File) => ({
      fileId: 'single',
      fileName: file.name,
      fileType: 'pdf',
      size: file.size,
    })),
    async chunk(input, onProgress) {
      firstChunkAfterSleeps ??= [...sleeps];
      const attempt = (attempts.get(input.index) ?? 0) + 1;
      attempts.set(input.index, attempt);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 0));
      inFlight -= 1;
      if (options.failChunk?.(input.index, attempt)) throw dropped();
      expect(input.chunks).toBe(CHUNKS);
      expect(input.blob.size).toBe(input.index === CHUNKS - 1 ? BIG - CHUNK_SIZE * (CHUNKS - 1) : CHUNK_SIZE);
      onProgress(100);
      sent.push(input.index);
      held.add(input.index);
    },
    received: async () => ({ state: 'uploading', received: [...held] }),
    async merge(body) {
      expect(body.chunks).toBe(CHUNKS);
      expect(body.size).toBe(BIG);
      polls += 1;
      if (held.size < CHUNKS) throw refusal(`还有${CHUNKS - held.size}个分片未上传，请重新上传`);
      if (polls <= (options.waits ?? 0)) {
        return {
          message: MERGE_WAITING,
          data: { state: 'merging', fileId: null, fileName: null, size: null },
        };
      }
      return {
        message: '操作成功',
        data: { state: 'done', fileId: 'merged', fileName: body.fileName, size: body.size },
      };
    },
  };
  const deps: UploadDeps = {
    transport,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    newGuid: (() => {
      let n = 0;
      return () => {
        n += 1;
        return `guid-test-${n}`;
      };
    })(),
  };
  return {
    deps,
    sent,
    sleeps,
    attempts,
    get polls() {
      return polls;
    },
    get mostInFlight() {
      return mostInFlight;
    },
    get firstChunkAfterSleeps() {
      return firstChunkAfterSleeps;
    },
  };
}

const bigFile = (name = '大文件.zip') =>
  new File([new Uint8Array(BIG)], name, { lastModified: Math.random() * 1e12 });

describe('uploadAttachment', () => {
  it('sends a file up to the normal size in one request', async () => {
    const server = fakeServer();
    const progress: number[] = [];
    const file = new File([new Uint8Array(10 * MB)], '报告.pdf');
    const uploaded = await uploadAttachment(file, (p) => progress.push(p), undefined, server.deps);
    expect(uploaded.fileId).toBe('single');
    expect(server.sent).toEqual([]);
    expect(progress.at(-1)).toBe(100);
  });

  it("names the file when the single upload fails: '{file}' 上传失败!", async () => {
    const server = fakeServer();
    vi.mocked(server.deps.transport.single).mockRejectedValueOnce(refusal('x'));
    await expect(
      uploadAttachment(new File(['x'], 'a.txt'), () => {}, undefined, server.deps),
    ).rejects.toThrow("'a.txt' 上传失败!");
  });

  it('sends a larger file in chunks, 3 at a time after the start delay, then polls the merge', async () => {
    const server = fakeServer({ waits: 2 });
    const progress: number[] = [];
    const uploaded = await uploadAttachment(bigFile(), (p) => progress.push(p), undefined, server.deps);
    expect(uploaded).toEqual({ fileId: 'merged', fileName: '大文件.zip', fileType: 'zip', size: BIG });
    expect(server.sent.sort((a, b) => a - b)).toEqual(Array.from({ length: CHUNKS }, (_, i) => i));
    expect(server.mostInFlight).toBe(3);
    expect(server.firstChunkAfterSleeps).toEqual([CHUNK_START_DELAY_MS]);
    expect(server.polls).toBe(3);
    // Two waits between the three polls (the start delay is a second, too).
    expect(server.sleeps.filter((ms) => ms === MERGE_POLL_MS)).toHaveLength(
      2 + (CHUNK_START_DELAY_MS === MERGE_POLL_MS ? 1 : 0),
    );
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    expect(progress.slice(0, -1).every((p) => p <= 99)).toBe(true);
    expect(progress.at(-1)).toBe(100);
  });

  it('retries a chunk whose connection dropped', async () => {
    const server = fakeServer({ failChunk: (index, attempt) => index === 4 && attempt < 3 });
    await uploadAttachment(bigFile(), () => {}, undefined, server.deps);
    expect(server.attempts.get(4)).toBe(3);
  });

  it('sends only the chunks the server does not hold (resume)', async () => {
    const server = fakeServer({ held: [0, 1, 5] });
    await uploadAttachment(bigFile(), () => {}, undefined, server.deps);
    expect(server.sent).not.toContain(0);
    expect(server.sent).not.toContain(5);
    expect(server.sent).toHaveLength(CHUNKS - 3);
  });

  it('resumes with the same upload id when the same file is chosen again after a failure', async () => {
    let down = true;
    const server = fakeServer({ failChunk: (index) => down && index >= 10 });
    const file = bigFile();
    const guids: string[] = [];
    const chunk = server.deps.transport.chunk;
    server.deps.transport.chunk = (input, onProgress, signal) => {
      guids.push(input.guid);
      return chunk(input, onProgress, signal);
    };
    await expect(uploadAttachment(file, () => {}, undefined, server.deps)).rejects.toThrow(
      "上传'大文件.zip'失败!",
    );
    const sentBefore = server.sent.length;
    expect(sentBefore).toBeGreaterThanOrEqual(10);
    down = false;
    await uploadAttachment(file, () => {}, undefined, server.deps);
    expect(new Set(guids).size).toBe(1);
    // The second run sent only what was missing.
    expect(server.sent.length).toBe(CHUNKS);
  });

  it("rejects with the merge's own message when the server refuses it", async () => {
    const server = fakeServer();
    server.deps.transport.merge = async () => {
      throw refusal('只能上传gif、jpg的文件');
    };
    await expect(uploadAttachment(bigFile(), () => {}, undefined, server.deps)).rejects.toThrow(
      '只能上传gif、jpg的文件',
    );
  });
});
