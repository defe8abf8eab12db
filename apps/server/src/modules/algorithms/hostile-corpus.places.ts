import { createHash, randomBytes } from 'node:crypto';
import {
  datasourceEndpoints as DS,
  algorithmFolderEndpoints as F,
  algorithmGroupEndpoints as G,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CallArgs,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import type { ExternalSource } from '../../../test/external-sources.ts';
import { queryRows } from '../../db/client.ts';
import { diagnosisObjects } from '../diagnosis/diagnosis.table.ts';
import { HOSTILE_CORPUS, type HostileCase, type HostileTarget } from './hostile-corpus.cases.ts';
import { judgeAnswer, type Probe, type Verdict, watchHealth } from './hostile-corpus.harness.ts';

/**
 * The hostile corpus (hostile-corpus.cases.ts) thrown, one statement at a time, at each place an algorithm
 * runs — the built-in database (PGlite, or PostgreSQL under TEST_DATABASE_URL), an external PostgreSQL
 * and a MariaDB, each reached through a user that may only read its own `scores` — through the route a
 * data manager uses to test unsaved SQL on an object (算法组 › 测试). Every answer must be a Chinese
 * refusal or harmless, never a 5xx; no table may change; /api/health must answer within a second while
 * the statement runs. The run time limit is shortened so heavy statements end within ~2 s. One test file per place
 * (hostile-corpus.*.test.ts), so that the places run side by side.
 */

const LIMITS = { timeoutMs: 2_000, maxBytes: 1024 * 1024 };
const OBJECT_ID = 'hostile-object';
export const CYCLE = { objectId: OBJECT_ID, cycleStart: '2026-01-01', cycleEnd: '2026-12-31' };
const CANARY = `eduqa-canary-${randomBytes(6).toString('hex')}`;
const SCORES = "('T001', 90), ('T001', 70), ('T002', 60)";
export const builtinName = process.env.TEST_DATABASE_URL
  ? '内置数据库（PostgreSQL）'
  : '内置数据库（PGlite）';

/** Texts that must never appear in a harmless answer, whatever the statement. */
export const SECRETS = [
  'root:x:0:0',
  'daemon:x:1:1',
  'scrypt$',
  'SCRAM-SHA-256$',
  'mysql_native_password',
  CANARY,
];

let t: TestApp;
let manager: Session;
let folderId: string;

/** One place an algorithm runs: its group (whose data source it is), checksum and secrets. */
interface Place {
  name: string;
  groupId: string;
  /** The database (schema on PostgreSQL) beside the source holding the canary. */
  otherDb: string;
  /** Per table (and role, grants, relation list) a checksum; a write anywhere changes one. */
  checksum(): Promise<Map<string, string>>;
  /** The checksum after the last statement. */
  last?: Map<string, string>;
  /** What this place keeps to itself, beyond SECRETS. */
  secrets(): Promise<string[]>;
  /**
   * Statements of the algorithms' user still running on the server. The platform has answered when
   * this is asked: anything still running there was left behind, burning the source's CPU.
   */
  running(): Promise<string[]>;
}

/**
 * What a place still runs some seconds after the answer. A killed statement gets that long to stop:
 * PostgreSQL's translate() or format() build a value of up to 1 GB without looking at the cancel
 * (200 MB take 6 s on an idle machine, more on a busy one) and then end by themselves. One still
 * running after 20 s is not bounded like that: MariaDB's replace() ran for hours past its kill.
 */
async function leftRunning(place: Place, graceMs = 20_000): Promise<string[]> {
  const until = performance.now() + graceMs;
  for (;;) {
    const running = await place.running();
    if (!running.length || performance.now() > until) return running;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The algorithms' statements still active on a PostgreSQL, by the user that runs them. */
async function postgresRunning(query: (text: string) => Promise<Record<string, unknown>[]>, role: string) {
  const rows = await query(
    `select query from pg_stat_activity where usename = '${role}' and state <> 'idle' and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => String(r.query));
}

/** The app, a data manager signed in and the folder of the corpus's groups, made before the file's tests. */
export function useCorpusApp() {
  beforeAll(async () => {
    t = await createTestApp({ algorithmLimits: LIMITS });
    const m = await createUser(t, { roles: ['dataManager'], name: '数据管理员' });
    manager = await signIn(t, m.account, m.password);
    await t.db
      .insert(diagnosisObjects)
      .values({ id: OBJECT_ID, level: 'teacher', code: 'T001', name: '测试教师' });
    folderId = (await manager.call(F.insert, { body: { name: '恶意 SQL' } })).id;
  }, 120_000);
  afterAll(async () => t?.close());
  return {
    get t() {
      return t;
    },
    get manager() {
      return manager;
    },
    get folderId() {
      return folderId;
    },
  };
}

export async function registerGroup(body: CallArgs<typeof DS.insert>) {
  const source = await manager.call(DS.insert, body);
  const group = await manager.call(G.insert, {
    body: { name: `恶意 SQL ${source.name}`, folderId, dataSourceId: source.id },
  });
  return group.id;
}

/* ------------------------------------------------------------------ the three places */

/**
 * Columns the platform itself writes meanwhile, whatever the statement: a session's last activity, and
 * on PostgreSQL the job queue's maintenance times (pg-boss).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  'public.sessions': ['last_seen_at', 'expires_at'],
  'pgboss.version': ['maintained_on', 'cron_on', 'monitored_on'],
};

/**
 * The operation log gains an entry for every attempt (the test request itself is a state-changing call of a
 * signed-in user): its rows are the platform's own record, kept append-only by a trigger that its own tests
 * prove, so the corpus does not count them as a change the statement made.
 */
const PLATFORM_LOGS = new Set(['public.audit_entries']);

/** md5 per relation (rows as JSON, order-free), per sequence and of the relation list, in one statement. */
async function postgresChecksum(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const relations = (await query(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.relkind::text as kind
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'm', 'S', 'v', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      order by 1`,
  )) as Array<{ name: string; kind: string }>;
  const parts = relations
    .filter((r) => r.kind !== 'v' && r.kind !== 'f' && !PLATFORM_LOGS.has(r.name))
    .map(({ name, kind }) => {
      if (kind === 'S')
        return `select '${name}' as name, (select last_value || ':' || is_called from ${name}) as hash`;
      const volatile = VOLATILE_COLUMNS[name] ?? [];
      const row = volatile.length
        ? `(to_jsonb(r) - '{${volatile.join(',')}}'::text[])::text`
        : 'to_jsonb(r)::text';
      return `select '${name}' as name, (select md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) from ${name} r) as hash`;
    });
  const rows = (await query(parts.join('\nunion all\n'))) as Array<{ name: string; hash: string }>;
  const sums = new Map(rows.map((r) => [r.name, r.hash]));
  sums.set('(relations)', relations.map((r) => `${r.name}:${r.kind}`).join(','));
  return sums;
}

/** A role's powers: attributes, memberships and table rights, so a GRANT or ALTER ROLE shows too. */
async function postgresRole(query: (text: string) => Promise<Record<string, unknown>[]>, role: string) {
  const [row] = await query(
    `select (select row(rolsuper, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls)::text
               from pg_roles where rolname = '${role}') as attributes,
            (select string_agg(r.rolname, ',' order by r.rolname) from pg_auth_members m
               join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member where u.rolname = '${role}') as member_of,
            (select string_agg(table_schema || '.' || table_name || ':' || privilege_type, ',' order by 1)
               from information_schema.role_table_grants where grantee = '${role}') as grants`,
  );
  return JSON.stringify(row);
}

export async function builtinPlace(): Promise<Place> {
  const run = async (text: string) => queryRows<Record<string, unknown>>(t.db, sql.raw(text));
  for (const statement of [
    'create table dw.scores (code text, score int)',
    `insert into dw.scores values ${SCORES}`,
    'grant select on dw.scores to eduqa_algorithm',
    'create sequence dw.some_seq',
    'create schema other_db',
    'create table other_db.secrets (secret text)',
    `insert into other_db.secrets values ('${CANARY}')`,
  ])
    await t.db.execute(sql.raw(statement));
  const groupId = await registerGroup({ body: { name: '内置库', type: 'builtin' } });
  return {
    name: builtinName,
    groupId,
    otherDb: 'other_db',
    async checksum() {
      const sums = await postgresChecksum(run);
      sums.set('(role eduqa_algorithm)', await postgresRole(run, 'eduqa_algorithm'));
      return sums;
    },
    // On PGlite a statement runs in a worker thread that the time limit ends (warehouse-sandbox.ts).
    running: () =>
      process.env.TEST_DATABASE_URL ? postgresRunning(run, 'eduqa_algorithm') : Promise.resolve([]),
    async secrets() {
      // What the platform keeps to itself: session ids, CSRF secrets, sealed source passwords.
      const sessions = await run('select id, csrf_secret from public.sessions');
      const ciphers = await run(
        'select password_cipher from public.data_sources where password_cipher is not null',
      );
      return [
        ...sessions.flatMap((s) => [String(s.id), String(s.csrf_secret)]),
        ...ciphers.map((c) => String(c.password_cipher)),
        manager.cookie.split('=')[1] ?? '',
      ].filter((s) => s.length >= 8);
    },
  };
}

export async function postgresPlace(source: ExternalSource): Promise<Place> {
  await source.query(`create schema other_db;
    create table other_db.secrets (secret text);
    insert into other_db.secrets values ('${CANARY}');
    create table public.users (account text, password_hash text);
    insert into public.users values ('admin', 'scrypt$${CANARY}')`);
  const { target } = source;
  const groupId = await registerGroup({
    body: {
      name: '外部 PostgreSQL',
      type: 'postgresql',
      host: target.host,
      port: target.port,
      databaseName: target.database,
      username: target.username,
      password: target.password,
    },
  });
  return {
    name: `外部 PostgreSQL（${target.database}）`,
    groupId,
    otherDb: 'other_db',
    async checksum() {
      const sums = await postgresChecksum(source.query);
      sums.set(`(role ${target.username})`, await postgresRole(source.query, target.username));
      return sums;
    },
    secrets: async () => [target.password],
    running: () => postgresRunning(source.query, target.username),
  };
}

export async function mariaPlace(source: ExternalSource): Promise<Place> {
  const { target } = source;
  const otherDb = `${target.database}_other`;
  await source.query(`create database ${otherDb};
    create table ${otherDb}.secrets (secret varchar(100));
    insert into ${otherDb}.secrets values ('${CANARY}')`);
  const groupId = await registerGroup({
    body: {
      name: 'MariaDB',
      type: 'mysql',
      host: target.host,
      port: target.port,
      databaseName: target.database,
      username: target.username,
      password: target.password,
    },
  });
  // mysql.user keeps mysql_native_password as '*' + SHA1(SHA1(password)) in upper-case hex.
  const stage = createHash('sha1').update(target.password).digest();
  const nativeHash = `*${createHash('sha1').update(stage).digest('hex').toUpperCase()}`;
  return {
    name: `MariaDB（${target.database}）`,
    groupId,
    otherDb,
    async checksum() {
      const tables = (await source.query(
        `select concat('\`', table_schema, '\`.\`', table_name, '\`') as name, table_type as kind
           from information_schema.tables where table_schema in ('${target.database}', '${otherDb}') order by 1`,
      )) as Array<{ name: string; kind: string }>;
      const base = tables.filter((r) => r.kind === 'BASE TABLE').map((r) => r.name);
      const sums = new Map<string, string>();
      if (base.length) {
        for (const row of await source.query(`checksum table ${base.join(', ')}`)) {
          sums.set(String(row.Table), String(row.Checksum));
        }
      }
      sums.set('(relations)', tables.map((r) => `${r.name}:${r.kind}`).join(','));
      const [objects] = await source.query(
        `select (select count(*) from information_schema.routines where routine_schema in ('${target.database}', '${otherDb}')) as routines,
                (select count(*) from information_schema.triggers where trigger_schema in ('${target.database}', '${otherDb}')) as triggers,
                (select count(*) from information_schema.events where event_schema in ('${target.database}', '${otherDb}')) as events`,
      );
      sums.set('(routines, triggers, events)', JSON.stringify(objects));
      const grants = await source.query(
        `select grantee, table_schema, privilege_type from information_schema.schema_privileges
          where grantee like '%${target.username}%' order by 1, 2, 3`,
      );
      sums.set(`(grants of ${target.username})`, JSON.stringify(grants));
      return sums;
    },
    secrets: async () => [target.password, nativeHash],
    async running() {
      const rows = await source.query(
        `select info from information_schema.processlist where user = '${target.username}' and command <> 'Sleep'`,
      );
      return rows.map((r) => String(r.info ?? '(a statement)'));
    },
  };
}

/* ------------------------------------------------------------------ one statement */

interface Outcome extends Verdict {
  sql: string;
  healthMs: number;
  elapsedMs: number;
}

export const short = (text: string, length = 110) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
};

async function attempt(place: Place, hostile: HostileCase): Promise<Outcome> {
  const text = hostile.sql.replace(/\bother_db\b/g, place.otherDb);
  // The checksum after one statement is the one before the next: computed once per statement.
  const before = place.last ?? (await place.checksum());
  const health = watchHealth(t.app);
  const started = performance.now();
  const answer = await manager.send(G.testByObject, {
    body: { groupId: place.groupId, sql: text, type: 'detail', ...CYCLE },
  });
  const elapsedMs = Math.round(performance.now() - started);
  const healthMs = await health.stop();
  const lingering = await leftRunning(place);
  const after = await place.checksum();
  place.last = after;
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (k) => before.get(k) !== after.get(k),
  );
  if (lingering.length)
    changed.push(`the source still runs ${lingering.map((q) => short(q, 60)).join('; ')}`);
  const probe: Probe = {
    status: answer.statusCode,
    body: answer.body,
    healthMs,
    changed,
    secrets: [...SECRETS, ...(await place.secrets())],
  };
  return { sql: text, healthMs, elapsedMs, ...judgeAnswer(hostile, probe) };
}

