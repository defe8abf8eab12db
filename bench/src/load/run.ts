/**
 * `npm run bench:load`: the deadline week as mixed load (issue 30). On a fresh database with the demo
 * school — a scratch PostgreSQL database, or with BENCH_ENGINE=pglite the compiled app on its embedded
 * database as `npm start` runs it — `BENCH_USERS` virtual users (default 500), each signed in with its own
 * session, open the pages of their kind and now and then write, for `BENCH_SECONDS` (default 60), while
 * a ping floor runs beside them. Reports latency per call kind, throughput, the floor, the server's peak
 * memory and the errors, then checks in the database that every write answered 2xx is there.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEMO_DEPARTMENTS } from '../../../apps/server/src/seed/demo.ts';
import { loadAverage } from '../harness.ts';
import { sampleMemory, startServer } from './app.ts';
import { census } from './census.ts';
import { ACCOUNTS, ENGINE, log, type Persona, PING_RATE, SECONDS, USERS, virtualUsers } from './config.ts';
import { countWritten, databaseNow, executingNodes, prepareStore, type Store } from './database.ts';
import { printReport } from './report.ts';
import { type Api, discover, type Objects, openCollection, signInAll } from './setup.ts';
import { createTransport, Recorder, type Session } from './transport.ts';
import { type Context, pingFloor, runUser, type Shared } from './users.ts';

/** BENCH_CENSUS=1: count each page's statements (census.ts) instead of the timed phase. */
const CENSUS = process.env.BENCH_CENSUS === '1';

type Filler = { id: string; account: string; departmentId: string };

/** With the server stopped: the goal nodes of the progress cycle, the fillers, and the moment before. */
async function readBefore(store: Store) {
  const sql = await store.open();
  try {
    const nodes = await executingNodes(sql);
    const fillers = await sql.query<Filler>(
      `select id, account, department_id as "departmentId" from users
        where account = any($1::text[]) order by account`,
      [ACCOUNTS.teacher],
    );
    return { nodes, fillers, since: await databaseNow(sql) };
  } finally {
    await sql.close();
  }
}

/** Sessions of the accounts for the preparation, the collection task, each account's objects, then the users'. */
async function prepareUsers(api: Api, fillers: Filler[]) {
  const users = virtualUsers(USERS);
  const personaOf = new Map<string, Persona>(users.map((u) => [u.account, u.persona]));
  const heads = DEMO_DEPARTMENTS.filter((d) => fillers.some((f) => f.departmentId === d.id)).map(
    (d) => d.head,
  );
  const accounts = [...new Set(['hejun', ...heads, ...fillers.map((f) => f.account), ...personaOf.keys()])];
  const own = await signInAll(api, accounts);
  const byAccount = new Map(own.sessions.map((s) => [s.account, s]));
  const sessionOf = (account: string) => byAccount.get(account) as Session;
  const collection = await openCollection(api, sessionOf, fillers);
  const objects = new Map<string, Objects>();
  for (const [account, persona] of personaOf) {
    const fillTask = collection.fillTasks.get(account) ?? null;
    objects.set(account, await discover(api, sessionOf(account), persona, fillTask));
  }
  const trialPoints = [...objects.values()].reduce((sum, o) => sum + o.writablePoints.length, 0);
  log(
    `  ${accounts.length} accounts prepared; ${collection.fillTasks.size} fill tasks; ${trialPoints} writable points`,
  );
  log(`signing in ${USERS} virtual users, each with its own session…`);
  const signIns = await signInAll(
    api,
    users.map((u) => u.account),
  );
  log(
    `  ${signIns.sessions.length + own.sessions.length} sign-ins in ${(signIns.seconds + own.seconds).toFixed(1)} s, ` +
      `${signIns.retries + own.retries} refused and retried (not in the figures)`,
  );
  return { users, sessions: signIns.sessions, objects, formId: collection.formId };
}

