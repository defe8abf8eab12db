import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * Queries of 年度目标分解. Task conditions use the goal repo's alias `t` (goal_tasks) with `a` the
 * optional goal_average_targets row, so the goal scoping (visibleTask) applies unchanged.
 */

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const total = (rows: { n: string | number }[]) => Number(rows[0]?.n ?? 0);

/** 置顶 first, then the task order of the year target. */
const taskOrder = sql`t.is_top desc, t.sort, t.created_at, t.id`;
const taskFrom = sql`from goal_tasks t left join goal_average_targets a on a.task_id = t.id`;

export interface TaskExtraRow {
  id: string;
  is_top: boolean;
  target_type_id: string | null;
  target_type_name: string | null;
  is_average: boolean;
  average_value: number | null;
  target_number: number | null;
  direction: string | null;
  actual_value: number | null;
  status: string | null;
}

export interface TargetTypeRow {
  id: string;
  name: string;
  description: string;
  sort: number;
  task_count: string | number;
  charger_count: string | number;
  created_at: Date | string;
}

export interface ChargerRow {
  id: string;
  department_id: string;
  department_name: string;
  target_type_id: string;
  target_type_name: string;
  user_id: string;
  user_name: string;
  user_account: string;
  phone: string;
  remark: string;
  created_at: Date | string;
}

export interface MissionRow {
  id: string;
  task_id: string;
  task_name: string;
  task_creator_user_id: string;
  year_target_name: string;
  department_name: string;
  title: string;
  content: string;
  signed_date: string | null;
  creator_name: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export function createAnnualRepo(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  return {
    db,

    async taskIds(input: { where: SQL; limit: number; offset: number }) {
      const ids = await rows<{ id: string }>(
        sql`select t.id ${taskFrom} where ${input.where} order by ${taskOrder}
            limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(
        sql`select count(*) as n ${taskFrom} where ${input.where}`,
      );
      return { ids: ids.map((r) => r.id), total: total(count) };
    },

    /** The first-level tasks of a tree page and the visible sub-tasks under them, each in display order. */
    async treeIds(input: {
      visible: SQL;
      yearTargetId: string;
      keyword: string | null;
      limit: number;
      offset: number;
    }) {
      const match = input.keyword
        ? sql`(t.name ilike ${input.keyword} or exists (select 1 from goal_tasks s where s.parent_id = t.id
              and s.name ilike ${input.keyword}))`
        : sql`true`;
      const where = sql`${input.visible} and t.year_target_id = ${input.yearTargetId} and t.parent_id is null and ${match}`;
      const roots = await rows<{ id: string }>(
        sql`select t.id ${taskFrom} where ${where} order by ${taskOrder} limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(sql`select count(*) as n ${taskFrom} where ${where}`);
      const rootIds = roots.map((r) => r.id);
      const children =
        rootIds.length === 0
          ? []
          : await rows<{ id: string; parent_id: string }>(
              sql`select t.id, t.parent_id ${taskFrom} where ${input.visible} and t.parent_id in (${list(rootIds)})
                  order by ${taskOrder}`,
            );
      return { rootIds, children, total: total(count) };
    },

    async taskExtras(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return rows<TaskExtraRow>(
        sql`select t.id, t.is_top, t.target_type_id, tt.name as target_type_name, a.task_id is not null as is_average,
              a.average_value, a.target_number, a.direction, a.actual_value, a.status
            ${taskFrom} left join goal_target_types tt on tt.id = t.target_type_id
            where t.id in (${list(ids)})`,
      );
    },

    async targetTypes(input: { where: SQL; limit: number; offset: number }) {
      const records = await rows<TargetTypeRow>(
        sql`select tt.id, tt.name, tt.description, tt.sort, tt.created_at,
              (select count(*) from goal_tasks t where t.target_type_id = tt.id) as task_count,
              (select count(*) from goal_chargers c where c.target_type_id = tt.id) as charger_count
            from goal_target_types tt where ${input.where}
            order by tt.sort, tt.created_at, tt.id limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(
        sql`select count(*) as n from goal_target_types tt where ${input.where}`,
      );
      return { records, total: total(count) };
    },

    async chargers(input: { where: SQL; limit: number; offset: number }) {
      const from = sql`from goal_chargers c join departments d on d.id = c.department_id
        join goal_target_types tt on tt.id = c.target_type_id join users u on u.id = c.user_id`;
      const records = await rows<ChargerRow>(
        sql`select c.id, c.department_id, d.name as department_name, c.target_type_id, tt.name as target_type_name,
              c.user_id, u.name as user_name, u.account as user_account, c.phone, c.remark, c.created_at
            ${from} where ${input.where}
            order by d.sort, d.name, tt.sort, tt.name, c.id limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(
        sql`select count(*) as n ${from} where ${input.where}`,
      );
      return { records, total: total(count) };
    },

    async missions(input: { where: SQL; limit: number; offset: number }) {
      const from = sql`from goal_mission_statements m join goal_tasks t on t.id = m.task_id
        join goal_year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id
        join users cu on cu.id = m.creator_user_id`;
      const records = await rows<MissionRow>(
        sql`select m.id, m.task_id, t.name as task_name, t.creator_user_id as task_creator_user_id,
              y.name as year_target_name, d.name as department_name, m.title, m.content,
              to_char(m.signed_date, 'YYYY-MM-DD') as signed_date, cu.name as creator_name, m.created_at, m.updated_at
            ${from} where ${input.where}
            order by m.updated_at desc, m.id limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(
        sql`select count(*) as n ${from} where ${input.where}`,
      );
      return { records, total: total(count) };
    },

    /** Ids of progress reports (alias p, task t) matching `where`, newest first, with the task's context. */
    async progressPage(input: { where: SQL; manager: SQL; limit: number; offset: number }) {
      const from = sql`from goal_progress p join goal_tasks t on t.id = p.task_id
        join goal_year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id`;
      const records = await rows<{
        id: string;
        task_name: string;
        year_target_name: string;
        department_name: string;
        creator_user_id: string;
        is_dept_manager: boolean;
      }>(
        sql`select p.id, t.name as task_name, y.name as year_target_name, d.name as department_name, t.creator_user_id,
              t.department_id in ${input.manager} as is_dept_manager
            ${from} where ${input.where} order by p.reported_at, p.id limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(
        sql`select count(*) as n ${from} where ${input.where}`,
      );
      return { records, total: total(count) };
    },

    async delayPage(input: { where: SQL; limit: number; offset: number }) {
      const from = sql`from goal_delays dl join goal_tasks t on t.id = dl.task_id
        join goal_year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id`;
      const records = await rows<{
        id: string;
        task_name: string;
        year_target_name: string;
        department_name: string;
      }>(
        sql`select dl.id, t.name as task_name, y.name as year_target_name, d.name as department_name
            ${from} where ${input.where} order by dl.requested_at, dl.id limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(
        sql`select count(*) as n ${from} where ${input.where}`,
      );
      return { records, total: total(count) };
    },
  };
}

export type AnnualRepo = ReturnType<typeof createAnnualRepo>;