/** The per-place summary the lead quotes: counts, the worst health time and every failing statement. */
function report(place: Place | undefined, label: string, outcomes: Outcome[], startedAt: number) {
  if (!place) {
    console.warn(`!!! hostile corpus on ${label}: SKIPPED (server not reachable)`);
    return;
  }
  const count = (verdict: Verdict['verdict']) => outcomes.filter((o) => o.verdict === verdict).length;
  const worst = outcomes.reduce<Outcome | undefined>(
    (w, o) => (!w || o.healthMs > w.healthMs ? o : w),
    undefined,
  );
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const lines = [
    `[hostile corpus] ${place.name}: ${outcomes.length} statements — ${count('refused')} refused, ${count('harmless')} harmless, ${count('failing')} failing; worst /api/health ${worst?.healthMs ?? 0} ms (${short(worst?.sql ?? '', 80)}); ${seconds} s`,
    ...outcomes
      .filter((o) => o.verdict === 'failing')
      .map(
        (o) =>
          `  FAILING ${short(o.sql)} → ${o.status} ${short(o.message, 90)} | health ${o.healthMs} ms, ${o.elapsedMs} ms | ${o.problems.join('; ')}`,
      ),
  ];
  console.log(lines.join('\n'));
}

/** One `it` per statement for a place, run in order; the summary after the last. */
export function throwCorpusAt(target: HostileTarget, label: string, open: () => Promise<Place | undefined>) {
  const cases = HOSTILE_CORPUS.filter((c) => c.on.includes(target));
  const outcomes: Outcome[] = [];
  let place: Place | undefined;
  let startedAt = 0;
  beforeAll(async () => {
    place = await open();
    startedAt = performance.now();
  }, 120_000);
  afterAll(() => report(place, label, outcomes, startedAt));

  it.each(cases.map((c) => [`${c.family}: ${short(c.sql)}`, c] as const))(
    '%s',
    async (_label, hostile) => {
      if (!place) return;
      const outcome = await attempt(place, hostile);
      outcomes.push(outcome);
      expect(outcome.problems, `${outcome.status} ${outcome.message}`).toEqual([]);
    },
    120_000,
  );
}