async function timedPhase(
  api: Api,
  pid: number,
  prepared: Awaited<ReturnType<typeof prepareUsers>>,
  shared: Shared,
) {
  const recorder = new Recorder();
  const memory = sampleMemory(pid);
  // The runner's own event loop: when it lags, every latency it measures is that much too long.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  log(`\n${USERS} users for ${SECONDS} s, ping floor ${PING_RATE}/s; load average ${loadAverage()}`);
  recorder.recording = true;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all([
    pingFloor(api, recorder, PING_RATE, until),
    ...prepared.users.map((user, i) =>
      runUser(
        {
          api,
          recorder,
          shared,
          user,
          session: prepared.sessions[i] as Session,
          objects: prepared.objects.get(user.account) as Objects,
        },
        until,
      ),
    ),
  ]);
  recorder.recording = false;
  const rss = memory.stop();
  lag.disable();
  log(`load average after: ${loadAverage()}`);
  const figures = printReport(recorder, SECONDS);
  log(
    `server memory: ${rss.before.toFixed(0)} MB before, peak RSS sampled ${rss.peakRss.toFixed(0)} MB, ` +
      `VmHWM ${rss.hwm.toFixed(0)} MB`,
  );
  const ms = (ns: number) => (ns / 1e6).toFixed(0);
  log(
    `runner's event-loop delay: p50 ${ms(lag.percentile(50))} ms, p99 ${ms(lag.percentile(99))} ms, max ${ms(lag.max)} ms`,
  );
  return figures;
}

/** The first virtual user of each kind, as the census's. */
function censusContexts(api: Api, prepared: Awaited<ReturnType<typeof prepareUsers>>, shared: Shared) {
  const contexts = new Map<Persona, Context>();
  prepared.users.forEach((user, i) => {
    if (contexts.has(user.persona)) return;
    contexts.set(user.persona, {
      api,
      recorder: new Recorder(),
      shared,
      user,
      session: prepared.sessions[i] as Session,
      objects: prepared.objects.get(user.account) as Objects,
    });
  });
  return contexts;
}

async function main() {
  log(`== bench:load — the deadline week, ${USERS} users × ${SECONDS} s on ${ENGINE}`);
  const store = await prepareStore(ENGINE);
  try {
    log(`   ${ENGINE === 'postgres' ? 'database' : 'data directory'} ${store.name}`);
    const before = await readBefore(store);
    const shared: Shared = {
      nodes: before.nodes,
      busyNodes: new Set(),
      editing: new Set(),
      writes: { pointResult: 0, fillDraft: 0, progressReport: 0, progressAudit: 0 },
      writtenPoints: new Set(),
    };
    const server = await startServer(store);
    const transport = createTransport(USERS + 50);
    let figures: ReturnType<typeof printReport>;
    let formId = '';
    try {
      const api: Api = { transport, baseUrl: server.baseUrl };
      const prepared = await prepareUsers(api, before.fillers);
      formId = prepared.formId;
      if (CENSUS) {
        await census(store, censusContexts(api, prepared, shared));
        return;
      }
      figures = await timedPhase(api, server.pid, prepared, shared);
    } finally {
      transport.close();
      await server.stop();
    }
    await checkWrites(store, before.since, formId, shared, figures.overall.errors + figures.ping.errors);
  } finally {
    await store.drop();
  }
}

/** The database's word on the writes answered 2xx, read with the server stopped. */
async function checkWrites(store: Store, since: string, formId: string, shared: Shared, errors: number) {
  const sql = await store.open();
  const written = await countWritten(sql, since, { formId, pointIds: [...shared.writtenPoints] }).finally(
    () => sql.close(),
  );
  const w = shared.writes;
  log(`\nwrites answered 2xx: ${JSON.stringify(w)}`);
  const checks: Array<[string, boolean]> = [
    [`no errors (${errors})`, errors === 0],
    [
      `progress reports in the database: ${written.reports} of ${w.progressReport}`,
      written.reports === w.progressReport,
    ],
    [
      `progress audits in the database: ${written.audits} of ${w.progressAudit}`,
      written.audits === w.progressAudit,
    ],
    [
      `draft saves (sum of record revisions): ${written.draftRevisions} of ${w.fillDraft}`,
      written.draftRevisions === w.fillDraft,
    ],
    [
      `points with a saved result updated: ${written.pointsUpdated} of ${shared.writtenPoints.size}`,
      written.pointsUpdated === shared.writtenPoints.size,
    ],
    [`some of every kind of write`, Object.values(w).every((n) => n > 0)],
  ];
  for (const [label, ok] of checks) log(`  ${ok ? 'ok  ' : 'FAIL'} ${label}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
