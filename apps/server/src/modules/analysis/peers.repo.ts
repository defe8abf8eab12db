import type {
  AnalysisSchool,
  PagingQuery,
  PeerIndicator,
  PeerValueRow,
  PeerValueSource,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd, textArray } from '../../platform/sql.ts';

/** Which schools' values a read takes. */
export type SchoolScope =
  | { kind: 'codes'; codes: readonly string[] }
  /** Every school of a level (and province), as the peers of the own school when none are chosen. */
  | { kind: 'level'; level: string; province?: string }
  | { kind: 'all'; keyword?: string };

export interface ValueFilter {
  schools: SchoolScope;
  /** null: every indicator. */
  indicatorIds: readonly string[] | null;
  startYear?: number | undefined;
  endYear?: number | undefined;
}

/** One effective value: an imported (or seeded) one, or the own school's from its quality point results. */
export interface EffectiveValue {
  schoolCode: string;
  indicatorId: string;
  year: number;
  value: number;
  isDemo: boolean;
  source: PeerValueSource;
}

/** A value to write by the import. */
export interface ValueInput {
  schoolCode: string;
  indicatorId: string;
  year: number;
  value: number;
}

const ownCode = sql`(select own_school_code from analysis_settings order by updated_at desc limit 1)`;

const schoolColumns = sql`s.code, s.name, s.province, s.city, s.level, s.nature,
  coalesce(s.code = ${ownCode}, false) as "isOwn"`;

function schoolWhere(scope: SchoolScope, column: SQL): SQL {
  switch (scope.kind) {
    case 'codes':
      return scope.codes.length ? sql`${column} = any(${textArray(scope.codes)})` : sql`false`;
    case 'level':
      return scope.province === undefined
        ? sql`${column} in (select code from peer_schools where level = ${scope.level})`
        : sql`${column} in (select code from peer_schools where level = ${scope.level} and province = ${scope.province})`;
    case 'all':
      return scope.keyword
        ? sql`${column} in (select code from peer_schools where name ilike ${likePattern(scope.keyword)})`
        : sql`true`;
  }
}

function valueWhere(filter: ValueFilter, alias: { school: SQL; indicator: SQL; year: SQL }): SQL {
  const parts = [schoolWhere(filter.schools, alias.school)];
  if (filter.indicatorIds) {
    parts.push(
      filter.indicatorIds.length
        ? sql`${alias.indicator} = any(${textArray(filter.indicatorIds)})`
        : sql`false`,
    );
  }
  if (filter.startYear !== undefined) parts.push(sql`${alias.year} >= ${filter.startYear}`);
  if (filter.endYear !== undefined) parts.push(sql`${alias.year} <= ${filter.endYear}`);
  return sqlAnd(parts);
}

/**
 * The year a school-level diagnosis task reports: the last four-digit year its period names ('2025-2026'
 * → 2026, as 目标定位 reads it), else the year of its end date.
 */
const TASK_YEAR = sql`coalesce(substring(dt.period from '([0-9]{4})[^0-9]*$')::int, extract(year from dt.end_date)::int)`;
/** The effective result (revised result when present, DESIGN §7) when it is a number. */
const EFFECTIVE_RESULT = sql`coalesce(nullif(trim(ap.revised_result), ''), trim(ap.result))`;

/**
 * The own school's values of linked indicators: per indicator and year, the effective result of the linked
 * point in the school-level task of that year (the latest task when a year has two).
 */
function pointValues(filter: ValueFilter): SQL {
  return sql`
    select distinct on (i.id, r.year) i.id as indicator_id, r.year, r.value
    from peer_indicators i
    join assigned_points ap on ap.quality_point_id = i.point_id
    join object_tasks ot on ot.id = ap.object_task_id
    join diagnosis_tasks dt on dt.id = ot.task_id and dt.level = 'school'
    cross join lateral (
      select ${TASK_YEAR} as year,
        case when ${EFFECTIVE_RESULT} ~ '^-?[0-9]+([.][0-9]+)?$' then (${EFFECTIVE_RESULT})::double precision end
          as value
    ) r
    where i.point_id is not null and r.value is not null
      and ${valueWhere({ ...filter, schools: { kind: 'all' } }, { school: sql`''`, indicator: sql`i.id`, year: sql`r.year` })}
    order by i.id, r.year, dt.end_date desc, dt.id desc`;
}

