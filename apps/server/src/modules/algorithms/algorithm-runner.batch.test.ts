import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../test/app.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { DEFAULT_RUN_LIMITS } from './algorithm-executors.ts';
import {
  type AlgorithmParams,
  createAlgorithmRunner,
  nextSetSize,
  type ResolvedAlgorithm,
} from './algorithm-runner.ts';
import { type BuiltinSession, createBuiltinExecutor } from './builtin-executor.ts';
import { guardSql } from './sql-guard.ts';

// The real guard, counted: a batch must ask it once per distinct text, not once per statement.
const guard = vi.fn(guardSql);

let database: Database;
let drop: () => Promise<void>;
let runner: ReturnType<typeof createAlgorithmRunner>;
const runners: Array<typeof runner> = [];

/** A runner with its own guard verdicts. */
function newRunner() {
  const made = createAlgorithmRunner({
    database,
    repo: {
      findGroup: async () => undefined,
      findVersion: async () => undefined,
      versionsOf: async () => [],
    },
    connections: async () => ({ kind: 'builtin', id: null, name: '内置' }),
    limits: { timeoutMs: 2_000 },
    guard,
  });
  runners.push(made);
  return made;
}

const paramsOf = (objectCode: string, month: number): AlgorithmParams => ({
  objectId: `id-${objectCode}`,
  objectCode,
  departmentId: null,
  cycleStart: `2026-0${month}-01`,
  cycleEnd: `2026-0${month}-28`,
  year: 2026,
});

const algorithm = (text: string, version = 1): ResolvedAlgorithm => ({
  groupId: 'g1',
  groupName: '科研得分',
  algorithmId: `a${version}`,
  version,
  type: 'result',
  sql: text,
  sqlHash: `h${version}`,
  dataSourceId: null,
  dataSourceName: '内置数据库',
  changedBy: null,
  changedAt: '2026-01-01T00:00:00.000Z',
});

const SCORE = algorithm(
  'select sum(score)::int as value from dw.scores where object_code = :objectCode and day between cast(:cycleStart as date) and cast(:cycleEnd as date)',
);
/** Divides by zero for T002 alone: the one failing statement of a batch. */
const FRAGILE = algorithm("select (100 / case when :objectCode = 'T002' then 0 else 1 end)::int as value", 2);

/** Each run's value, or its error's message. */
async function settle(work: Promise<{ rows: Record<string, unknown>[] }>): Promise<unknown> {
  try {
    return (await work).rows[0]?.value ?? null;
  } catch (error) {
    return error instanceof AppError ? error.message : String(error);
  }
}

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  await database.db.execute(sql.raw('create table dw.scores (object_code text, score numeric, day date)'));
  await database.db.execute(
    sql.raw(
      "insert into dw.scores values ('T001', 90, '2026-03-01'), ('T001', 5, '2026-04-02'), ('T002', 70, '2026-03-05'), ('T003', 60, '2026-03-09')",
    ),
  );
  runner = newRunner();
});
afterAll(async () => {
  for (const each of runners) await each.close();
  await database?.close();
  await drop?.();
});
// A block, not an arrow's value: a function beforeEach answers is run as its clean-up.
beforeEach(() => {
  guard.mockClear();
});

