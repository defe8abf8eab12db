import type * as S from '@eduqa/contract';
import type { AuditNumber, ExamType, ScheduleStatus, TaskType, YearTaskState } from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { likePattern, sqlAnd, sqlList, textArray } from '../../platform/sql.ts';
import { departments, users } from '../org/org.table.ts';
import { myDepartments, visibleInView, visibleTask } from './goal-scopes.ts';
import { goalTodoItems } from './goal-todos.ts';
import { warningDays, warningItems } from './goal-warnings.repo.ts';
import { goalNodes, goalTaskCollaborators, goalTasks, goalYearTargets } from './goals.table.ts';

/** A task as the lists read it: every column the wire needs, named as the contract names it. */
export interface TaskRow {
  id: string;
  yearTargetId: string;
  yearTargetName: string;
  cycleYear: number;
  parentId: string | null;
  name: string;
  type: TaskType;
  examType: ExamType;
  targetValue: string;
  departmentId: string;
  departmentName: string;
  principalId: string;
  principalName: string;
  collaboratingDepartments: string | { id: string; name: string }[];
  startDate: string;
  endDate: string;
  detail: string;
  situation: string;
  state: YearTaskState;
  auditState: AuditNumber | null;
  isWithdrawn: boolean;
  sort: number;
  creatorId: string;
  creatorName: string;
  createdAt: Date | string;
  nodeCount: number;
  doneNodeCount: number;
  subTaskCount: number;
  warningDays: number;
}

/** The facts of one task that decide what an actor may do with it. */
export interface TaskRightRow {
  id: string;
  yearTargetId: string;
  parentId: string | null;
  creatorId: string;
  principalId: string;
  departmentId: string;
  state: YearTaskState;
  auditState: AuditNumber | null;
  isWithdrawn: boolean;
  startDate: string;
  endDate: string;
  isDeptHead: boolean;
  isDeptManager: boolean;
}

export interface YearTargetRow {
  id: string;
  name: string;
  cycleYear: number;
  description: string;
  creatorId: string;
  creatorName: string;
  taskCount: number;
  createdAt: Date | string;
}

/** The columns a task's create and update both write. */
export interface TaskColumns {
  name: string;
  type: TaskType;
  examType: ExamType;
  targetValue: string;
  departmentId: string;
  principalUserId: string;
  startDate: string;
  endDate: string;
  detail: string;
  situation?: string;
}

export interface NewTask extends TaskColumns {
  id: string;
  yearTargetId: string;
  parentId: string | null;
  collaboratorIds: readonly string[];
}

/**
 * Which tasks a read takes, besides what the actor may read: the task list's filters (its view among
 * them), or one task, or a task with every task under it.
 */
export type TaskFilter = Partial<
  Omit<z.output<typeof S.TargetTaskListQuerySchema>, 'pageNum' | 'pageSize'>
> & {
  id?: string;
  subtreeOf?: string;
};

/** The SQL twin of deriveScheduleStatus on `today` (yyyy-MM-dd). */
function scheduleCondition(status: ScheduleStatus, today: string): SQL {
  return {
    finish: sql`t.state = 'done'`,
    block: sql`t.state <> 'done' and t.end_date < ${today}::date`,
    normal: sql`t.state = 'doing' and t.end_date >= ${today}::date`,
    unstart: sql`t.state in ('waitResolve', 'hasResolved') and t.end_date >= ${today}::date`,
  }[status];
}

/**
 * The tasks (alias `t`) of a filter that the actor may read. A view names its departments as the `mine`
 * set, which the task page's statement reads.
 */
