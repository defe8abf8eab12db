import { CHUNK_SIZE, MERGE_POLL_MS, MERGE_WAITING, type QualityFileWire } from '@eduqa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupFiles } from './file-groups.ts';
import {
  checkFile,
  isChunked,
  isImage,
  isPreviewable,
  MB,
  missingChunks,
  newGuid,
  overallPercent,
  planChunks,
  pollMerge,
  runPool,
  UploadAborted,
  withRetry,
} from './upload-plan.ts';

describe('checkFile', () => {
  it('refuses a type outside the list with the spec message', () => {
    expect(checkFile({ name: 'a.exe', size: 10 })).toBe(
      '只能上传gif、jpg、png、txt、doc、docx、wps、ppt、pptx、xls、xlsx、pdf、rar、zip的文件',
    );
    expect(checkFile({ name: 'noextension', size: 10 })).not.toBeNull();
  });
  it('accepts listed types whatever their case', () => {
    expect(checkFile({ name: '报告.PDF', size: 10 })).toBeNull();
    expect(checkFile({ name: 'a.b.docx', size: 10 })).toBeNull();
  });
  it('checks type, then empty, then size', () => {
    expect(checkFile({ name: 'a.exe', size: 0 })).toMatch(/^只能上传/);
    expect(checkFile({ name: 'a.txt', size: 0 })).toBe('文件为空');
    expect(checkFile({ name: '大.zip', size: 50 * MB })).toBeNull();
    expect(checkFile({ name: '大.zip', size: 50 * MB + 1 })).toBe("'大.zip'文件大小超过50MB");
  });
});

describe('chunk planning', () => {
  it('sends files up to the normal size whole', () => {
    expect(isChunked(10 * MB)).toBe(false);
    expect(isChunked(10 * MB + 1)).toBe(true);
  });
  it('cuts 614400-byte chunks, the last one shorter', () => {
    const plan = planChunks(CHUNK_SIZE * 2 + 5);
    expect(plan).toEqual([
      { index: 0, start: 0, end: CHUNK_SIZE },
      { index: 1, start: CHUNK_SIZE, end: CHUNK_SIZE * 2 },
      { index: 2, start: CHUNK_SIZE * 2, end: CHUNK_SIZE * 2 + 5 },
    ]);
    expect(planChunks(CHUNK_SIZE)).toHaveLength(1);
    expect(planChunks(10 * MB + 1)).toHaveLength(Math.ceil((10 * MB + 1) / 614_400));
  });
  it('leaves out the chunks the server holds', () => {
    const plan = planChunks(10, 3);
    expect(missingChunks(plan, [0, 2]).map((c) => c.index)).toEqual([1, 3]);
    expect(missingChunks(plan, [0, 1, 2, 3])).toEqual([]);
  });
  it('makes guids the server accepts', () => {
    const guid = newGuid();
    expect(guid).toMatch(/^[\w-]{8,64}$/);
    expect(newGuid()).not.toBe(guid);
  });
  it('reports progress below 100 until the merge ends', () => {
    expect(overallPercent(0, 0, 100)).toBe(0);
    expect(overallPercent(50, 25, 100)).toBe(75);
    expect(overallPercent(100, 0, 100)).toBe(99);
    expect(overallPercent(0, 0, 0)).toBe(0);
  });
});

describe('preview and groups', () => {
  it('previews images and PDF only', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.pdf'].every(isPreviewable)).toBe(true);
    expect(isPreviewable('a.docx')).toBe(false);
    expect(isImage('a.pdf')).toBe(false);
    expect(isImage('a.png')).toBe(true);
  });
  it('puts unfinish and disqualified together under 总结改进', () => {
    const file = (fileId: string, stage: QualityFileWire['stage']): QualityFileWire => ({
      fileId,
      fileName: `${fileId}.pdf`,
      fileType: 'pdf',
      stage,
      size: 1,
      url: '',
    });
    const groups = groupFiles([file('a', 'disqualified'), file('b', 'standard'), file('c', 'unfinish')]);
    expect(groups.map((g) => [g.title, g.files.map((f) => f.fileId)])).toEqual([
      ['目标标准', ['b']],
      ['监测预警', []],
      ['自我诊断', []],
      ['总结改进', ['a', 'c']],
    ]);
  });
});

describe('runPool', () => {
  it('runs at most `threads` tasks at a time and all of them', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      done.push(n);
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('starts nothing new after a failure and throws it', async () => {
    const started: number[] = [];
    await expect(
      runPool([1, 2, 3, 4, 5], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});

describe('withRetry', () => {
  it('tries again with growing waits, then gives up', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 3) throw new Error('dropped');
      return 'ok';
    };
    await expect(withRetry(flaky, { attempts: 3, waitMs: 1000, sleep })).resolves.toBe('ok');
    expect(waits).toEqual([1000, 2000]);
    await expect(
      withRetry(
        async () => {
          throw new Error('down');
        },
        { attempts: 2, waitMs: 10, sleep },
      ),
    ).rejects.toThrow('down');
  });
});

describe('pollMerge (fake clock)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks again every second while the answer is 'waitting'", async () => {
    vi.useFakeTimers();
    const answers = [
      { message: MERGE_WAITING, data: 'merging' },
      { message: MERGE_WAITING, data: 'merging' },
      { message: '操作成功', data: 'done' },
    ];
    const calls: number[] = [];
    const start = Date.now();
    const merge = vi.fn(async () => {
      calls.push(Date.now() - start);
      return answers.shift()!;
    });
    const result = pollMerge(merge);
    await vi.advanceTimersByTimeAsync(0);
    expect(merge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MERGE_POLL_MS - 1);
    expect(merge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(merge).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(MERGE_POLL_MS);
    await expect(result).resolves.toBe('done');
    expect(calls).toEqual([0, 1000, 2000]);
  });

  it('rejects with the server message when the merge is refused', async () => {
    vi.useFakeTimers();
    const merge = vi
      .fn()
      .mockResolvedValueOnce({ message: MERGE_WAITING, data: null })
      .mockRejectedValueOnce(new Error('只能上传gif的文件'));
    const result = pollMerge(merge);
    const assertion = expect(result).rejects.toThrow('只能上传gif的文件');
    await vi.advanceTimersByTimeAsync(MERGE_POLL_MS);
    await assertion;
  });

  it('repeats a poll that got no answer, a few times', async () => {
    vi.useFakeTimers();
    const merge = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ message: '操作成功', data: 'done' });
    const result = pollMerge(merge, { isTransient: () => true });
    await vi.advanceTimersByTimeAsync(MERGE_POLL_MS);
    await expect(result).resolves.toBe('done');
  });

  it('stops when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const merge = vi.fn(async () => ({ message: MERGE_WAITING, data: null }));
    const result = pollMerge(merge, { signal: controller.signal });
    const assertion = expect(result).rejects.toBeInstanceOf(UploadAborted);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await assertion;
    expect(merge).toHaveBeenCalledTimes(1);
  });
});
