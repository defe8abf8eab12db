import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { loginAttempts } from '../modules/auth/auth.table.ts';
import { computedRunValues } from '../modules/computed/computed.table.ts';
import { columnKeys, recordsetOf } from './sql.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

describe('recordsetOf', () => {
  it('names and types the columns as the table declares them, in the order asked', () => {
    const at = new Date('2026-12-01T08:00:00Z');
    const c = recordsetOf(
      loginAttempts,
      ['key', 'windowStart', 'lockedUntil'],
      [{ key: 'ip:1', windowStart: at, lockedUntil: null }],
      'c',
    );
    const q = dialect.sqlToQuery(sql`insert into t (${c.columns}) select * from ${c.from}`);
    expect(q.sql).toBe(
      'insert into t ("key", "window_start", "locked_until") select * from json_to_recordset($1::json) ' +
        'as "c"("key" text, "window_start" timestamp with time zone, "locked_until" timestamp with time zone)',
    );
    expect(JSON.parse(String(q.params[0]))).toEqual([
      { key: 'ip:1', window_start: '2026-12-01T08:00:00.000Z', locked_until: null },
    ]);
  });

  it("gives a value left out the column's default, as Drizzle's insert would", () => {
    const v = recordsetOf(
      computedRunValues,
      columnKeys(computedRunValues),
      [
        {
          id: 'v1',
          runId: 'r1',
          assignedPointId: 'p1',
          cycleKey: '2026-11',
          cycleStart: '2026-11-01',
          cycleEnd: '2026-11-30',
          sampledAt: new Date('2026-11-30T00:00:00Z'),
          method: 'sql',
        },
      ],
      'v',
    );
    const [row] = JSON.parse(String(dialect.sqlToQuery(v.from).params[0])) as Record<string, unknown>[];
    expect(row).toMatchObject({
      flags: [],
      reasons: [],
      held: false,
      params: {},
      input_rows: 0,
      elapsed_ms: 0,
    });
    expect(row?.value).toBeNull();
    expect(Object.keys(row ?? {})).toHaveLength(columnKeys(computedRunValues).length);
  });

  it('keeps one text whatever the number of rows', () => {
    const text = (n: number) =>
      dialect.sqlToQuery(
        recordsetOf(
          loginAttempts,
          ['key'],
          Array.from({ length: n }, (_, i) => ({ key: `k${i}` })),
          'c',
        ).from,
      ).sql;
    expect(text(1)).toBe(text(500));
  });
});
