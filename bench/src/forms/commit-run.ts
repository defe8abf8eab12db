/**
 * 500 fillers committing at once (issue 13), on a fresh PostgreSQL database through the real server: a
 * published form with a `unique` 工号, one collection task sent to the demo school's twelve departments,
 * 500 filler accounts allocated by their heads, each signed in with its own session and holding a saved
 * draft; then every commit fired at the same moment. Of `BENCH_PAIRS` deliberate pairs that share a
 * 工号, exactly one of each must win and the other get a Chinese 4xx (counted apart, not as errors).
 * Floors of the same run: 500 concurrent `GET /api/ping` and 500 concurrent bare lock-and-update commits
 * (`src/forms/server.ts`). Afterwards SQL checks that every fill task moved exactly once, and only the
 * answered ones. `BENCH_FILLERS` (default 500) and `BENCH_PAIRS` (default 10) change the sizes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { collectEndpoints as C, formsEndpoints as F, FormCreateBodySchema } from '@eduqa/contract';
import pg from 'pg';
import { DEMO_DEPARTMENTS } from '../../../apps/server/src/seed/demo.ts';
import { openSession } from '../computed/api.ts';
import { loadAverage, startBenchServer } from '../harness.ts';
import { log, openWindow, quantile, withDemoDatabase } from './database.ts';
import { type Answer, mapLimit, type RawSession, signInRaw, timedRequest } from './http.ts';

const FILLERS = Number(process.env.BENCH_FILLERS ?? 500);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 10);
const SIGN_IN_CONCURRENCY = 4;
const MANAGER = 'hejun';
const HAN = /\p{Script=Han}/u;

const FORM = FormCreateBodySchema.parse({
  name: '教师基本信息（并发提交基准）',
  remark: '每位教师一份',
  syncType: 'syn',
  definition: {
    formType: 'floating',
    layout: 'normal',
    fields: [
      {
        key: 'gh',
        label: '工号',
        component: 'text',
        validations: [
          { type: 'require' },
          { type: 'unique' },
          { type: 'custom', pattern: '^T\\d{5}$', message: '工号为 T 加 5 位数字' },
        ],
      },
      { key: 'xm', label: '姓名', component: 'text', validations: [{ type: 'require' }] },
      { key: 'yx', label: '邮箱', component: 'email' },
      { key: 'dh', label: '联系电话', component: 'phone' },
      { key: 'rzrq', label: '入职日期', component: 'date' },
      { key: 'ks', label: '年授课学时', component: 'integer' },
      { key: 'jj', label: '个人简介', component: 'editor', span: 24 },
    ],
  },
});

interface Filler {
  index: number;
  userId: string;
  account: string;
  fillTaskId: string;
  /** The pair it belongs to (sharing a 工号 with its partner), or null. */
  pair: number | null;
  session?: RawSession;
}

/** A filler's draft: pairs share the 工号 of their pair, everyone else has their own. */
const draftOf = (f: Filler) => {
  const code = f.pair === null ? 20000 + f.index : 10000 + f.pair;
  return {
    gh: `T${code}`,
    xm: `填报员${f.index}`,
    yx: `bench${f.index}@demo-college.edu.cn`,
    dh: `139${String(f.index).padStart(8, '0')}`,
    rzrq: '2015-09-01',
    ks: String(200 + (f.index % 300)),
    jj: '主讲机械制图与数控编程，指导学生技能竞赛。',
  };
};

interface Burst {
  name: string;
  answers: Answer[];
  wallMs: number;
  /** The server process's CPU time (user and system, all its threads) over the burst. */
  serverCpuMs: number;
}

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks a second. */
const CLOCK_TICKS = 100;

/**
 * CPU time of a process so far (utime + stime of /proc/<pid>/stat, in ms); 0 where /proc cannot tell. Steadier
 * than throughput on a shared host: it counts the server's own work per request, not the waits.
 */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Fires every request at the same moment and waits for all of them. */
async function burst(name: string, pid: number, requests: Array<() => Promise<Answer>>): Promise<Burst> {
  const cpuBefore = cpuMsOf(pid);
  const start = performance.now();
  const answers = await Promise.all(requests.map((send) => send()));
  return { name, answers, wallMs: performance.now() - start, serverCpuMs: cpuMsOf(pid) - cpuBefore };
}