function taskWhere(actor: Actor, q: TaskFilter, today: string): SQL {
  // A to-do carries its own scope (the creator's audits are not in 我的任务): it replaces the view's.
  const parts: SQL[] = [visibleInView(actor, q.todo ? undefined : q.view, 'mine')];
  if (q.todo) parts.push(sql`t.id in (select x.task_id from (${goalTodoItems(actor, q.todo)}) x)`);
  if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
  if (q.cycleYear) {
    parts.push(
      sql`exists (select 1 from goal_year_targets cy where cy.id = t.year_target_id and cy.cycle_year = ${q.cycleYear})`,
    );
  }
  if (q.keyword) parts.push(sql`t.name ilike ${likePattern(q.keyword)}`);
  if (q.type) parts.push(sql`t.type = ${q.type}`);
  if (q.state) parts.push(sql`t.state = ${q.state}`);
  if (q.departmentId) parts.push(sql`t.department_id = ${q.departmentId}`);
  if (q.parentId) parts.push(sql`t.parent_id = ${q.parentId}`);
  if (q.topOnly) parts.push(sql`t.parent_id is null`);
  if (q.scheduleStatus) parts.push(sql`(${scheduleCondition(q.scheduleStatus, today)})`);
  if (q.warningType) {
    const column = q.warningType === 'final' ? sql`w.expired_count` : sql`w.process_count`;
    parts.push(
      sql`t.id in (select w.task_id from (${warningItems(sql`not t.is_withdrawn`, today)}) w where ${column} > 0)`,
    );
  }
  if (q.id) parts.push(sql`t.id = ${q.id}`);
  if (q.subtreeOf) {
    parts.push(
      sql`t.id in (with recursive under(id) as (
                     select ${q.subtreeOf}::text
                     union all select c.id from goal_tasks c join under on c.parent_id = under.id)
                   select id from under)`,
    );
  }
  return sqlAnd(parts);
}

const taskColumns = sql`t.id, t.year_target_id as "yearTargetId", y.name as "yearTargetName",
    y.cycle_year as "cycleYear", t.parent_id as "parentId", t.name, t.type, t.exam_type as "examType",
    t.target_value as "targetValue", t.department_id as "departmentId", d.name as "departmentName",
    t.principal_user_id as "principalId", pu.name as "principalName",
    to_char(t.start_date, 'YYYY-MM-DD') as "startDate", to_char(t.end_date, 'YYYY-MM-DD') as "endDate",
    t.detail, t.situation, t.state, t.audit_state as "auditState", t.is_withdrawn as "isWithdrawn", t.sort,
    t.creator_user_id as "creatorId", cu.name as "creatorName", t.created_at as "createdAt",
    coalesce((select json_agg(json_build_object('id', cd.id, 'name', cd.name) order by cd.sort, cd.name)
              from goal_task_collaborators c join departments cd on cd.id = c.department_id
              where c.task_id = t.id), '[]'::json) as "collaboratingDepartments",
    (select count(*)::int from goal_nodes n where n.task_id = t.id) as "nodeCount",
    (select count(*)::int from goal_nodes n where n.task_id = t.id and n.state in ('hasDone', 'delayDone'))
      as "doneNodeCount",
    (select count(*)::int from goal_tasks s where s.parent_id = t.id) as "subTaskCount",
    ${warningDays}::int as "warningDays"`;
const taskJoins = sql`join goal_year_targets y on y.id = t.year_target_id
  join departments d on d.id = t.department_id
  join users pu on pu.id = t.principal_user_id
  join users cu on cu.id = t.creator_user_id`;
const taskSelect = sql`select ${taskColumns} from goal_tasks t ${taskJoins}`;

/** Year targets and target tasks: reads as the lists need them, and the writes of their services. */
export function createGoalTasksRepo(db: Db) {
  const context = tasksContext(db);
  return queryGroups(
    yearTargetLists(context),
    yearTargetEditing(context),
    taskReads(context),
    taskChecks(context),
    taskWrites(context),
    lookups(context),
  );
}

