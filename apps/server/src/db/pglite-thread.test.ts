import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWarehouseSandbox } from '../modules/algorithms/warehouse-sandbox.ts';
import { departments } from '../modules/org/org.table.ts';
import { guarded } from '../platform/db-errors.ts';
import { AppError } from '../platform/errors.ts';
import { textArray } from '../platform/sql.ts';
import { type Database, openDatabase, queryNamedRows, queryRows } from './client.ts';

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-pglite-thread-'));
  // File-backed, as `npm start` opens it: in a worker thread by default.
  database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const addDepartment = (db: Database['db'], id: string, name: string) =>
  db.insert(departments).values({ id, name, createdAt: new Date('2026-03-01T00:00:00.123Z') });

/** One value of each kind the app reads, raw (`execute`) and through a typed select. */
const VALUES = sql`select timestamptz '2026-03-01 08:00:00+08' as at, date '2026-03-01' as day,
  interval '1 day 2 hours' as span, 12.50::numeric as amount, 9007199254740993::int8 as big,
  '\\x00ff'::bytea as bytes, '{"a":[1,"二"]}'::jsonb as doc, '{1,2}'::int4[] as ints,
  '{2026-03-01}'::date[] as days, true as yes, null::text as nothing`;

describe('PGlite in a worker thread', () => {
  it('answers the values PGlite in this thread answers', async () => {
    const local = await openDatabase({});
    try {
      await local.migrate();
      const here = await queryRows(local.db, VALUES);
      const there = await queryRows(database.db, VALUES);
      expect(there).toEqual(here);
      expect(typeof (there[0] as { at: unknown }).at).toBe('string');
      expect((there[0] as { bytes: unknown }).bytes).toBeInstanceOf(Uint8Array);
      const typed = (db: Database['db']) =>
        db.select({ id: departments.id, createdAt: departments.createdAt }).from(departments).limit(1);
      await addDepartment(local.db, 'd0', '同一个');
      await addDepartment(database.db, 'd0', '同一个');
      expect(await typed(database.db)).toEqual(await typed(local.db));
    } finally {
      await local.close();
    }
  });

  it('commits a transaction, and rolls back one a unique violation ends with its mapped answer', async () => {
    await database.db.transaction(async (tx) => {
      await addDepartment(tx, 'd1', '教务处');
      await addDepartment(tx, 'd2', '德育处');
    });
    const refused = guarded(
      () =>
        database.db.transaction(async (tx) => {
          await addDepartment(tx, 'd3', '总务处');
          await addDepartment(tx, 'd4', '教务处');
        }),
      { conflict: '部门名称已存在' },
    );
    await expect(refused).rejects.toEqual(new AppError('CONFLICT', '部门名称已存在'));
    const error = await database.db
      .insert(departments)
      .values({ id: 'd5', name: '德育处' })
      .catch((e: unknown) => e);
    expect((error as Error).cause).toMatchObject({ code: '23505', constraint: 'departments_name_uq' });
    const names = await database.db.select({ id: departments.id }).from(departments);
    expect(names.map((d) => d.id).sort()).toEqual(['d0', 'd1', 'd2']);
  });

  namedStatementTests(() => database);

  it('keeps the event loop free while a long statement runs', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    try {
      await queryRows(database.db, sql`select count(*) from generate_series(1, 5000000)`);
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThan(200);
    // Generous for a busy machine: in this thread the statement held the loop for all of `ms`.
    expect(longestGap).toBeLessThan(Math.min(150, ms / 2));
    expect(ticks).toBeGreaterThan(ms / 50);
  });

  it('gives the warehouse sandbox its copy of dw', async () => {
    await database.pglite?.exec('create table dw.scores (score int); insert into dw.scores values (3), (4)');
    const sandbox = createWarehouseSandbox(database.pglite as NonNullable<Database['pglite']>);
    try {
      const outcome = await sandbox.run({
        text: 'select sum(score)::int as total from scores',
        values: [],
        timeoutMs: 30_000,
        maxBytes: 1_000_000,
      });
      expect(outcome).toEqual({ kind: 'rows', columns: ['total'], rows: [{ total: 7 }] });
    } finally {
      await sandbox.close();
    }
  });

  it('answers from a new thread after a statement past its limit, and sees a later write to dw', async () => {
    await database.pglite?.exec('create table dw.marks (mark int); insert into dw.marks values (5), (6)');
    const sandbox = createWarehouseSandbox(database.pglite as NonNullable<Database['pglite']>);
    const total = (timeoutMs = 60_000) =>
      sandbox.run({
        text: 'select sum(mark)::int as total from marks',
        values: [],
        timeoutMs,
        maxBytes: 1e6,
      });
    const endless = () =>
      sandbox.run({
        text: 'select count(*) from generate_series(1, 1000000000)',
        values: [],
        timeoutMs: 300,
        maxBytes: 1e6,
      });
    try {
      expect(await endless()).toMatchObject({ kind: 'error', code: 'TIMEOUT' });
      // The thread after the first one ended loads dw and keeps its data directory; the one after that restores it.
      expect(await total()).toEqual({ kind: 'rows', columns: ['total'], rows: [{ total: 11 }] });
      expect(await endless()).toMatchObject({ kind: 'error', code: 'TIMEOUT' });
      expect(await total()).toEqual({ kind: 'rows', columns: ['total'], rows: [{ total: 11 }] });
      await database.pglite?.exec('insert into dw.marks values (7)');
      expect(await endless()).toMatchObject({ kind: 'error', code: 'TIMEOUT' });
      expect(await total()).toEqual({ kind: 'rows', columns: ['total'], rows: [{ total: 18 }] });
    } finally {
      await sandbox.close();
    }
  });

  it('keeps what it wrote when the directory is opened again, and dumps it', async () => {
    await database.close();
    database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    const rows = await database.db.select({ id: departments.id }).from(departments);
    expect(rows.length).toBe(3);
    const dump = await database.pglite?.dumpDataDir('none');
    const lost: Error[] = [];
    const copy = await openDatabase({ loadDataDir: dump, thread: true, onLost: (e) => lost.push(e) });
    try {
      expect(await copy.db.$count(departments)).toBe(3);
    } finally {
      await copy.close();
    }
    // Closing ends the thread on purpose: that is not a lost database.
    expect(lost).toEqual([]);
  });
});

