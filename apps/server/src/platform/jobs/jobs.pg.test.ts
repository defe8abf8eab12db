import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../../../test/app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { KILL_TEST_OPTIONS } from './fixtures/kill-test-options.ts';
import { createJobs, type Jobs } from './jobs.ts';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  process.stdout.write(
    'jobs.pg.test.ts: TEST_DATABASE_URL is not set, the PostgreSQL job tests are skipped\n',
  );
}

describe.skipIf(!url)('jobs on PostgreSQL (pg-boss)', () => {
  let first: Database;
  let drop: () => Promise<void>;
  let databaseUrl: string;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    first = fresh.database;
    drop = fresh.drop;
    await first.migrate();
    const [row] = (await first.pool!.query<{ db: string }>('select current_database() as db')).rows;
    const target = new URL(url!);
    target.pathname = `/${row!.db}`;
    databaseUrl = target.toString();
  });
  afterAll(async () => {
    await first.close();
    await drop();
  });

  it('runs each of 20 jobs exactly once across two instances on one database', async () => {
    const second = await openDatabase({ url: databaseUrl });
    const runs = new Map<string, number>();
    const byInstance = [0, 0];
    const instance = (database: Database, index: number): Jobs => {
      const jobs = createJobs({ database, options: { pollSeconds: 0.5, concurrency: 2 } });
      jobs.register('count', {
        payload: z.object({ n: z.number() }),
        async run({ jobId, payload, report }) {
          runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
          byInstance[index]! += 1;
          await report(50);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { result: { doubled: payload.n * 2 } };
        },
      });
      return jobs;
    };
    const a = instance(first, 0);
    const b = instance(second, 1);
    await Promise.all([a.start(), b.start()]);
    const started = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        (n % 2 === 0 ? a : b).enqueue('count', { actorId: 'u', payload: { n } }),
      ),
    );
    const ended = await Promise.all(started.map((job) => a.wait(job.id, 30_000)));
    await Promise.all([a.stop(), b.stop()]);
    await second.close();
    expect(ended.map((job) => job?.state)).toEqual(Array(20).fill('finished'));
    expect(ended.map((job) => job?.result)).toEqual(started.map((_, n) => ({ doubled: n * 2 })));
    expect(started.map((job) => runs.get(job.id))).toEqual(Array(20).fill(1));
    expect(byInstance[0]! + byInstance[1]!).toBe(20);
  });

  it('starts a job on the instance that queued it without waiting for the next poll', async () => {
    // A poll far longer than the test's bound: only the wake-up on sending can start the job in time.
    const jobs = createJobs({ database: first, options: { pollSeconds: 60, concurrency: 2 } });
    const startedAt: number[] = [];
    jobs.register('prompt', {
      payload: z.object({}),
      async run() {
        startedAt.push(Date.now());
        return { result: {} };
      },
    });
    await jobs.start();
    // Idle for a moment: each worker has polled once and sleeps.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let n = 0; n < 3; n += 1) {
      const askedAt = Date.now();
      const job = await jobs.enqueue('prompt', { actorId: 'u', payload: {} });
      expect((await jobs.wait(job.id, 20_000))?.state).toBe('finished');
      expect(startedAt[n]! - askedAt).toBeLessThan(10_000);
    }
    await jobs.stop();
  });

  it('finishes (or fails in Chinese) a job whose instance was killed mid-run, never leaving it running', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/child-runner.ts')],
      { env: { ...process.env, JOBS_TEST_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const jobId = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        if (line.startsWith('running ')) resolve(line.slice('running '.length));
      });
      child.on('exit', (code) => reject(new Error(`child runner exited early (${code})`)));
    });
    child.kill('SIGKILL');
    const killedAt = Date.now();

    const survivor = createJobs({ database: first, options: KILL_TEST_OPTIONS });
    let retried = 0;
    survivor.register('slow', {
      payload: z.object({}),
      async run() {
        retried += 1;
        return { result: { retried: true } };
      },
    });
    await survivor.start();
    const ended = await survivor.wait(jobId, 30_000);
    const seconds = (Date.now() - killedAt) / 1000;
    await survivor.stop();
    process.stdout.write(`killed runner's job ended ${ended?.state} after ${seconds.toFixed(1)} s\n`);
    expect(ended?.state === 'finished' || ended?.state === 'failed').toBe(true);
    if (ended?.state === 'finished') {
      expect(retried).toBe(1);
      expect(ended.attempts).toBe(2);
    } else {
      expect(ended?.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(seconds).toBeLessThan(30);
  }, 60_000);
});