function describeBurst(b: Burst, refused = 0) {
  const ms = b.answers.map((a) => a.ms).sort((x, y) => x - y);
  const ok = b.answers.filter((a) => a.isSuccess).length;
  return {
    requests: b.answers.length,
    'req/s': Math.round(b.answers.length / (b.wallMs / 1000)),
    'wall (ms)': Math.round(b.wallMs),
    'p50 (ms)': Math.round(quantile(ms, 0.5)),
    'p99 (ms)': Math.round(quantile(ms, 0.99)),
    'max (ms)': Math.round(ms.at(-1) ?? 0),
    'server CPU (ms/req)': Number((b.serverCpuMs / b.answers.length).toFixed(2)),
    '2xx': ok,
    'deliberate 4xx': refused,
    errors: b.answers.length - ok - refused,
  };
}

/**
 * BENCH_COMMIT_MODE=interleaved: the commits one at a time instead of at once, every other one with its
 * messages turned off (`POST /bench/notices/…` of the bench server), to read what messages cost a commit
 * write by write; bursts varied by a sixth from one run to the next, more than the cost.
 */
const INTERLEAVED = process.env.BENCH_COMMIT_MODE === 'interleaved';

async function interleaved(base: string, pid: number, commits: Array<() => Promise<Answer>>): Promise<Burst> {
  const answers: Answer[] = [];
  const cpuBefore = cpuMsOf(pid);
  const times = { with: [] as number[], without: [] as number[] };
  const start = performance.now();
  for (const [i, send] of commits.entries()) {
    const messages = i % 2 === 0;
    await timedRequest(`${base}/bench/notices/${messages ? 'on' : 'off'}`, { method: 'POST' });
    const answer = await send();
    answers.push(answer);
    if (answer.isSuccess) (messages ? times.with : times.without).push(answer.ms);
  }
  const wallMs = performance.now() - start;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  log(
    `\none commit at a time: with messages ${mean(times.with).toFixed(2)} ms (${times.with.length}), without ${mean(times.without).toFixed(2)} ms (${times.without.length})`,
  );
  log(
    `messages cost ${(((mean(times.with) - mean(times.without)) / mean(times.without)) * 100).toFixed(1)} % of a commit's time`,
  );
  return {
    name: 'app: POST fillTasks/{id}/commit (one at a time)',
    answers,
    wallMs,
    serverCpuMs: cpuMsOf(pid) - cpuBefore,
  };
}

