import { defineEndpoint, futureTaskEndpoints, ImportJobWireSchema } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../../db/client.ts';
import { type Actor, access } from '../access.ts';
import type { Router } from '../route.ts';
import { registerFutureTaskRoutes, registerImportJobRoutes } from './job-routes.ts';
import { createJobs, type Jobs } from './jobs.ts';

const E = futureTaskEndpoints('/api/herm-test', '测试');
const actorOf = (userId: string): Actor => ({
  userId,
  sessionId: 's',
  csrfSecret: 'c',
  roleIds: [],
  menuKeys: new Set(),
  actions: new Set(),
});
type Handler = (input: { actor: Actor; query?: unknown; body?: unknown }) => Promise<unknown>;

let database: Database;
let jobs: Jobs;
const handlers = new Map<string, Handler>();
let release: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  jobs = createJobs({ database });
  jobs.register('export', {
    payload: z.object({}),
    run: async () => {
      await gate;
      return { result: { rows: 3 }, file: { key: 'k', name: '导出.xlsx' } };
    },
  });
  jobs.register('other', { payload: z.object({}), run: async () => undefined });
  const router: Pick<Router, 'route'> = {
    route: (endpoint, _need, handler) => handlers.set(endpoint.path, handler as unknown as Handler),
  };
  registerFutureTaskRoutes(router, { endpoints: E, jobs, access: access.signedIn, kinds: ['export'] });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

const poll = (userId: string, taskId: string) =>
  handlers.get(E.result.path)!({ actor: actorOf(userId), query: { taskId } });
const done = (userId: string, taskId: string) =>
  handlers.get(E.done.path)!({ actor: actorOf(userId), body: { taskId } });

describe('future-task routes', () => {
  it('answers its starter the state, progress and result; refuses to acknowledge a running job', async () => {
    const job = await jobs.enqueue('export', { actorId: 'me', payload: {} });
    expect(await poll('me', job.id)).toMatchObject({
      taskId: job.id,
      progress: 0,
      result: null,
      fileName: null,
    });
    await expect(done('me', job.id)).rejects.toThrow('任务尚未结束');
    release();
    await jobs.wait(job.id, 5_000);
    expect(await poll('me', job.id)).toEqual({
      taskId: job.id,
      state: 'finished',
      progress: 100,
      message: '',
      result: { rows: 3 },
      fileName: '导出.xlsx',
    });
    expect(await done('me', job.id)).toBeNull();
    await expect(poll('me', job.id)).rejects.toThrow('任务不存在');
  });

  it("answers someone else's job, another domain's job and a missing one alike: not found", async () => {
    const job = await jobs.enqueue('export', { actorId: 'me', payload: {} });
    const other = await jobs.enqueue('other', { actorId: 'me', payload: {} });
    for (const attempt of [
      poll('you', job.id),
      poll('me', other.id),
      poll('me', 'missing'),
      done('you', job.id),
    ]) {
      await expect(attempt).rejects.toThrow('任务不存在');
    }
  });

  it('serves imports as jobs: each start route, and one poll pair for their kinds only', async () => {
    const I = futureTaskEndpoints('/api/herm-import', '测试');
    const start = (path: string) =>
      defineEndpoint({
        method: 'POST',
        path,
        summary: '导入',
        tag: '测试',
        multipart: true,
        data: ImportJobWireSchema,
      });
    const registered = new Map<string, unknown>();
    const router: Pick<Router, 'route'> = {
      route: (endpoint, need, handler) => registered.set(endpoint.path, { need, handler }),
    };
    const importer = (kind: string) => ({ kind, start: async () => ({ taskId: kind }) });
    registerImportJobRoutes(router, {
      futureTasks: I,
      jobs,
      access: access.signedIn,
      imports: [
        { start: start('/api/herm-import/a'), importer: importer('export') },
        { start: start('/api/herm-import/b'), importer: importer('other') },
      ],
    });
    expect([...registered.keys()]).toEqual([
      '/api/herm-import/a',
      '/api/herm-import/b',
      I.result.path,
      I.done.path,
    ]);
    expect(new Set([...registered.values()].map((route) => (route as { need: unknown }).need))).toEqual(
      new Set([access.signedIn]),
    );
  });
});
