import { z } from 'zod';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createJobs, DEFAULT_JOBS_OPTIONS } from '../../../apps/server/src/platform/jobs/jobs.ts';
import { createScratchDatabase } from '../harness.ts';

/**
 * How soon a job starts once asked on an idle system (issue 30: within 100 ms): the jobs platform with the
 * app's own options, one kind whose handler notes when it began, `BENCH_JOBS` jobs asked one at a time
 * with `BENCH_IDLE_MS` of quiet before each (the workers asleep between polls), on the machine's
 * PostgreSQL (pg-boss) and on an in-memory PGlite (the in-process queue).
 */
const JOBS = Number(process.env.BENCH_JOBS ?? 20);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 1_500);
const log = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(engine: 'postgres' | 'pglite') {
  const scratch = engine === 'postgres' ? await createScratchDatabase('eduqa_bench_jobs') : null;
  const database = await openDatabase({ url: scratch?.url });
  try {
    await database.migrate();
    const jobs = createJobs({ database, options: DEFAULT_JOBS_OPTIONS });
    let began = 0;
    jobs.register('bench-start', {
      payload: z.object({}),
      async run() {
        began = performance.now();
        return { result: {} };
      },
    });
    await jobs.start();
    const waits: number[] = [];
    for (let n = 0; n < JOBS; n += 1) {
      await pause(IDLE_MS);
      const asked = performance.now();
      const job = await jobs.enqueue('bench-start', { actorId: 'bench', payload: {} });
      const ended = await jobs.wait(job.id, 30_000);
      if (ended?.state !== 'finished') throw new Error(`job ${job.id} ended ${ended?.state}`);
      waits.push(began - asked);
    }
    await jobs.stop();
    waits.sort((a, b) => a - b);
    const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]!.toFixed(0);
    log(`${engine.padEnd(8)} asked → running: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

log(`== jobs start: ${JOBS} jobs, each after ${IDLE_MS} ms idle, poll ${DEFAULT_JOBS_OPTIONS.pollSeconds} s`);
await measure('postgres');
await measure('pglite');