function tasksContext(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  const count = async (query: SQL) => Number((await rows<{ n: number }>(query))[0]?.n ?? 0);
  /** The tasks with these ids, as one named statement whatever their number (the ids are one array parameter). */
  const tasksByIds = (ids: readonly string[]): Promise<TaskRow[]> =>
    ids.length === 0
      ? Promise.resolve([])
      : queryNamedRows<TaskRow>(
          db,
          'tasks_by_ids',
          sql`${taskSelect} where t.id = any(${textArray(ids)}) order by t.sort, t.created_at, t.id`,
        );
  return { db, rows, count, tasksByIds };
}
type TasksContext = ReturnType<typeof tasksContext>;

function yearTargetLists({ rows, count }: TasksContext) {
  return {
    async yearTargets(input: {
      cycleYear?: number | undefined;
      keyword?: string | undefined;
      id?: string | undefined;
      limit: number;
      offset: number;
    }) {
      const where = sql.join(
        [
          sql`true`,
          ...(input.cycleYear ? [sql`y.cycle_year = ${input.cycleYear}`] : []),
          ...(input.keyword ? [sql`y.name ilike ${likePattern(input.keyword)}`] : []),
          ...(input.id ? [sql`y.id = ${input.id}`] : []),
        ],
        sql` and `,
      );
      const [records, total] = await Promise.all([
        rows<YearTargetRow>(
          sql`select y.id, y.name, y.cycle_year as "cycleYear", y.description, y.creator_user_id as "creatorId",
                u.name as "creatorName", y.created_at as "createdAt",
                (select count(*)::int from goal_tasks t where t.year_target_id = y.id) as "taskCount"
              from goal_year_targets y join users u on u.id = y.creator_user_id
              where ${where} order by y.cycle_year desc, y.created_at desc, y.id
              limit ${input.limit} offset ${input.offset}`,
        ),
        count(sql`select count(*)::int as n from goal_year_targets y where ${where}`),
      ]);
      return { records, total };
    },

    years() {
      return rows<{ cycleYear: number; targetCount: number; taskCount: number }>(
        sql`select y.cycle_year as "cycleYear", count(distinct y.id)::int as "targetCount",
              count(t.id)::int as "taskCount"
            from goal_year_targets y left join goal_tasks t on t.year_target_id = y.id
            group by y.cycle_year order by y.cycle_year desc`,
      );
    },
  };
}

function yearTargetEditing({ db }: TasksContext) {
  return {
    async yearTargetCreator(id: string) {
      const [row] = await db
        .select({ creatorId: goalYearTargets.creatorUserId })
        .from(goalYearTargets)
        .where(eq(goalYearTargets.id, id));
      return row?.creatorId ?? null;
    },
    async existingYearTargets(ids: readonly string[]) {
      const found = await db
        .select({ id: goalYearTargets.id })
        .from(goalYearTargets)
        .where(inArray(goalYearTargets.id, [...ids]));
      return new Set(found.map((r) => r.id));
    },
    insertYearTarget(values: {
      id: string;
      name: string;
      cycleYear: number;
      description: string;
      creatorUserId: string;
    }) {
      return db.insert(goalYearTargets).values(values);
    },
    updateYearTarget(
      id: string,
      values: { name: string; cycleYear: number; description: string; updatedAt: Date },
    ) {
      return db.update(goalYearTargets).set(values).where(eq(goalYearTargets.id, id));
    },
    async yearTargetsHaveTasks(ids: readonly string[]) {
      const [used] = await db
        .select({ id: goalTasks.id })
        .from(goalTasks)
        .where(inArray(goalTasks.yearTargetId, [...ids]))
        .limit(1);
      return Boolean(used);
    },
    async deleteYearTargets(ids: readonly string[]) {
      await db.delete(goalYearTargets).where(inArray(goalYearTargets.id, [...ids]));
    },
  };
}

