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
 * one department of one target (an urge row and a message to each who answers for the department),
 * through the whole app in process on the demo school, with messages and with their writes turned off
 * (`noticeWriting`), alternating write by write. Who is told is looked up in
 * both (it is part of the urge's own answer), so the difference is the messages' rows.
 * `BENCH_PGLITE=1` runs on an in-memory PGlite instead of the machine's PostgreSQL.
 */
const N = Number(process.env.BENCH_N ?? 2_000);
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
  const urge = async (messages: boolean) => {
    noticeWriting.enabled = messages;
    serial += 1;
    const started = performance.now();
    await post('/api/herm-mbrwgl/yearTargetUrge', {
      yearTargetId: target.id,
      departmentId: DEPARTMENTS[serial % DEPARTMENTS.length],
      currentStatus: 2,
      content: `请尽快分解目标（${serial}）`,
    });
    return performance.now() - started;
  };

  log(`== messages on 督办, ${database.driver}: ${N} writes each way, interleaved one at a time`);
  for (let i = 0; i < 200; i++) await urge(i % 2 === 0);
  const times = { with: [] as number[], without: [] as number[] };
  // Interleaved write by write, so that the database's own rhythm (checkpoints, autovacuum, the tables
  // growing) weighs on both alike; throughput rounds varied by a quarter from one to the next.
  for (let i = 0; i < 2 * N; i++) {
    const messages = i % 2 === 0;
    (messages ? times.with : times.without).push(await urge(messages));
  }
  const [written] = await queryRows<{ n: string }>(
    database.db,
    sql`select count(*)::text as n from notices where kind = 'goal.urge'`,
  );
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const describe = (values: number[]) =>
    `mean ${mean(values).toFixed(2)} ms, median ${median(values).toFixed(2)} ms`;
  log(`without messages: ${describe(times.without)}`);
  log(`with messages:    ${describe(times.with)}`);
  log(`messages written: ${written?.n} (to each urged department's head and principal)`);
  const cost = (mean(times.with) - mean(times.without)) / mean(times.without);
  log(`cost: ${(cost * 100).toFixed(1)} % of a write's time (mean)`);
  await app.close();
  await database.close();
  await scratch?.drop();
}

await main();