describe('a batch of algorithm runs (collection)', () => {
  it("answers each run's own value, as single runs do", async () => {
    const values = await runner.batch(async ({ run }) => {
      const out: unknown[] = [];
      for (const code of ['T001', 'T002', 'T003'])
        for (const month of [3, 4]) out.push(await settle(run(SCORE, paramsOf(code, month))));
      return out;
    });
    expect(values).toEqual([90, 5, 70, null, 60, null]);
  });

  it('keeps running after one statement fails, and says why that one failed', async () => {
    const values = await runner.batch(async ({ run }) => {
      const out: unknown[] = [];
      for (const code of ['T001', 'T002', 'T003']) {
        out.push(await settle(run(FRAGILE, paramsOf(code, 3))));
        out.push(await settle(run(SCORE, paramsOf(code, 3))));
      }
      return out;
    });
    expect(values).toEqual([100, 90, 'SQL 执行失败：division by zero', 70, 100, 60]);
  });

  it('asks the guard once per distinct text, and again for a changed text', async () => {
    const fresh = newRunner();
    await fresh.batch(async ({ run }) => {
      for (const code of ['T001', 'T002', 'T003'])
        for (const month of [3, 4]) await settle(run(SCORE, paramsOf(code, month)));
    });
    expect(guard).toHaveBeenCalledTimes(1);
    const changed = algorithm(`${SCORE.sql} and score > 0`, 3);
    await fresh.batch(async ({ run }) => {
      for (const code of ['T001', 'T002']) {
        await settle(run(SCORE, paramsOf(code, 3)));
        await settle(run(changed, paramsOf(code, 3)));
      }
    });
    expect(guard).toHaveBeenCalledTimes(2);
    expect(guard.mock.calls[1]?.[0]).toBe(changed.sql);
  });
});

describe("a batch's runs of one algorithm as sets (each)", () => {
  const codes = ['T001', 'T002', 'T003'];
  const everyRun = codes.flatMap((code) => [3, 4].map((month) => paramsOf(code, month)));
  const answered = (outcome: { rows: Record<string, unknown>[] } | Error) =>
    outcome instanceof Error ? outcome.message : (outcome.rows[0]?.value ?? null);
  /** Each run's value or error message, the runs given as one `each` of a batch. */
  const eachValue = (version: ResolvedAlgorithm, params: AlgorithmParams[]) =>
    runner.batch(async ({ each }) => (await each(version, params)).map(answered));
  const inMarch = codes.map((code) => paramsOf(code, 3));

  it("answers each run's own value in order, as runs one by one do", async () => {
    expect(await eachValue(SCORE, everyRun)).toEqual([90, 5, 70, null, 60, null]);
  });

  it('runs a set that fails again one by one: only the failing run carries its error', async () => {
    expect(await eachValue(FRAGILE, inMarch)).toEqual([100, 'SQL 执行失败：division by zero', 100]);
  });

  it("keeps a result algorithm's shape rule per run: two rows for one run are refused, the others answer", async () => {
    const twice = algorithm(
      "select 1 as value from (values (1), (2)) v(n) where :objectCode = 'T002' or n = 1",
      4,
    );
    expect(await eachValue(twice, inMarch)).toEqual([1, '结果算法只能返回一行，实际返回了 2 行', 1]);
  });
});

describe('the size of the next set (nextSetSize)', () => {
  const limits = { ...DEFAULT_RUN_LIMITS, timeoutMs: 10_000 };

  it('keeps a set within a quarter of the time limit by what its last one took per run', () => {
    // 50 ms a run: 50 runs take 2.5 s, a quarter of the limit; 200 ms a run: 12.
    expect(nextSetSize(limits, { runs: 50, elapsedMs: 2_500, failed: false })).toBe(50);
    expect(nextSetSize(limits, { runs: 50, elapsedMs: 10_000, failed: false })).toBe(12);
    // Fast runs grow to the cap; a run slower than the quarter still leaves a set of two.
    expect(nextSetSize(limits, { runs: 300, elapsedMs: 30, failed: false })).toBe(500);
    expect(nextSetSize(limits, { runs: 2, elapsedMs: 12_000, failed: false })).toBe(2);
  });

  it('halves after a failed set, down to two', () => {
    expect(nextSetSize(limits, { runs: 300, elapsedMs: 10_000, failed: true })).toBe(150);
    expect(nextSetSize(limits, { runs: 3, elapsedMs: 5, failed: true })).toBe(2);
  });
});