/**
 * Every effective value the filter selects: imported ones, except where the own school's quality point
 * results give the value of that indicator and year (those take precedence), plus those results.
 */
export function effectiveValues(filter: ValueFilter): SQL {
  return sql`
    with own as (select ${ownCode} as code),
    pv as (${pointValues(filter)})
    select v.school_code as "schoolCode", v.indicator_id as "indicatorId", v.year, v.value,
      v.is_demo as "isDemo", 'import' as source
    from peer_indicator_values v
    where ${valueWhere(filter, { school: sql`v.school_code`, indicator: sql`v.indicator_id`, year: sql`v.year` })}
      and not exists (
        select 1 from pv, own
        where own.code = v.school_code and pv.indicator_id = v.indicator_id and pv.year = v.year)
    union all
    select own.code, pv.indicator_id, pv.year, pv.value, false, 'point'
    from pv, own
    where own.code is not null and ${schoolWhere(filter.schools, sql`own.code`)}`;
}

interface IndicatorRow extends Omit<PeerIndicator, 'pointName'> {
  pointName: string | null;
}

/** The directory's schools as the analyses read them (the own school, chosen codes, a level, 双高 units). */
function schoolReads(db: Db) {
  return {
    async ownSchool(): Promise<AnalysisSchool | null> {
      const [row] = await queryNamedRows<AnalysisSchool>(
        db,
        'own_school',
        sql`select ${schoolColumns} from peer_schools s where s.code = ${ownCode}`,
      );
      return row ?? null;
    },

    /** The schools of these codes that exist (any order). */
    async schools(codes: readonly string[]): Promise<AnalysisSchool[]> {
      if (codes.length === 0) return [];
      return queryNamedRows<AnalysisSchool>(
        db,
        'peer_schools',
        sql`select ${schoolColumns} from peer_schools s where s.code = any(${textArray(codes)})`,
      );
    },

    /** How many schools of the directory have this level, with data or not (the rank's category). */
    async countLevel(level: string): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from peer_schools where level = ${level}`,
      );
      return Number(row?.n ?? 0);
    },

    /** The schools of a 双高 category and grade in the latest round, resolved to the directory. */
    async doubleHighSchools(input: { category: string; grade: string }): Promise<AnalysisSchool[]> {
      return queryRows<AnalysisSchool>(
        db,
        sql`select ${schoolColumns} from peer_schools s
            where s.code in (
              select school_code from double_high_units
              where category = ${input.category} and grade = ${input.grade} and school_code is not null
                and round = (select max(round) from double_high_units))
            order by s.code`,
      );
    },

    /** Code → code and name → code of the whole directory, to resolve an import's school column. */
    async schoolKeys(): Promise<{ codes: Set<string>; byName: Map<string, string> }> {
      const rows = await queryRows<{ code: string; name: string }>(
        db,
        sql`select code, name from peer_schools`,
      );
      return { codes: new Set(rows.map((r) => r.code)), byName: new Map(rows.map((r) => [r.name, r.code])) };
    },
  };
}

export function createPeersRepo(db: Db) {
  return {
    ...schoolReads(db),

    /** The catalogue in its order (or the given ids that exist, in catalogue order). */
    async indicators(ids?: readonly string[]): Promise<PeerIndicator[]> {
      if (ids && ids.length === 0) return [];
      return queryNamedRows<IndicatorRow>(
        db,
        'peer_indicators',
        sql`select i.id, i.table_kind as "tableKind", i.name, i.unit, i.direction, i.sort_order as "sortOrder",
              i.point_id as "pointId", qp.name as "pointName"
            from peer_indicators i left join quality_points qp on qp.id = i.point_id
            where ${ids ? sql`i.id = any(${textArray(ids)})` : sql`true`}
            order by i.sort_order, i.id`,
      );
    },

    async values(filter: ValueFilter): Promise<EffectiveValue[]> {
      // Named: the selection is arrays, so one text serves any number of schools and indicators.
      const rows = await queryNamedRows<EffectiveValue>(db, 'peer_values', effectiveValues(filter));
      // PGlite and pg both answer double precision as a number; the year may come back as text from a union.
      // Set in place: a copy of each of the trend's 12,000 rows showed in its profile.
      for (const r of rows) {
        r.year = Number(r.year);
        r.value = Number(r.value);
      }
      return rows;
    },

    /** The codes of the schools with any value the filter selects (the own school's point results included). */
    async schoolsWithData(filter: ValueFilter): Promise<string[]> {
      const rows = await queryRows<{ schoolCode: string }>(
        db,
        sql`select distinct ev."schoolCode" from (${effectiveValues(filter)}) ev order by 1`,
      );
      return rows.map((r) => r.schoolCode);
    },

    /** The years with any value, ascending. */
    async years(): Promise<number[]> {
      const rows = await queryRows<{ year: number }>(
        db,
        sql`select distinct year from (${effectiveValues({ schools: { kind: 'all' }, indicatorIds: null })}) ev
            order by year`,
      );
      return rows.map((r) => Number(r.year));
    },

    /** One row per school and year with its values (indicators in catalogue order); own school first. */
    async valuePage(filter: ValueFilter, paging: PagingQuery | null) {
      const query = sql`
        select ${schoolColumns}, ev.year, bool_or(ev."isDemo") as "isDemo",
          jsonb_agg(jsonb_build_object('indicatorId', ev."indicatorId", 'value', ev.value,
            'source', ev.source, 'isDemo', ev."isDemo") order by i.sort_order, i.id) as values
        from (${effectiveValues(filter)}) ev
        join peer_schools s on s.code = ev."schoolCode"
        join peer_indicators i on i.id = ev."indicatorId"
        group by s.code, ev.year
        order by coalesce(s.code = ${ownCode}, false) desc, ev.year desc, s.code`;
      type Row = AnalysisSchool & Pick<PeerValueRow, 'year' | 'isDemo' | 'values'>;
      const page = paging
        ? await pagedRows<Row>(db, query, paging)
        : { records: await queryRows<Row>(db, sql`${query} limit 100000`), total: 0 };
      const records: PeerValueRow[] = page.records.map(({ year, isDemo, values, ...school }) => ({
        school: {
          code: school.code,
          name: school.name,
          province: school.province,
          city: school.city,
          level: school.level,
          nature: school.nature,
          isOwn: school.isOwn,
        },
        year: Number(year),
        isDemo,
        values: values.map((v) => ({ ...v, value: Number(v.value) })),
      }));
      return { records, total: page.total };
    },

    async findPoint(pointId: string): Promise<{ id: string; level: string } | undefined> {
      const [row] = await queryRows<{ id: string; level: string }>(
        db,
        sql`select id, level from quality_points where id = ${pointId}`,
      );
      return row;
    },

    async setIndicatorPoint(id: string, pointId: string | null): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update peer_indicators set point_id = ${pointId} where id = ${id} returning id`,
      );
      return rows.length > 0;
    },

    /** Imported values, inserted or overwritten (no longer demo), in one transaction of set-based statements. */
    async upsertValues(values: readonly ValueInput[]): Promise<void> {
      if (values.length === 0) return;
      await db.transaction(async (tx) => {
        for (let i = 0; i < values.length; i += 5000) {
          const chunk = values.slice(i, i + 5000);
          await tx.execute(sql`
            insert into peer_indicator_values (school_code, indicator_id, year, value, is_demo)
            select x."schoolCode", x."indicatorId", x.year, x.value, false
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
              as x("schoolCode" text, "indicatorId" text, year int, value double precision)
            on conflict (school_code, indicator_id, year) do update
              set value = excluded.value, is_demo = false, imported_at = now()`);
        }
      });
    },
  };
}

export type PeersRepo = ReturnType<typeof createPeersRepo>;