/**
 * Named statements answer as unnamed ones, inside and outside a transaction, and survive a migration:
 * on PGlite in a worker thread (`npm start`) and in this thread (the tests' own databases).
 */
function namedStatementTests(current: () => Database) {
  it('answers a named statement as the unnamed one, with its parameters of every kind', async () => {
    const probe = (at: Date, ids: string[], doc: unknown, nothing: string | null) =>
      sql`select ${at}::timestamptz as at, ${textArray(ids)} as ids, cardinality(${textArray(ids)}) as n,
        ${JSON.stringify(doc)}::jsonb as doc, ${nothing}::text as nothing, d.id, d.created_at
        from ${departments} d where d.id = any(${textArray(ids)}) order by d.id`;
    const at = new Date('2026-03-01T00:00:00.123Z');
    for (const ids of [['d0'], ['d0', 'd1', '它'], []]) {
      const query = probe(at, ids, { a: [1, '二'] }, null);
      const unnamed = await queryRows(current().db, query);
      // Past the fifth run PGlite keeps a generic plan: the answers stay the same.
      for (let run = 0; run < 7; run += 1) {
        expect(await queryNamedRows(current().db, 'thread_probe', query)).toEqual(unnamed);
      }
    }
    expect(await queryNamedRows(current().db, 'thread_probe', probe(at, ['d1'], 1, '有'))).toMatchObject([
      { ids: ['d1'], n: 1, doc: 1, nothing: '有', id: 'd1' },
    ]);
    // Prepared once, in the database's one connection, and run from there each time (with a generic
    // plan where PostgreSQL's estimate prefers one).
    const statements = await queryRows<{ generic: number; custom: number }>(
      current().db,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name like 'thread_probe_%'`,
    );
    expect(statements).toHaveLength(1);
    const runs = (statements[0]?.generic ?? 0) + (statements[0]?.custom ?? 0);
    expect(runs).toBeGreaterThanOrEqual(3 * 7 + 1);
  });

  it('runs named statements inside a transaction, rolled back with it', async () => {
    const named = (db: Database['db']) =>
      queryNamedRows<{ n: number }>(db, 'thread_tx', sql`select count(*)::int as n from ${departments}`);
    const before = (await named(current().db))[0]?.n ?? 0;
    await expect(
      current().db.transaction(async (tx) => {
        await addDepartment(tx, 'd9', '临时处');
        expect((await named(tx))[0]?.n).toBe(before + 1);
        await queryNamedRows(tx, 'thread_tx_fail', sql`select 1 / ${0}::int as x`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect((await named(current().db))[0]?.n).toBe(before);
    await current().pglite?.exec('delete from departments where id = $$d9$$');
  });

  it('prepares a named statement again when a migration changed what it reads', async () => {
    await current().pglite?.exec('create table scratch_named (a int); insert into scratch_named values (1)');
    const read = () => queryNamedRows(current().db, 'thread_ddl', sql`select * from scratch_named`);
    expect(await read()).toEqual([{ a: 1 }]);
    await current().pglite?.exec('alter table scratch_named add column b text');
    // The first run after the change fails as PostgreSQL's pool would; the next is prepared anew.
    await read().catch(() => undefined);
    expect(await read()).toEqual([{ a: 1, b: null }]);
    await current().pglite?.exec('drop table scratch_named');
  });
}

describe('PGlite in this thread', () => {
  let local: Database;
  beforeAll(async () => {
    local = await openDatabase({});
    await local.migrate();
    await addDepartment(local.db, 'd0', '教务处');
    await addDepartment(local.db, 'd1', '德育处');
  });
  afterAll(async () => local?.close());

  namedStatementTests(() => local);
});