function taskReads({ db, rows, tasksByIds }: TasksContext) {
  return {
    /**
     * A page of the tasks of a filter that the actor may read, and their total, in one named statement:
     * the page's ids and the total from the filter (which, for a view, also reads the actor's departments:
     * the `mine` of visibleInView), then the rows of those ids. The limit stays inside `array(…)`, so the
     * statement's cost does not hang on it and PostgreSQL keeps one generic plan per connection (with the
     * limit on the outer query it planned again on every call, which cost more than the run). A page past
     * the end still answers one row, with the total and no task.
     */
    async tasks(input: { actor: Actor; filter: TaskFilter; today: string; limit: number; offset: number }) {
      const { actor, filter } = input;
      const where = taskWhere(actor, filter, input.today);
      const mine = filter.view ? sql`mine as materialized ${myDepartments(actor.userId)},` : sql``;
      const rows = await queryNamedRows<Omit<TaskRow, 'id'> & { id: string | null; pageTotal: number }>(
        db,
        'task_page',
        sql`with ${mine} matched as (
              select t.id, y.cycle_year, t.sort, t.created_at
              from goal_tasks t join goal_year_targets y on y.id = t.year_target_id where ${where}
            ), page as (
              select (select count(*)::int from matched) as total,
                array(select id from matched order by cycle_year desc, sort, created_at, id
                      limit ${input.limit} offset ${input.offset}) as ids
            )
            select page.total as "pageTotal", r.*
            from page left join lateral (${taskSelect} where t.id = any(page.ids)) r on true
            order by array_position(page.ids, r.id)`,
      );
      const records = rows.flatMap(({ pageTotal: _, id, ...row }) => (id === null ? [] : [{ id, ...row }]));
      return { records, total: Number(rows[0]?.pageTotal ?? 0) };
    },

    /** The departments the user answers for (goal-scopes.ts myDepartments). */
    async departmentIdsOf(userId: string) {
      return (await rows<{ id: string }>(sql`select m.id from ${myDepartments(userId)} m`)).map((r) => r.id);
    },

    tasksByIds,

    /** The right-relevant facts of one task for an actor, or nothing when they cannot see it. */
    async taskRight(actor: Actor, taskId: string): Promise<TaskRightRow | null> {
      const me = actor.userId;
      const [row] = await rows<TaskRightRow>(
        sql`select t.id, t.year_target_id as "yearTargetId", t.parent_id as "parentId",
              t.creator_user_id as "creatorId", t.principal_user_id as "principalId",
              t.department_id as "departmentId", t.state, t.audit_state as "auditState",
              t.is_withdrawn as "isWithdrawn", to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
              to_char(t.end_date, 'YYYY-MM-DD') as "endDate",
              exists (select 1 from departments hd where hd.id = t.department_id and hd.head_user_id = ${me})
                as "isDeptHead",
              t.department_id in ${myDepartments(me)} as "isDeptManager"
            from goal_tasks t where t.id = ${taskId} and ${visibleTask(actor)}`,
      );
      return row ?? null;
    },
  };
}

function taskChecks({ db, count }: TasksContext) {
  return {
    async taskSpan(id: string) {
      const [row] = await db
        .select({ start: goalTasks.startDate, end: goalTasks.endDate })
        .from(goalTasks)
        .where(eq(goalTasks.id, id));
      return row ?? null;
    },
    /** The earliest start and latest end of a task's nodes (null when it has none). */
    async nodeSpan(taskId: string) {
      const [span] = await db
        .select({
          start: sql<string | null>`to_char(min(${goalNodes.startDate}), 'YYYY-MM-DD')`,
          end: sql<string | null>`to_char(max(${goalNodes.endDate}), 'YYYY-MM-DD')`,
        })
        .from(goalNodes)
        .where(eq(goalNodes.taskId, taskId));
      return span ?? { start: null, end: null };
    },
    /** Sub-tasks of `id` that are not themselves among `except`. */
    subTaskCount(id: string, except: readonly string[]) {
      return count(
        sql`select count(*)::int as n from goal_tasks where parent_id = ${id} and id not in (${sqlList(except)})`,
      );
    },
    async hasSubTasks(id: string) {
      return (await count(sql`select count(*)::int as n from goal_tasks where parent_id = ${id}`)) > 0;
    },
  };
}

