import type * as S from '@eduqa/contract';
import type { AverageDirection, AverageStatus } from '@eduqa/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { goalTargetTypes } from './annual.table.ts';
import { visibleTask } from './goal-scopes.ts';
import type { In } from './goals.common.ts';
import { goalTasks } from './goals.table.ts';

/**
 * The annual view's task queries. Task conditions use the goal repo's alias `t` (goal_tasks) with `a`
 * the optional goal_average_targets row, so the goal scoping (visibleTask) applies unchanged.
 */

/** What the annual view adds to a goal task: 置顶, its target type, and the average-level numbers. */
export interface TaskExtraRow {
  id: string;
  isTop: boolean;
  targetTypeId: string | null;
  targetTypeName: string | null;
  isAverage: boolean;
  averageValue: number | null;
  targetNumber: number | null;
  direction: AverageDirection | null;
  actualValue: number | null;
  status: AverageStatus | null;
}

export const total = (rows: { n: string | number }[]) => Number(rows[0]?.n ?? 0);

/** 置顶 first, then the task order of the year target. */
const taskOrder = sql`t.is_top desc, t.sort, t.created_at, t.id`;
const taskFrom = sql`from goal_tasks t left join goal_average_targets a on a.task_id = t.id`;

type TaskFilter = Partial<In<typeof S.AnnualTaskListQuerySchema>>;

export function taskWhere(actor: Actor, q: TaskFilter): SQL {
  const parts: SQL[] = [visibleTask(actor)];
  if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
  if (q.keyword) parts.push(sql`t.name ilike ${likePattern(q.keyword)}`);
  if (q.targetTypeId) parts.push(sql`t.target_type_id = ${q.targetTypeId}`);
  if (q.departmentId) parts.push(sql`t.department_id = ${q.departmentId}`);
  if (q.type) parts.push(sql`t.type = ${q.type}`);
  if (q.kind === 'average') parts.push(sql`a.task_id is not null`);
  if (q.kind === 'task') parts.push(sql`a.task_id is null`);
  return sqlAnd(parts);
}

export function averageWhere(actor: Actor, q: In<typeof S.AverageTargetListQuerySchema>): SQL {
  const parts: SQL[] = [visibleTask(actor), sql`a.task_id is not null`];
  if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
  if (q.keyword) parts.push(sql`t.name ilike ${likePattern(q.keyword)}`);
  if (q.status) parts.push(sql`a.status = ${q.status}`);
  return sqlAnd(parts);
}

export function createAnnualTasksRepo(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  return {
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
      actor: Actor;
      yearTargetId: string;
      keyword: string | undefined;
      limit: number;
      offset: number;
    }) {
      const visible = visibleTask(input.actor);
      const keyword = input.keyword ? likePattern(input.keyword) : null;
      const match = keyword
        ? sql`(t.name ilike ${keyword} or exists (select 1 from goal_tasks s where s.parent_id = t.id
              and s.name ilike ${keyword}))`
        : sql`true`;
      const where = sql`${visible} and t.year_target_id = ${input.yearTargetId} and t.parent_id is null and ${match}`;
      const roots = await rows<{ id: string }>(
        sql`select t.id ${taskFrom} where ${where} order by ${taskOrder} limit ${input.limit} offset ${input.offset}`,
      );
      const count = await rows<{ n: string | number }>(sql`select count(*) as n ${taskFrom} where ${where}`);
      const rootIds = roots.map((r) => r.id);
      const children =
        rootIds.length === 0
          ? []
          : await rows<{ id: string; parentId: string }>(
              sql`select t.id, t.parent_id as "parentId" ${taskFrom}
                  where ${visible} and t.parent_id in (${sqlList(rootIds)}) order by ${taskOrder}`,
            );
      return { rootIds, children, total: total(count) };
    },

    async taskExtras(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return rows<TaskExtraRow>(
        sql`select t.id, t.is_top as "isTop", t.target_type_id as "targetTypeId", tt.name as "targetTypeName",
              a.task_id is not null as "isAverage", a.average_value as "averageValue",
              a.target_number as "targetNumber", a.direction, a.actual_value as "actualValue", a.status
            ${taskFrom} left join goal_target_types tt on tt.id = t.target_type_id
            where t.id in (${sqlList(ids)})`,
      );
    },

    async targetTypeExists(id: string) {
      const found = await db
        .select({ id: goalTargetTypes.id })
        .from(goalTargetTypes)
        .where(eq(goalTargetTypes.id, id));
      return found.length > 0;
    },

    setTop: (id: string, isTop: boolean) => db.update(goalTasks).set({ isTop }).where(eq(goalTasks.id, id)),

    setTaskType: (id: string, targetTypeId: string | undefined) =>
      db
        .update(goalTasks)
        .set({ targetTypeId: targetTypeId ?? null })
        .where(eq(goalTasks.id, id)),
  };
}