describe('a set of statements on the built-in database (statement-set.ts)', () => {
  const text =
    'select sum(score)::int as value from dw.scores where object_code = $1 and day between $2 and $3';
  const lists = [
    ['T001', '2026-03-01', '2026-03-31'],
    ['T001', '2026-04-01', '2026-04-30'],
    ['T404', '2026-03-01', '2026-03-31'],
    ['T003', '2026-03-01', '2026-03-31'],
  ];

  // One executor for these tests: on PGlite each one loads the warehouse into a thread of its own.
  let builtin: ReturnType<typeof createBuiltinExecutor>;
  beforeAll(() => {
    builtin = createBuiltinExecutor(database);
  });
  afterAll(() => builtin.close());

  async function withSession<T>(work: (session: BuiltinSession) => Promise<T>) {
    const session = builtin.session({ ...DEFAULT_RUN_LIMITS, maxRows: 2 });
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  }

  it("runs one statement whose parts equal each list's own run, the placeholders typed as the text alone infers them", async () => {
    await withSession(async (session) => {
      // `day between $2 and $3` compares dates only because the server inferred them: text would not compare.
      const parts = await session.runEach({ text, valueLists: lists });
      const alone = [];
      for (const values of lists) alone.push((await session.run({ text, values })).rows);
      expect(parts?.map((part) => part.rows)).toEqual(alone);
      expect(alone.map((rows) => rows[0]?.value)).toEqual([90, 5, null, 60]);
    });
  });

  it('runs sets of any size of one text in one session (one prepared statement serves them all)', async () => {
    await withSession(async (session) => {
      const two = await session.runEach({ text, valueLists: lists.slice(0, 2) });
      const three = await session.runEach({ text, valueLists: lists.slice(0, 3) });
      expect(two?.map((part) => part.rows[0]?.value)).toEqual([90, 5]);
      expect(three?.map((part) => part.rows[0]?.value ?? null)).toEqual([90, 5, null]);
    });
  });

  it("limits each list's rows, not the set's", async () => {
    await withSession(async (session) => {
      const parts = await session.runEach({
        text: 'select n from generate_series(1, 10) n where $1::text is not null',
        valueLists: [['a'], ['b']],
      });
      // One row past the limit of 2 each: the runner tells each run it was cut.
      expect(parts?.map((part) => part.rows.length)).toEqual([3, 3]);
    });
  });

  it('answers undefined for a set to run one by one: a failing list, no placeholders, a text that cannot be prepared', async () => {
    await withSession(async (session) => {
      const failing = "select 100 / case when $1 = 'b' then 0 else 1 end as value";
      expect(await session.runEach({ text: failing, valueLists: [['a'], ['b']] })).toBeUndefined();
      expect(await session.runEach({ text: 'select 1 as value', valueLists: [[], []] })).toBeUndefined();
      expect(
        await session.runEach({ text: 'select nope from dw.scores where $1', valueLists: [[1]] }),
      ).toBeUndefined();
      // The session goes on answering after each.
      expect((await session.run({ text: 'select 2 as n', values: [] })).rows).toEqual([{ n: 2 }]);
    });
  });
});

describe("a session's envelope on the built-in database", () => {
  it('limits each statement to the timeout, not the whole session', async () => {
    const builtin = createBuiltinExecutor(database);
    const session = builtin.session({ ...DEFAULT_RUN_LIMITS, timeoutMs: 1_000 });
    const outcome = (text: string) =>
      session.run({ text, values: [] }).then(
        (answer) => answer.rows[0],
        (error: AppError) => error.message,
      );
    try {
      // Three statements of 0.4 s each: together past the timeout, each well within it.
      for (let i = 0; i < 3; i++) expect(await outcome('select 1 as n from pg_sleep(0.4)')).toEqual({ n: 1 });
      expect(await outcome('select 1 as n from pg_sleep(3)')).toMatch(/执行超时（超过 1 秒）/);
      expect(await outcome('select 2 as n')).toEqual({ n: 2 });
    } finally {
      await session.close();
      await builtin.close();
    }
  }, 60_000);
});