function taskWrites({ db, count }: TasksContext) {
  const lastSort = (yearTargetId: string) =>
    count(
      sql`select coalesce(max(sort), 0)::int as n from goal_tasks where year_target_id = ${yearTargetId}`,
    );

  async function insertCollaborators(taskId: string, departmentIds: readonly string[]) {
    if (departmentIds.length === 0) return;
    await db
      .insert(goalTaskCollaborators)
      .values(departmentIds.map((departmentId) => ({ taskId, departmentId })));
  }

  return {
    /** New tasks after the year target's last, with their collaborating departments. */
    async insertTasks(tasks: readonly NewTask[], creatorUserId: string) {
      if (tasks.length === 0) return;
      const start = await lastSort(tasks[0]!.yearTargetId);
      await db.insert(goalTasks).values(
        tasks.map(({ collaboratorIds: _, ...task }, i) => ({
          ...task,
          sort: start + i + 1,
          creatorUserId,
        })),
      );
      const links = tasks.flatMap((t) =>
        t.collaboratorIds.map((departmentId) => ({ taskId: t.id, departmentId })),
      );
      if (links.length > 0) await db.insert(goalTaskCollaborators).values(links);
    },
    async updateTask(
      id: string,
      columns: TaskColumns & { updatedAt: Date },
      collaboratorIds: readonly string[],
    ) {
      await db.update(goalTasks).set(columns).where(eq(goalTasks.id, id));
      await db.delete(goalTaskCollaborators).where(eq(goalTaskCollaborators.taskId, id));
      await insertCollaborators(id, collaboratorIds);
    },
    async deleteTasks(ids: readonly string[]) {
      // Sub-tasks first: they are in the same batch when they are deleted with their parent.
      await db
        .delete(goalTasks)
        .where(and(inArray(goalTasks.id, [...ids]), sql`${goalTasks.parentId} is not null`));
      await db.delete(goalTasks).where(inArray(goalTasks.id, [...ids]));
    },
    /** The task's 完成情况 text (targetTaskSituation). */
    async setSituation(id: string, situation: string) {
      await db.update(goalTasks).set({ situation, updatedAt: new Date() }).where(eq(goalTasks.id, id));
    },
    async setTask(
      id: string,
      values: Partial<{ isWithdrawn: boolean; parentId: string | null; sort: number; isTop: boolean }> & {
        updatedAt?: Date;
      },
    ) {
      await db.update(goalTasks).set(values).where(eq(goalTasks.id, id));
    },
  };
}

function lookups({ db, rows }: TasksContext) {
  return {
    async exists(table: 'users' | 'departments', ids: readonly string[]) {
      if (ids.length === 0) return new Set<string>();
      const found = await rows<{ id: string }>(
        sql`select id from ${sql.identifier(table)} where id in (${sqlList(ids)})`,
      );
      return new Set(found.map((r) => r.id));
    },

    /** What an import resolves names against: departments, active accounts, the target's top tasks. */
    importLookups: async (yearTargetId: string, accounts: readonly string[]) => {
      const [allDepartments, found, topTasks] = await Promise.all([
        db
          .select({ id: departments.id, name: departments.name, short: departments.shortNameChinese })
          .from(departments),
        accounts.length === 0
          ? Promise.resolve([])
          : db
              .select({ id: users.id, account: sql<string>`lower(${users.account})` })
              .from(users)
              .where(and(sql`lower(${users.account}) in (${sqlList(accounts)})`, eq(users.disabled, false))),
        db
          .select({
            id: goalTasks.id,
            name: goalTasks.name,
            start: goalTasks.startDate,
            end: goalTasks.endDate,
          })
          .from(goalTasks)
          .where(and(eq(goalTasks.yearTargetId, yearTargetId), sql`${goalTasks.parentId} is null`)),
      ]);
      return { departments: allDepartments, users: found, topTasks };
    },
  };
}

export type GoalTasksRepo = ReturnType<typeof createGoalTasksRepo>;
