import { ALGORITHM_TYPE_LABELS, type AlgorithmType } from '@eduqa/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { DataSourceConnections } from '../datasources/datasources.connections.ts';
import {
  DEFAULT_RUN_LIMITS,
  describeRunError,
  type RawRun,
  type RunLimits,
  runMysql,
  runPostgres,
  TOO_BIG,
} from './algorithm-executors.ts';
import type { AlgorithmsRepo } from './algorithms.repo.ts';
import { createBuiltinExecutor, type Statement } from './builtin-executor.ts';
import { type GuardedSql, type GuardOptions, guardSql } from './sql-guard.ts';
import { MAX_SET_RUNS, type StatementSet } from './statement-set.ts';
import { approximateBytes } from './warehouse-sandbox.protocol.ts';

/**
 * What a group without a current version of a type answers — a run, a card or a dynamic chart that would use
 * it — with what to do about it: one message wherever the platform meets it.
 */
export function noCurrentVersionMessage(groupName: string, type: AlgorithmType): string {
  return `算法组「${groupName}」没有当前${ALGORITHM_TYPE_LABELS[type]}版本：请在算法管理中发布一个版本并设为当前`;
}

export interface AlgorithmParams {
  objectId: string;
  objectCode: string;
  departmentId: string | null;
  cycleStart: string;
  cycleEnd: string;
  year: number;
}

export interface ResolvedAlgorithm {
  groupId: string;
  groupName: string;
  algorithmId: string;
  version: number;
  type: 'result' | 'detail';
  sql: string;
  sqlHash: string;
  dataSourceId: string | null;
  dataSourceName: string;
  changedBy: string | null;
  changedAt: string;
}

export interface AlgorithmRun {
  columns: string[];
  rows: Record<string, unknown>[];
  elapsedMs: number;
  truncated: boolean;
}

/** A version of a group as a picker lists it: drafts too, since comparing one is how it is tried out. */
export interface AlgorithmVersionSummary {
  version: number;
  published: boolean;
  current: boolean;
  remark: string;
}

export interface AlgorithmRunner {
  /** The group's current version of that type when `version` is absent; Chinese AppError when none. */
  resolve(groupId: string, type: 'result' | 'detail', version?: number): Promise<ResolvedAlgorithm>;
  /** The group's versions of that type, newest first. */
  versions(groupId: string, type: 'result' | 'detail'): Promise<AlgorithmVersionSummary[]>;
  run(algorithm: ResolvedAlgorithm, params: AlgorithmParams): Promise<AlgorithmRun>;
  /**
   * `work`'s runs in one envelope, closed when it settles: collection runs one statement per object and
   * cycle, and opening a connection and a transaction for each cost three times the statements themselves.
   */
  batch<T>(work: (runs: BatchRuns) => Promise<T>): Promise<T>;
}

/** What a batch runs: one run, or one algorithm for many objects and cycles. */
export interface BatchRuns {
  run: AlgorithmRunner['run'];
  /**
   * Each params' run, in order, or the error that run alone would throw. A result algorithm on the
   * built-in database runs as sets of runs in one statement each (statement-set.ts); a set that fails
   * is run again one by one, so an error is always its own run's.
   */
  each(algorithm: ResolvedAlgorithm, paramsList: AlgorithmParams[]): Promise<Array<AlgorithmRun | Error>>;
}

const fail = (message: string): never => {
  throw new AppError('UNPROCESSABLE', message);
};

/** Driver values → what JSON can carry: bigint and binary have no JSON form, dates become ISO text. */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `[二进制 ${value.byteLength} 字节]`;
  return value;
}

const normalizeRows = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, jsonSafe(value)])));

/**
 * A result algorithm answers one value per object and cycle: at most one row, with a `value` column.
 * No row is an answer too (the object has no value), which collection reports.
 */
function checkResultShape(run: RawRun) {
  if (!run.columns.includes('value')) fail('结果算法必须返回名为 value 的列');
  if (run.rows.length > 1) fail(`结果算法只能返回一行，实际返回了 ${run.rows.length} 行`);
}

/** A run's raw answer within the limits, in JSON's values, of the shape its type asks for. */
function answerOf(
  raw: RawRun,
  run: { type: 'result' | 'detail'; limits: RunLimits; elapsedMs: number },
): AlgorithmRun {
  const { limits } = run;
  if (approximateBytes(raw.rows, limits.maxBytes) > limits.maxBytes) {
    throw describeRunError(TOO_BIG, limits);
  }
  const truncated = raw.rows.length > limits.maxRows;
  const rows = normalizeRows(truncated ? raw.rows.slice(0, limits.maxRows) : raw.rows);
  if (run.type === 'result') checkResultShape({ columns: raw.columns, rows });
  return { columns: raw.columns, rows, elapsedMs: run.elapsedMs, truncated };
}

