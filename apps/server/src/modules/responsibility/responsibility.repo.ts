import type { DepartmentRef, PagingQuery, PointResponsibility } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';

/**
 * Every point with its indicator path (names and sort keys from level 1 down) and its departments as a
 * JSON list, in the indicator system's order. `where` may use qp, c and paths.
 */
const pointsQuery = (where: SQL) => sql`
  with recursive paths as (
    select id, array[name] as names, array[sort] as sorts from indicators where parent_id is null
    union all
    select i.id, p.names || i.name, p.sorts || i.sort from indicators i join paths p on i.parent_id = p.id
  )
  select qp.id as "pointId", qp.name as "pointName", qp.indicator_id as "indicatorId",
    paths.names as "indicatorPath", c.id as "categoryId", c.name as "categoryName",
    coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.sort, d.name, d.id)
      from dept_responsibilities r join departments d on d.id = r.department_id
      where r.point_id = qp.id), '[]'::json) as departments
  from quality_points qp
    join paths on paths.id = qp.indicator_id
    join indicators i on i.id = qp.indicator_id
    join indicator_categories c on c.id = i.category_id
  where ${where}
  order by c.sort, c.name, paths.sorts, qp.sort, qp.id`;

const pointOf = (row: PointResponsibility): PointResponsibility => ({
  ...row,
  indicatorPath: [...row.indicatorPath],
  departments: typeof row.departments === 'string' ? JSON.parse(row.departments) : row.departments,
});

const CHUNK = 5000;
function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export interface PointFilter {
  departmentId?: string | undefined;
  categoryId?: string | undefined;
  keyword?: string | undefined;
}

function filterSql(filter: PointFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.categoryId) parts.push(sql`c.id = ${filter.categoryId}`);
  if (filter.departmentId)
    parts.push(
      sql`exists (select 1 from dept_responsibilities r where r.point_id = qp.id and r.department_id = ${filter.departmentId})`,
    );
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    parts.push(sql`(qp.name ilike ${like} or array_to_string(paths.names, ' ') ilike ${like})`);
  }
  return sqlAnd(parts);
}

export interface VersionRecord {
  id: string;
  name: string;
  versionDate: string;
  remark: string;
  isEnabled: boolean;
  assignmentCount: number;
  pointCount: number;
  createdAt: Date;
}

const versionsQuery = (where: SQL) => sql`
  select v.id, v.name, v.version_date::text as "versionDate", v.remark, v.is_enabled as "isEnabled",
    v.created_at as "createdAt",
    (select count(*) from quality_dept_version_items vi where vi.version_id = v.id)::int as "assignmentCount",
    (select count(distinct vi.point_id) from quality_dept_version_items vi where vi.version_id = v.id)::int
      as "pointCount"
  from quality_dept_versions v where ${where}
  order by v.version_date desc, v.created_at desc, v.id`;

const versionOf = (row: VersionRecord): VersionRecord => ({
  ...row,
  assignmentCount: Number(row.assignmentCount),
  pointCount: Number(row.pointCount),
  createdAt: new Date(row.createdAt),
});

