import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { createJobs, JOB_MESSAGES, type Jobs } from './jobs.ts';

const FAST = { heartbeatMs: 50, sweepMs: 100, graceMs: 200 };
const ACTOR = 'user-1';
const CHINESE = /[\u4e00-\u9fa5]/;

let database: Database;
let jobs: Jobs;
let release: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  jobs = createJobs({ database, options: FAST });
  jobs.register('sum', {
    payload: z.object({ numbers: z.array(z.number()) }),
    async run({ payload, report }) {
      await report(50, '已读取一半');
      await gate;
      return {
        result: { total: payload.numbers.reduce((a, b) => a + b, 0) },
        file: { key: 'f1', name: '结果.xlsx' },
      };
    },
  });
  jobs.register('refused', {
    payload: z.object({}),
    async run() {
      throw new AppError('UNPROCESSABLE', '第 3 行：日期格式不正确');
    },
  });
  jobs.register('broken', {
    payload: z.object({}),
    failedMessage: '导入失败，请重试',
    async run() {
      throw new Error('disk on fire');
    },
  });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

describe('in-process jobs (PGlite)', () => {
  it('reports progress while running, then the result and file', async () => {
    const started = await jobs.enqueue('sum', { actorId: ACTOR, payload: { numbers: [1, 2, 3] } });
    expect(started).toMatchObject({ state: 'waiting', progress: 0, actorId: ACTOR });
    let seen = await jobs.get(started.id);
    for (let i = 0; i < 100 && seen?.progress !== 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await jobs.get(started.id);
    }
    expect(seen).toMatchObject({ state: 'running', progress: 50, message: '已读取一半' });
    release();
    const done = await jobs.wait(started.id, 5_000);
    expect(done).toMatchObject({
      state: 'finished',
      progress: 100,
      result: { total: 6 },
      fileKey: 'f1',
      fileName: '结果.xlsx',
      attempts: 1,
    });
  });

  it('fails with the handler’s Chinese message, or the kind’s own for an unexpected error', async () => {
    const refused = await jobs.enqueue('refused', { actorId: ACTOR, payload: {} });
    expect(await jobs.wait(refused.id, 5_000)).toMatchObject({
      state: 'failed',
      message: '第 3 行：日期格式不正确',
    });
    const broken = await jobs.enqueue('broken', { actorId: ACTOR, payload: {} });
    expect(await jobs.wait(broken.id, 5_000)).toMatchObject({ state: 'failed', message: '导入失败，请重试' });
  });

  it('answers the running job of a subject instead of starting a second one', async () => {
    const hold = createJobs({ database, options: FAST });
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const kind = hold.register('hold', {
      payload: z.object({}),
      run: async () => {
        await held;
        return undefined;
      },
    });
    await hold.start();
    const first = await kind.enqueue({ actorId: ACTOR, payload: {}, subjectKey: 'report-1' });
    const second = await kind.enqueue({ actorId: ACTOR, payload: {}, subjectKey: 'report-1' });
    expect(second.id).toBe(first.id);
    finish();
    expect(await hold.wait(first.id, 5_000)).toMatchObject({ state: 'finished' });
    expect((await kind.latest(['report-1'])).get('report-1')?.id).toBe(first.id);
    const third = await kind.enqueue({ actorId: ACTOR, payload: {}, subjectKey: 'report-1' });
    expect(third.id).not.toBe(first.id);
    await hold.wait(third.id, 5_000);
    expect(await hold.remove(third.id, 'someone-else')).toBe(false);
    expect(await hold.remove(third.id, ACTOR)).toBe(true);
    expect(await hold.get(third.id)).toBeNull();
    await hold.stop();
  });

  it('marks a job left running by a previous process as failed when the next one starts', async () => {
    const previous = createJobs({ database, options: FAST });
    const kind = previous.register('stuck', {
      payload: z.object({}),
      run: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await previous.start();
    const job = await kind.enqueue({ actorId: ACTOR, payload: {} });
    for (let i = 0; i < 100 && (await previous.get(job.id))?.state !== 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The process "dies": its handler is never heard from again, and a new process starts on the data.
    const next = createJobs({ database, options: FAST });
    next.register('stuck', { payload: z.object({}), run: async () => undefined });
    await next.start();
    const after = await next.get(job.id);
    expect(after).toMatchObject({ state: 'failed', message: JOB_MESSAGES.interrupted });
    expect(after?.message).toMatch(CHINESE);
    await next.stop();
    await previous.stop();
    expect(await next.get(job.id)).toMatchObject({ state: 'failed' });
  });

  it('answers a running job whose heartbeat stopped as failed with the kind’s message', async () => {
    const quiet = createJobs({ database, options: { ...FAST, staleMs: 200, heartbeatMs: 60_000 } });
    const kind = quiet.register('quiet', {
      payload: z.object({}),
      interruptedMessage: '报告生成已中断，请重新生成',
      run: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await quiet.start();
    const job = await kind.enqueue({ actorId: ACTOR, payload: {} });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await quiet.get(job.id)).toMatchObject({ state: 'failed', message: '报告生成已中断，请重新生成' });
    await quiet.stop();
  });
});
