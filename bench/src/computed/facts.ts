import type pg from 'pg';
import { YEAR } from '../diagnosis/generate.ts';

/**
 * The warehouse of the collection benchmark: one fact table in schema `dw` with a few rows per object,
 * algorithm point and month of the current year for one level's objects, and the result algorithm of
 * each point over it. Deterministic (values from `hashtext`), set-based, and plausible for each point's
 * data type and direction so that the data-quality gate sees ordinary data.
 */

export type BenchLevel = 'major' | 'course' | 'teacher';

export interface AlgorithmPoint {
  id: string;
  code: string;
  name: string;
  dataType: string;
}

/** 1–4 rows per object, point and month, on days 1, 8, 15 and 22. */
const FACTS = `
  insert into dw.bench_facts (code, point_code, day, v)
  select o.code, qp.code, make_date($2::int, m, 1 + 7 * k),
    case
      when qp.data_type = 'percent' and qp.direction = '>' then 70 + h % 31
      when qp.data_type = 'percent' then h % 21
      when qp.data_type = 'integer' and qp.direction = '>' then 30 + h % 41
      when qp.data_type = 'integer' then h % 13
      when qp.data_type = 'float' and qp.direction = '>' then (300 + h % 201) / 100.0
      when qp.data_type = 'float' then (50 + h % 301) / 100.0
      else h % 100
    end
  from diagnosis_objects o
  join quality_points qp on qp.level = o.level and qp.code like 'BENCH-%' and qp.collection_method = 'algorithm'
  cross join generate_series(1, 12) m
  cross join lateral generate_series(0, (hashtext(o.code || ':' || qp.code || ':' || m) & 2147483647) % 4) k
  cross join lateral (select hashtext(o.code || ':' || qp.code || ':' || m || ':' || k) & 2147483647 as h) x
  where o.level = $1 and o.id like 'bench-obj-%'`;

/** Creates and fills `dw.bench_facts`; answers its row count and whether the algorithms role can read it. */
export async function createFacts(client: pg.ClientBase, level: BenchLevel) {
  await client.query(
    'create table dw.bench_facts (code text not null, point_code text not null, day date not null, v numeric not null)',
  );
  const inserted = await client.query(FACTS, [level, YEAR]);
  // A warehouse table is read by object and period: the index a data manager would add.
  await client.query('create index bench_facts_lookup on dw.bench_facts (code, point_code, day)');
  await client.query('analyze dw.bench_facts');
  const readable = (
    await client.query(`select has_table_privilege('eduqa_algorithm', 'dw.bench_facts', 'select') as ok`)
  ).rows[0] as { ok: boolean };
  return { rows: inserted.rowCount ?? 0, readable: readable.ok };
}

/** The algorithm points of the level (the generator marks every second point `algorithm`). */
export async function algorithmPoints(client: pg.ClientBase, level: BenchLevel): Promise<AlgorithmPoint[]> {
  const rows = await client.query(
    `select id, code, name, data_type as "dataType" from quality_points
     where level = $1 and code like 'BENCH-%' and collection_method = 'algorithm' order by sort, id`,
    [level],
  );
  return rows.rows as AlgorithmPoint[];
}

/**
 * The result algorithm of a point: the mean of the period's facts, in the point's kind of value —
 * rounded for integers, a comparison for yes/no points — with the number of input rows.
 */
export function algorithmSql(point: Pick<AlgorithmPoint, 'code' | 'dataType'>): string {
  const value =
    point.dataType === 'integer'
      ? 'round(avg(v))'
      : point.dataType === 'whether' || point.dataType === 'have'
        ? 'avg(v) >= 50'
        : 'avg(v)';
  return `select ${value} as value, count(*) as input_rows from dw.bench_facts
where code = :objectCode and point_code = '${point.code}'
  and day between cast(:cycleStart as date) and cast(:cycleEnd as date)`;
}

/** The same statement for the raw driver: the named parameters as $1–$3, bound in that order. */
export const directSql = (algorithm: string) =>
  algorithm.replace(':objectCode', '$1').replace(':cycleStart', '$2').replace(':cycleEnd', '$3');