/** Points, the indicator tree and departments, and the current assignment. */
function assignmentQueries(db: Db) {
  return {
    async findPointsPage(filter: PointFilter, paging: PagingQuery) {
      const page = await pagedRows<PointResponsibility>(db, pointsQuery(filterSql(filter)), paging);
      return { records: page.records.map(pointOf), total: page.total };
    },

    async findPoints(filter: PointFilter): Promise<PointResponsibility[]> {
      return (await queryRows<PointResponsibility>(db, pointsQuery(filterSql(filter)))).map(pointOf);
    },

    findCategories(categoryId?: string) {
      return queryRows<{ id: string; name: string; level: string }>(
        db,
        sql`select id, name, level from indicator_categories
            where ${categoryId ? sql`id = ${categoryId}` : sql`true`} order by sort, name, id`,
      );
    },

    findIndicators(categoryId?: string) {
      return queryRows<{
        id: string;
        categoryId: string;
        parentId: string | null;
        name: string;
        depth: number;
      }>(
        db,
        sql`select id, category_id as "categoryId", parent_id as "parentId", name, depth from indicators
            where ${categoryId ? sql`category_id = ${categoryId}` : sql`true`} order by sort, name, id`,
      );
    },

    findDepartmentByName(name: string) {
      return queryRows<DepartmentRef>(
        db,
        sql`select id, name from departments where name = ${name} or short_name_chinese = ${name}
            order by (name = ${name}) desc, id limit 1`,
      );
    },

    findDepartments(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as DepartmentRef[]);
      return queryRows<DepartmentRef>(
        db,
        sql`select id, name from departments where id in (${sqlList(ids)})`,
      );
    },

    async findPointIds(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from quality_points where id in (${sqlList(ids)})`,
      );
      return rows.map((r) => r.id);
    },

    findIndicatorIds(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([] as Array<{ id: string }>);
      return queryRows<{ id: string }>(db, sql`select id from indicators where id in (${sqlList(ids)})`);
    },

    /** The points under an indicator, at any depth, in the indicator system's order. */
    async findPointIdsUnder(indicatorId: string): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`with recursive below as (
              select id from indicators where id = ${indicatorId}
              union all select i.id from indicators i join below b on i.parent_id = b.id)
            select qp.id from quality_points qp join below on below.id = qp.indicator_id
            order by qp.sort, qp.id`,
      );
      return rows.map((r) => r.id);
    },

    /** Replaces the departments of the points (in chunks, to stay below the bound-parameter limit). */
    async replaceAssignments(
      pointIds: readonly string[],
      pairs: ReadonlyArray<{ pointId: string; departmentId: string }>,
    ) {
      for (const ids of chunks(pointIds, CHUNK))
        await db.execute(sql`delete from dept_responsibilities where point_id in (${sqlList(ids)})`);
      for (const part of chunks(pairs, CHUNK)) {
        const values = sql.join(
          part.map((p) => sql`(${p.pointId}, ${p.departmentId})`),
          sql`, `,
        );
        await db.execute(sql`insert into dept_responsibilities (point_id, department_id) values ${values}`);
      }
    },
  };
}

/** The versions and their snapshots. */
function versionQueries(db: Db) {
  return {
    async findVersionsPage(keyword: string | undefined, paging: PagingQuery) {
      const where = keyword ? sql`v.name ilike ${likePattern(keyword)}` : sql`true`;
      const page = await pagedRows<VersionRecord>(db, versionsQuery(where), paging);
      return { records: page.records.map(versionOf), total: page.total };
    },

    async findVersion(id: string): Promise<VersionRecord | undefined> {
      const [row] = await queryRows<VersionRecord>(db, versionsQuery(sql`v.id = ${id}`));
      return row && versionOf(row);
    },

    async findVersionIdByName(name: string): Promise<string | undefined> {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select id from quality_dept_versions where name = ${name}`,
      );
      return row?.id;
    },

    async insertVersion(row: {
      id: string;
      name: string;
      versionDate: string;
      remark: string;
      userId: string;
    }) {
      await db.execute(
        sql`insert into quality_dept_versions (id, name, version_date, remark, created_by_user_id)
            values (${row.id}, ${row.name}, ${row.versionDate}, ${row.remark}, ${row.userId})`,
      );
    },

    async updateVersion(id: string, row: { name: string; versionDate: string; remark: string }) {
      await db.execute(
        sql`update quality_dept_versions set name = ${row.name}, version_date = ${row.versionDate},
            remark = ${row.remark} where id = ${id}`,
      );
    },

    async deleteVersion(id: string) {
      await db.execute(sql`delete from quality_dept_versions where id = ${id}`);
    },

    /** The current assignment copied into the version. */
    async snapshotInto(versionId: string) {
      await db.execute(
        sql`insert into quality_dept_version_items (version_id, point_id, department_id)
            select ${versionId}, point_id, department_id from dept_responsibilities`,
      );
    },

    /** The version's pairs become the whole current assignment. */
    async restoreFrom(versionId: string) {
      await db.execute(sql`delete from dept_responsibilities`);
      await db.execute(
        sql`insert into dept_responsibilities (point_id, department_id)
            select point_id, department_id from quality_dept_version_items where version_id = ${versionId}`,
      );
    },

    /** Only `versionId` enabled (the unset comes first: the unique index allows one enabled row). */
    async enableOnly(versionId: string) {
      await db.execute(
        sql`update quality_dept_versions set is_enabled = false where is_enabled and id <> ${versionId}`,
      );
      await db.execute(sql`update quality_dept_versions set is_enabled = true where id = ${versionId}`);
    },
  };
}

const createQueries = (db: Db) => queryGroups(assignmentQueries(db), versionQueries(db));

export type ResponsibilityQueries = ReturnType<typeof createQueries>;

export function createResponsibilityRepo(db: Db) {
  return {
    ...createQueries(db),
    /** Inside, use only the queries handed in: on PGlite a query on the outer connection would wait forever. */
    transaction<T>(work: (tx: ResponsibilityQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createQueries(tx)));
    },
  };
}

export type ResponsibilityRepo = ReturnType<typeof createResponsibilityRepo>;