/** What `run` needs beyond the resolved algorithm: also used by the editor's test of unsaved SQL. */
export interface SqlRun {
  sql: string;
  type: 'result' | 'detail';
  dataSourceId: string | null;
  params: AlgorithmParams;
}

const GUARD_CACHE_SIZE = 500;

/** A text's first set in a batch: small, to learn what one of its runs costs. */
const FIRST_SET = 50;

/**
 * The size of a text's next set. The time limit holds per statement, and a set is one statement: sized by
 * what its last set took per run to a quarter of the limit, a slow version's sets stay well within it
 * instead of each running into it and then again one by one. A failed set halves the next.
 */
export function nextSetSize(limits: RunLimits, last: { runs: number; elapsedMs: number; failed: boolean }) {
  if (last.failed) return Math.max(2, Math.floor(last.runs / 2));
  const perRunMs = Math.max(last.elapsedMs / last.runs, 0.001);
  return Math.max(2, Math.min(MAX_SET_RUNS, Math.floor(limits.timeoutMs / 4 / perRunMs)));
}

/** What `work` answers, or what it throws: the answer of one run of a set. */
function settled<T>(work: () => T): T | Error {
  try {
    return work();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Collection runs one statement per object and cycle: parsing it each time was a third of the
 * overhead over running the SQL directly (bench:collection). A statement's verdict depends only on
 * its text and the options, so it is kept, refusals excepted; a changed text is checked anew.
 */
function guardVerdicts(guard: typeof guardSql) {
  const verdicts = new Map<string, Promise<GuardedSql>>();
  return function guardOnce(text: string, options: GuardOptions): Promise<GuardedSql> {
    const key = JSON.stringify([text, options]);
    let verdict = verdicts.get(key);
    if (!verdict) {
      if (verdicts.size >= GUARD_CACHE_SIZE) verdicts.clear();
      verdict = guard(text, options);
      verdicts.set(key, verdict);
      verdict.catch(() => verdicts.delete(key));
    }
    return verdict;
  };
}

/** A batch reads each data source once (a source edited meanwhile counts from the next batch). */
function sourcesOnce(connections: DataSourceConnections): DataSourceConnections {
  const sources = new Map<string | null, ReturnType<DataSourceConnections>>();
  return (id) => {
    let found = sources.get(id);
    if (!found) {
      found = connections(id);
      sources.set(id, found);
      found.catch(() => sources.delete(id));
    }
    return found;
  };
}

/** A group's versions as a run, a card or a picker finds them. */
function lookups(
  repo: Pick<AlgorithmsRepo, 'findGroup' | 'findVersion' | 'versionsOf'>,
): Pick<AlgorithmRunner, 'resolve' | 'versions'> {
  return {
    async resolve(groupId, type, version) {
      const found = await repo.findGroup(groupId);
      if (!found) return fail('算法组不存在');
      const { group } = found;
      const wanted = version ?? (type === 'result' ? group.currentResultVersion : group.currentDetailVersion);
      if (wanted === null || wanted === undefined) {
        return fail(noCurrentVersionMessage(group.name, type));
      }
      const view = await repo.findVersion(groupId, type, wanted);
      if (!view) return fail(`算法组「${group.name}」没有${ALGORITHM_TYPE_LABELS[type]}版本 ${wanted}`);
      const { algorithm } = view;
      return {
        groupId,
        groupName: group.name,
        algorithmId: algorithm.id,
        version: algorithm.version,
        type,
        sql: algorithm.sql,
        sqlHash: algorithm.sqlHash,
        dataSourceId: group.dataSourceId,
        dataSourceName: found.dataSourceName,
        changedBy: (algorithm.publishedAt ? view.publishedByName : view.createdByName) || null,
        changedAt: (algorithm.publishedAt ?? algorithm.createdAt).toISOString(),
      };
    },
    async versions(groupId, type) {
      const found = await repo.findGroup(groupId);
      if (!found) return fail('算法组不存在');
      const current = type === 'result' ? found.group.currentResultVersion : found.group.currentDetailVersion;
      return (await repo.versionsOf(groupId, { type })).map(({ algorithm }) => ({
        version: algorithm.version,
        published: algorithm.status === 'published',
        current: algorithm.version === current,
        remark: algorithm.remark,
      }));
    },
  };
}

/** Where a run's statements go: each on its own, or a batch's envelope. */
interface Envelope {
  source: DataSourceConnections;
  builtin(statement: Statement): Promise<RawRun>;
}

/** A batch's sets on the built-in database: its session's `runEach`, and each text's next set size. */
interface SetSession {
  runEach(set: StatementSet): Promise<RawRun[] | undefined>;
  sizes: Map<string, number>;
}

export function createAlgorithmRunner(deps: {
  database: Pick<Database, 'db' | 'driver' | 'pool' | 'pglite'>;
  repo: Pick<AlgorithmsRepo, 'findGroup' | 'findVersion' | 'versionsOf'>;
  connections: DataSourceConnections;
  limits?: Partial<RunLimits>;
  /** The SQL guard; tests count its verdicts. */
  guard?: typeof guardSql;
}): AlgorithmRunner & { runSql(input: SqlRun): Promise<AlgorithmRun>; close(): Promise<void> } {
  const limits: RunLimits = { ...DEFAULT_RUN_LIMITS, ...deps.limits };
  const builtin = createBuiltinExecutor(deps.database);
  const guardOnce = guardVerdicts(deps.guard ?? guardSql);

  const single: Envelope = {
    source: deps.connections,
    builtin: (statement) => builtin.run({ ...statement, limits }),
  };

  async function runIn(envelope: Envelope, input: SqlRun): Promise<AlgorithmRun> {
    const source = await envelope.source(input.dataSourceId);
    if (!source) return fail('数据源不存在或已被删除');
    const guarded = await guardOnce(input.sql, {
      dialect: source.kind === 'mysql' ? 'mysql' : 'postgresql',
      builtin: source.kind === 'builtin',
    });
    const values = guarded.bindings.map((name) => input.params[name]);
    const statement = { text: guarded.text, values };
    const started = performance.now();
    // External sources keep a connection of their own per statement: each is vetted as it connects.
    const raw =
      source.kind === 'builtin'
        ? await envelope.builtin(statement)
        : source.kind === 'mysql'
          ? await runMysql(source, { ...statement, limits })
          : await runPostgres(source, { ...statement, limits });
    return answerOf(raw, { type: input.type, limits, elapsedMs: Math.round(performance.now() - started) });
  }

  /**
   * Runs as sets on the built-in database: a result algorithm's rows are one per run, so they need no
   * order of their own, which a detail's rows would lose between runs. Undefined: run them one by one.
   */
  async function setsOf(
    envelope: Envelope,
    sets: SetSession,
    algorithm: ResolvedAlgorithm,
    paramsList: AlgorithmParams[],
  ) {
    const source = await envelope.source(algorithm.dataSourceId).catch(() => undefined);
    if (source?.kind !== 'builtin' || algorithm.type !== 'result' || paramsList.length < 2) return undefined;
    const guarded = await guardOnce(algorithm.sql, { dialect: 'postgresql', builtin: true }).catch(
      () => undefined,
    );
    if (!guarded) return undefined;
    const answers: Array<AlgorithmRun | Error> = [];
    for (let at = 0; at < paramsList.length; ) {
      const slice = paramsList.slice(at, at + (sets.sizes.get(guarded.text) ?? FIRST_SET));
      at += slice.length;
      const started = performance.now();
      const raws = await sets.runEach({
        text: guarded.text,
        valueLists: slice.map((params) => guarded.bindings.map((name) => params[name])),
      });
      const elapsedMs = performance.now() - started;
      sets.sizes.set(guarded.text, nextSetSize(limits, { runs: slice.length, elapsedMs, failed: !raws }));
      if (!raws) {
        answers.push(...(await oneByOne(envelope, algorithm, slice)));
        continue;
      }
      // The set's time, shared: what each run cost the database, as near as one statement tells.
      const share = Math.round(elapsedMs / raws.length);
      for (const raw of raws)
        answers.push(settled(() => answerOf(raw, { type: algorithm.type, limits, elapsedMs: share })));
    }
    return answers;
  }

  async function oneByOne(envelope: Envelope, algorithm: ResolvedAlgorithm, paramsList: AlgorithmParams[]) {
    const answers: Array<AlgorithmRun | Error> = [];
    for (const params of paramsList) {
      answers.push(await runIn(envelope, sqlRunOf(algorithm, params)).catch((error: Error) => error));
    }
    return answers;
  }

  const sqlRunOf = (algorithm: ResolvedAlgorithm, params: AlgorithmParams): SqlRun => ({
    sql: algorithm.sql,
    type: algorithm.type,
    dataSourceId: algorithm.dataSourceId,
    params,
  });

  async function batch<T>(work: (runs: BatchRuns) => Promise<T>): Promise<T> {
    const session = builtin.session(limits);
    const envelope: Envelope = {
      source: sourcesOnce(deps.connections),
      builtin: (statement) => session.run(statement),
    };
    const sets: SetSession = { runEach: (set) => session.runEach(set), sizes: new Map() };
    try {
      return await work({
        run: (algorithm, params) => runIn(envelope, sqlRunOf(algorithm, params)),
        each: async (algorithm, paramsList) =>
          (await setsOf(envelope, sets, algorithm, paramsList)) ?? oneByOne(envelope, algorithm, paramsList),
      });
    } finally {
      await session.close();
    }
  }

  return {
    ...lookups(deps.repo),
    run: (algorithm, params) => runIn(single, sqlRunOf(algorithm, params)),
    batch,
    runSql: (input) => runIn(single, input),
    close: () => builtin.close(),
  };
}
