import os from 'node:os';
import path from 'node:path';
import { csrfParams } from '@eduqa/contract';
import { buildApp } from '../../../apps/server/src/app.ts';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import { createScratchDatabase } from '../harness.ts';

/**
 * What the audit trail costs a write-heavy load (issue 27: under 5 %): N state-changing requests (新增部门,
 * one insert each), CONCURRENCY in flight, through the whole app in process, once with recording and once
 * with the router's recorder call made a no-op; rounds alternate their order.
 * `BENCH_PG=1` runs on the machine's PostgreSQL instead of an in-memory PGlite.
 */
const N = Number(process.env.BENCH_N ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = 'Bench-audit-1';
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const scratch = process.env.BENCH_PG ? await createScratchDatabase('eduqa_bench_audit') : null;
  const database = await openDatabase({ url: scratch?.url });
  await database.migrate();
  await seedIfEmpty({ db: database.db, demo: false, adminPassword: PASSWORD });
  const storage = createLocalFileStorage(path.join(os.tmpdir(), `eduqa-bench-audit-${Date.now()}`));
  const { app, audit } = await buildApp({
    config: { sessionIdleMs: 3_600_000, sessionMaxMs: 86_400_000, webDist: '/nonexistent' },
    database,
    storage,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'admin', password: PASSWORD },
  });
  const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
  const { csrfSecret } = login.json().data as { csrfSecret: string };
  const record = audit.operation;
  let serial = 0;

  async function run(recording: boolean): Promise<number> {
    audit.operation = recording ? record : () => {};
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < N) {
        next += 1;
        serial += 1;
        const answer = await app.inject({
          method: 'POST',
          url: '/api/user/admin/departments',
          query: csrfParams(csrfSecret, Date.now()),
          headers: { cookie },
          payload: { departmentName: `压测部门${serial}` },
        });
        if (answer.statusCode !== 200) throw new Error(answer.body);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await audit.flush();
    return (N / (performance.now() - started)) * 1000;
  }

  log(`== audit recording on ${database.driver}: ${N} writes × ${ROUNDS} rounds, ${CONCURRENCY} in flight`);
  await run(true);
  const rates = { with: [] as number[], without: [] as number[] };
  // Alternating which goes first, so that the table growing through the run weighs on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const recording of round % 2 === 0 ? [false, true] : [true, false]) {
      (recording ? rates.with : rates.without).push(await run(recording));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const withRate = median(rates.with);
  const withoutRate = median(rates.without);
  log(
    `without recording: ${withoutRate.toFixed(0)} req/s (${rates.without.map((r) => r.toFixed(0)).join(', ')})`,
  );
  log(`with recording:    ${withRate.toFixed(0)} req/s (${rates.with.map((r) => r.toFixed(0)).join(', ')})`);
  log(`cost: ${(((withoutRate - withRate) / withoutRate) * 100).toFixed(1)} % of the request rate`);
  await app.close();
  await database.close();
  await scratch?.drop();
}

await main();