async function run(url: string) {
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  // Filler accounts, set-based: the demo password's hash, 数据填报员, spread over the twelve departments.
  const departments = DEMO_DEPARTMENTS.map((d) => d.id);
  await raw.query(
    `insert into users (id, account, name, password_hash, department_id, user_type_id)
     select 'bench-filler-' || n, 'bfill' || lpad(n::text, 4, '0'), '填报员' || n,
            (select password_hash from users where account = 'zhangwei'),
            ($2::text[])[1 + (n - 1) % cardinality($2::text[])], 'teacher'
     from generate_series(1, $1::int) n`,
    [FILLERS, departments],
  );
  await raw.query(
    `insert into user_roles (user_id, role_id) select id, 'dataCollector' from users where id like 'bench-filler-%'`,
  );

  const server = await startBenchServer(path.join(import.meta.dirname, 'server.ts'), url);
  const base = server.baseUrl;
  try {
    const manager = await openSession(base, MANAGER);
    const form = await manager.call(F.formInsert, { body: FORM });
    await manager.call(F.formPublish, { params: { id: form.id } });
    const task = await manager.call(C.taskCreate, {
      body: { name: '并发提交基准任务', formIds: [form.id], departmentIds: departments, ...openWindow() },
    });
    // Each head names their department's fillers (up to 500 per allocation, the contract's limit).
    for (const department of DEMO_DEPARTMENTS) {
      const head = await openSession(base, department.head);
      const page = await head.call(C.allocationPage, {
        query: { taskId: task.id, pageNum: 1, pageSize: 50 },
      });
      const allocation = page.records.find((a) => a.departmentId === department.id);
      if (!allocation) throw new Error(`no allocation for ${department.id}`);
      const { rows } = await raw.query<{ id: string }>(
        `select id from users where department_id = $1 and id like 'bench-filler-%'`,
        [department.id],
      );
      if (rows.length)
        await head.call(C.allocate, {
          body: { allocationId: allocation.id, fillerIds: rows.map((r) => r.id) },
        });
    }
    const { rows } = await raw.query<{ id: string; filler_id: string; account: string }>(
      `select f.id, f.filler_id, u.account from fill_tasks f join users u on u.id = f.filler_id
       where f.task_id = $1 order by u.account`,
      [task.id],
    );
    if (rows.length !== FILLERS) throw new Error(`${rows.length} fill tasks, expected ${FILLERS}`);
    const fillers: Filler[] = rows.map((r, index) => ({
      index,
      userId: r.filler_id,
      account: r.account,
      fillTaskId: r.id,
      pair: index < 2 * PAIRS ? Math.floor(index / 2) : null,
    }));

    log(`signing in ${FILLERS} fillers (${SIGN_IN_CONCURRENCY} at a time) and saving their drafts…`);
    const prepared = performance.now();
    await mapLimit(fillers, SIGN_IN_CONCURRENCY, async (f) => {
      f.session = await signInRaw(base, f.account);
      const saved = await timedRequest(`${base}${C.saveRecords.path}`, {
        method: 'POST',
        session: f.session,
        body: { fillTaskId: f.fillTaskId, records: [{ data: draftOf(f), sort: 0 }] },
      });
      if (!saved.isSuccess) throw new Error(`draft of ${f.account}: ${saved.status} ${saved.message}`);
    });
    log(`  done in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);

    // What every fill task looked like before the commits, to tell "moved once" from "moved twice".
    await raw.query(
      `create table bench_before as select id, state, revision from fill_tasks where task_id = $1`,
      [task.id],
    );
    await raw.query(
      `create table bench_floor_fills as select id, state, revision, committed_at from fill_tasks
                     where task_id = $1`,
      [task.id],
    );
    await raw.query('alter table bench_floor_fills add primary key (id)');

    // Warm-up: the server's first requests compile its code paths (none of them commits anything).
    const sessionOf = (f: Filler) => f.session as RawSession;
    await mapLimit(fillers.slice(0, 40), 8, async (f) => {
      await timedRequest(`${base}/api/ping`, { method: 'GET' });
      await timedRequest(`${base}/bench/floor/commit/warm-up`, { method: 'POST' });
      await timedRequest(`${base}${C.fillTaskDetail.path.replace('{id}', f.fillTaskId)}`, {
        method: 'GET',
        session: sessionOf(f),
      });
    });

    log(`\n${FILLERS} concurrent requests each; load average ${loadAverage()}`);
    const ping = await burst(
      'floor: GET /api/ping',
      server.pid,
      fillers.map(() => () => timedRequest(`${base}/api/ping`, { method: 'GET' })),
    );
    const floor = await burst(
      'floor: bare lock-and-update commit (pg)',
      server.pid,
      fillers.map(
        (f) => () => timedRequest(`${base}/bench/floor/commit/${f.fillTaskId}`, { method: 'POST' }),
      ),
    );
    const commitOf = (f: Filler) => () =>
      timedRequest(`${base}${C.commitFill.path.replace('{id}', f.fillTaskId)}`, {
        method: 'POST',
        session: sessionOf(f),
      });
    const commit = INTERLEAVED
      ? await interleaved(base, server.pid, fillers.map(commitOf))
      : await burst('app: POST fillTasks/{id}/commit', server.pid, fillers.map(commitOf));
    const loadAfter = loadAverage();

    // The pairs: exactly one of each wins, the other is refused with a Chinese 4xx.
    const isDeliberate = (f: Filler, a: Answer) =>
      f.pair !== null && !a.isSuccess && a.status >= 400 && a.status < 500 && HAN.test(a.message);
    const refusals = fillers.filter((f, i) => isDeliberate(f, commit.answers[i] as Answer));
    const messages = new Map<string, number>();
    for (const f of refusals) {
      const a = commit.answers[f.index] as Answer;
      const key = `${a.status} ${a.message}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
    let pairsOk = 0;
    for (let p = 0; p < PAIRS; p++) {
      const pair = fillers.filter((f) => f.pair === p).map((f) => commit.answers[f.index] as Answer);
      if (pair.filter((a) => a.isSuccess).length === 1 && pair.some((a) => !a.isSuccess)) pairsOk += 1;
    }

    console.table({
      [ping.name]: describeBurst(ping),
      [floor.name]: describeBurst(floor),
      [commit.name]: describeBurst(commit, refusals.length),
    });
    log(`load average after: ${loadAfter}`);
    for (const [message, count] of messages) log(`  deliberate refusal ×${count}: ${message}`);
    const unexpected = fillers
      .map((f) => ({ f, a: commit.answers[f.index] as Answer }))
      .filter(({ f, a }) => !a.isSuccess && !isDeliberate(f, a));
    for (const { f, a } of unexpected.slice(0, 5)) log(`  ERROR ${f.account}: ${a.status} ${a.message}`);

    // The database's word: moved exactly once, and exactly the ones answered 2xx.
    const answeredOk = fillers
      .filter((f) => (commit.answers[f.index] as Answer).isSuccess)
      .map((f) => f.fillTaskId);
    const [check] = (
      await raw.query<{
        committed_once: number;
        untouched: number;
        moved_twice: number;
        mismatched: number;
        claims: number;
        distinct_claims: number;
        claims_of_uncommitted: number;
      }>(
        `select
           count(*) filter (where f.state = 'unaudited' and f.committed_at is not null
                              and f.revision = b.revision + 1)::int as committed_once,
           count(*) filter (where f.state = 'uncommitted' and f.revision = b.revision)::int as untouched,
           count(*) filter (where f.revision > b.revision + 1)::int as moved_twice,
           count(*) filter (where (f.state = 'unaudited') <> (f.id = any($2::text[])))::int as mismatched,
           (select count(*) from form_unique_values where form_id = $1)::int as claims,
           (select count(distinct value) from form_unique_values where form_id = $1)::int as distinct_claims,
           (select count(*) from form_unique_values u join form_records r on r.id = u.record_id
              join fill_tasks t on t.id = r.fill_task_id
            where u.form_id = $1 and t.state <> 'unaudited')::int as claims_of_uncommitted
         from fill_tasks f join bench_before b on b.id = f.id`,
        [form.id, answeredOk],
      )
    ).rows;
    if (!check) throw new Error('no check row');
    const expected = FILLERS - PAIRS;
    const checks: Array<[string, boolean]> = [
      [`no unexpected errors (${unexpected.length})`, unexpected.length === 0],
      [`exactly one winner in each of the ${PAIRS} pairs (${pairsOk})`, pairsOk === PAIRS],
      [
        `committed exactly once: ${check.committed_once} of ${expected} expected`,
        check.committed_once === expected,
      ],
      [`refused ones untouched: ${check.untouched} of ${PAIRS}`, check.untouched === PAIRS],
      [`moved more than once: ${check.moved_twice}`, check.moved_twice === 0],
      [`committed ⇔ answered 2xx (mismatches ${check.mismatched})`, check.mismatched === 0],
      [
        `工号 claims: ${check.claims}, distinct ${check.distinct_claims}, of uncommitted fills ${check.claims_of_uncommitted}`,
        check.claims === expected && check.distinct_claims === expected && check.claims_of_uncommitted === 0,
      ],
    ];
    for (const [label, ok] of checks) log(`  ${ok ? 'ok  ' : 'FAIL'} ${label}`);
    const appRate = commit.answers.length / (commit.wallMs / 1000);
    const floorRate = floor.answers.length / (floor.wallMs / 1000);
    if (!INTERLEAVED) log(`app / bare-commit floor throughput: ${(appRate / floorRate).toFixed(2)}×`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await server.stop();
    await raw.end();
  }
}

log(`== ${FILLERS} fillers committing at once (${PAIRS} deliberate pairs sharing a 工号), PostgreSQL`);
await withDemoDatabase('eduqa_bench_commit', run);
