import os from 'node:os';
import path from 'node:path';
import { csrfParams } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../apps/server/src/app.ts';
import { openDatabase, queryRows } from '../../../apps/server/src/db/client.ts';
import { noticeWriting } from '../../../apps/server/src/modules/notices/notices.writer.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';
import { DEMO_PASSWORD } from '../../../apps/server/src/seed/demo.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import { createScratchDatabase } from '../harness.ts';

/**
 * What messages cost a goals write (issue 29: under 5 %): N 督办 by the demo's year-target publisher, each of
 * one department on a target of its own (an urge row and a message to each who answers for the department),
 * CONCURRENCY in flight, through the whole app in process on the demo school, once with messages and once
 * with their writes turned off (`noticeWriting`); rounds alternate their order. Who is told is looked up in
 * both (it is part of the urge's own answer), so the difference is the messages' rows.
 * `BENCH_PGLITE=1` runs on an in-memory PGlite instead of the machine's PostgreSQL.
 */
const N = Number(process.env.BENCH_N ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PUBLISHER = 'zhaoming';
const DEPARTMENTS = ['d01', 'd02', 'd03', 'd04', 'd05', 'd06', 'd07', 'd08', 'd09', 'd10', 'd11', 'd12'];
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const scratch = process.env.BENCH_PGLITE ? null : await createScratchDatabase('eduqa_bench_notices');
  const database = await openDatabase({ url: scratch?.url });
  await database.migrate();
  await seedIfEmpty({ db: database.db, demo: true });
  const storage = createLocalFileStorage(path.join(os.tmpdir(), `eduqa-bench-notices-${Date.now()}`));
  const { app } = await buildApp({
    config: { sessionIdleMs: 3_600_000, sessionMaxMs: 86_400_000, webDist: '/nonexistent' },
    database,
    storage,
    notices: { delivery: false, reminders: false },
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: PUBLISHER, password: DEMO_PASSWORD },
  });
  const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
  const { csrfSecret } = login.json().data as { csrfSecret: string };
  const post = async (url: string, payload: unknown) => {
    const answer = await app.inject({
      method: 'POST',
      url,
      query: csrfParams(csrfSecret, Date.now()),
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.body}`);
    return answer.json().data as { id: string };
  };
  const target = await post('/api/herm-mbrwgl/yearTarget', { name: '消息成本基准目标', cycleYear: 2026 });
  let serial = 0;

  async function run(messages: boolean): Promise<number> {
    noticeWriting.enabled = messages;
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < N) {
        next += 1;
        serial += 1;
        await post('/api/herm-mbrwgl/yearTargetUrge', {
          yearTargetId: target.id,
          departmentId: DEPARTMENTS[serial % DEPARTMENTS.length],
          currentStatus: 2,
          content: `请尽快分解目标（${serial}）`,
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return (N / (performance.now() - started)) * 1000;
  }

  log(`== messages on 督办, ${database.driver}: ${N} writes × ${ROUNDS} rounds, ${CONCURRENCY} in flight`);
  await run(true);
  const rates = { with: [] as number[], without: [] as number[] };
  // Alternating which goes first, so that the tables growing through the run weigh on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const messages of round % 2 === 0 ? [false, true] : [true, false]) {
      (messages ? rates.with : rates.without).push(await run(messages));
    }
  }
  const [written] = await queryRows<{ n: string }>(
    database.db,
    sql`select count(*)::text as n from notices where kind = 'goal.urge'`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const withRate = median(rates.with);
  const withoutRate = median(rates.without);
  log(
    `without messages: ${withoutRate.toFixed(0)} req/s (${rates.without.map((r) => r.toFixed(0)).join(', ')})`,
  );
  log(`with messages:    ${withRate.toFixed(0)} req/s (${rates.with.map((r) => r.toFixed(0)).join(', ')})`);
  log(`messages written: ${written?.n}`);
  log(`cost: ${(((withoutRate - withRate) / withoutRate) * 100).toFixed(1)} % of the request rate`);
  await app.close();
  await database.close();
  await scratch?.drop();
}

await main();
