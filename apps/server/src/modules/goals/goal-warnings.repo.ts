import {
  DEFAULT_WARNING_DAYS,
  type GoalWarningType,
  ROLE_IDS,
  type TaskType,
  type TaskView,
} from '@eduqa/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import {
  type DepartmentScope,
  inDepartmentScope,
  urgeAwaitingAnswer,
  viewCondition,
  visibleInView,
  visibleTask,
} from './goal-scopes.ts';
import { goalUrges, goalWarningConditions } from './goals.table.ts';

/** The configured process-warning days of a task type (alias `t`), the latest configuration winning. */
export const warningDays = sql`coalesce((select wc.days from goal_warning_conditions wc where wc.task_type = t.type
  order by wc.configured_at desc, wc.id desc limit 1), ${DEFAULT_WARNING_DAYS})`;

/**
 * The warning counts of the tasks matching `where` (alias `t`) on `today` (DESIGN §7): of each task's
 * items — its nodes, or the task itself when it has none — those not done and ending before today are
 * overdue ('final'), those ending today or within the task type's warning days in process; a task without
 * warnings has no row. One pass over the nodes (a left join: a task without nodes is its own item) rather
 * than a join plus a second scan for the tasks without nodes — as a prepared statement's generic plan, the
 * whole school's counts took 31 ms that way against 22 ms. The warning days are read once per task type.
 */
export function warningItems(where: SQL, today: string): SQL {
  const end = sql`coalesce(n.end_date, vt.end_date)`;
  return sql`with configured as (
      select distinct on (wc.task_type) wc.task_type, wc.days from goal_warning_conditions wc
      order by wc.task_type, wc.configured_at desc, wc.id desc
    ), vt as (
      select t.id, t.end_date, t.state, coalesce(configured.days, ${DEFAULT_WARNING_DAYS}) as days
      from goal_tasks t left join configured on configured.task_type = t.type where ${where}
    )
    select vt.id as task_id,
      (count(*) filter (where ${end} >= ${today}::date))::int as process_count,
      (count(*) filter (where ${end} < ${today}::date))::int as expired_count
    from vt left join goal_nodes n on n.task_id = vt.id
    where not (case when n.task_id is null then vt.state = 'done' else n.state in ('hasDone', 'delayDone') end)
      and ${end} <= ${today}::date + vt.days
    group by vt.id`;
}

/** The tasks whose warnings 预警数 counts: those the actor may read, never withdrawn ones. */
export interface WarningCountScope {
  actor: Actor;
  yearTargetId?: string | undefined;
  /** 个人预警数: only the tasks the actor leads or holds a node of. */
  personal: boolean;
  /** 部门预警数: only the tasks of these responsible departments (none: every department). */
  departmentIds?: readonly string[] | undefined;
}

function warningCountWhere(scope: WarningCountScope): SQL {
  const parts: SQL[] = [visibleTask(scope.actor), sql`not t.is_withdrawn`];
  if (scope.yearTargetId) parts.push(sql`t.year_target_id = ${scope.yearTargetId}`);
  if (scope.personal) parts.push(viewCondition(scope.actor.userId, 'mine'));
  if (scope.departmentIds && scope.departmentIds.length > 0) {
    parts.push(sql`t.department_id in (${sqlList(scope.departmentIds)})`);
  }
  return sqlAnd(parts);
}

/** The tasks the 预警 list pages: those the actor may read within a view, never withdrawn ones. */
export interface WarningTaskScope {
  actor: Actor;
  view?: TaskView | undefined;
  /** The departments the view names, read beforehand (departmentIdsOf). */
  departmentIds: readonly string[];
  yearTargetId?: string | undefined;
  keyword?: string | undefined;
}

function warningTaskWhere(scope: WarningTaskScope): SQL {
  const parts: SQL[] = [visibleInView(scope.actor, scope.view, scope.departmentIds), sql`not t.is_withdrawn`];
  if (scope.yearTargetId) parts.push(sql`t.year_target_id = ${scope.yearTargetId}`);
  if (scope.keyword) parts.push(sql`t.name ilike ${likePattern(scope.keyword)}`);
  return sqlAnd(parts);
}

/** Which urges a read takes: those of the departments in scope, by id or by the list's filters. */
export interface UrgeFilter {
  departments: DepartmentScope;
  ids?: readonly string[];
  yearTargetId?: string | undefined;
  urgeType?: 0 | 1 | undefined;
  departmentId?: string | undefined;
  /** Only the urges waiting for this user's answer (the home page's 待处理的督办). */
  awaitingAnswerOf?: string | undefined;
}

function urgeWhere(filter: UrgeFilter): SQL {
  const parts: SQL[] = [inDepartmentScope(sql`g.department_id`, filter.departments)];
  if (filter.ids) parts.push(sql`g.id in (${sqlList(filter.ids)})`);
  if (filter.yearTargetId) parts.push(sql`g.year_target_id = ${filter.yearTargetId}`);
  if (filter.urgeType !== undefined) parts.push(sql`g.urge_type = ${filter.urgeType}`);
  if (filter.departmentId) parts.push(sql`g.department_id = ${filter.departmentId}`);
  if (filter.awaitingAnswerOf) parts.push(urgeAwaitingAnswer(filter.awaitingAnswerOf));
  return sqlAnd(parts);
}

export interface WarningCountRow {
  taskId: string;
  processWarningCount: number;
  expiredWarningCount: number;
}
const countColumns = sql`w.task_id as "taskId", w.process_count as "processWarningCount",
  w.expired_count as "expiredWarningCount"`;

export interface ConditionRow {
  id: string;
  taskType: TaskType;
  days: number;
  configuredBy: string;
  configuredAt: Date | string;
}

export interface UrgeRow {
  id: string;
  yearTargetId: string;
  yearTargetName: string;
  departmentId: string;
  departmentName: string;
  currentStatus: 1 | 2;
  urgeType: 0 | 1;
  content: string;
  urgerName: string;
  urgedAt: Date | string;
  acceptorName: string | null;
  acceptedAt: Date | string | null;
}

export interface DepartmentSummaryRow {
  departmentId: string;
  departmentName: string;
  headId: string | null;
  headName: string | null;
  taskCount: number;
  doneCount: number;
  collaborationCount: number;
  processWarningCount: number;
  expiredWarningCount: number;
  pendingUrgeCount: number;
}

/** Warnings, their configuration, urges and the per-department summary. */
export function createGoalWarningsRepo(db: Db) {
  const context = warningsContext(db);
  return { ...warningQueries(context), ...urgeQueries(context), ...departmentSummaryQueries(context) };
}

function warningsContext(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  const count = async (query: SQL) => Number((await rows<{ n: number }>(query))[0]?.n ?? 0);
  return { db, rows, count };
}
type WarningsContext = ReturnType<typeof warningsContext>;

function warningQueries({ db, rows, count }: WarningsContext) {
  return {
    /** Warning counts per task for the tasks of the scope, in one statement. */
    warningCounts(scope: WarningCountScope, today: string) {
      return queryNamedRows<WarningCountRow>(
        db,
        'warning_counts',
        sql`select ${countColumns} from (${warningItems(warningCountWhere(scope), today)}) w`,
      );
    },

    /** A page of the scope's tasks with warnings of the given type, with their counts. */
    async warningTasks(input: {
      scope: WarningTaskScope;
      today: string;
      type?: GoalWarningType | undefined;
      limit: number;
      offset: number;
    }) {
      const having =
        input.type === 'final'
          ? sql`w.expired_count > 0`
          : input.type === 'process'
            ? sql`w.process_count > 0`
            : sql`true`;
      const found = await rows<WarningCountRow & { total: number }>(
        sql`select ${countColumns}, count(*) over ()::int as total from (${warningItems(warningTaskWhere(input.scope), input.today)}) w
            join goal_tasks t on t.id = w.task_id
            where ${having} order by t.end_date, t.id limit ${input.limit} offset ${input.offset}`,
      );
      return { counts: found, total: found[0]?.total ?? 0 };
    },

    warningConditions() {
      return rows<ConditionRow>(
        sql`select distinct on (c.task_type) c.id, c.task_type as "taskType", c.days,
              u.name as "configuredBy", c.configured_at as "configuredAt"
            from goal_warning_conditions c join users u on u.id = c.configured_by_user_id
            order by c.task_type, c.configured_at desc, c.id desc`,
      );
    },
    async warningConditionHistory(input: { taskType?: string | undefined; limit: number; offset: number }) {
      const where = input.taskType ? sql`c.task_type = ${input.taskType}` : sql`true`;
      const [records, total] = await Promise.all([
        rows<ConditionRow>(
          sql`select c.id, c.task_type as "taskType", c.days, u.name as "configuredBy",
                c.configured_at as "configuredAt"
              from goal_warning_conditions c join users u on u.id = c.configured_by_user_id
              where ${where} order by c.configured_at desc, c.id desc limit ${input.limit} offset ${input.offset}`,
        ),
        count(sql`select count(*)::int as n from goal_warning_conditions c where ${where}`),
      ]);
      return { records, total };
    },
    async insertWarningConditions(values: (typeof goalWarningConditions.$inferInsert)[]) {
      await db.insert(goalWarningConditions).values(values);
    },
  };
}

function urgeQueries({ db, rows, count }: WarningsContext) {
  return {
    async urges(input: { filter: UrgeFilter; limit: number; offset: number }) {
      const where = urgeWhere(input.filter);
      const [records, total] = await Promise.all([
        rows<UrgeRow>(
          sql`select g.id, g.year_target_id as "yearTargetId", y.name as "yearTargetName",
                g.department_id as "departmentId", d.name as "departmentName", g.current_status as "currentStatus",
                g.urge_type as "urgeType", g.content, uu.name as "urgerName", g.urged_at as "urgedAt",
                au.name as "acceptorName", g.accepted_at as "acceptedAt"
              from goal_urges g join goal_year_targets y on y.id = g.year_target_id
              join departments d on d.id = g.department_id join users uu on uu.id = g.urger_user_id
              left join users au on au.id = g.acceptor_user_id
              where ${where} order by g.urged_at desc, g.id limit ${input.limit} offset ${input.offset}`,
        ),
        count(sql`select count(*)::int as n from goal_urges g where ${where}`),
      ]);
      return { records, total };
    },
    async insertUrges(values: (typeof goalUrges.$inferInsert)[]) {
      await db.insert(goalUrges).values(values);
    },
    /**
     * Who answers for each department (goal-scopes.ts `myDepartments` read the other way round): its head,
     * and its members holding the department principal or auditor task role.
     */
    async departmentAnswerers(departmentIds: readonly string[]): Promise<Map<string, string[]>> {
      if (departmentIds.length === 0) return new Map();
      const found = await queryRows<{ departmentId: string; userId: string }>(
        db,
        sql`select d.id as "departmentId", d.head_user_id as "userId" from departments d
              where d.id in (${sqlList(departmentIds)}) and d.head_user_id is not null
            union
            select u.department_id, u.id from users u
              where u.department_id in (${sqlList(departmentIds)})
                and exists (select 1 from user_roles r where r.user_id = u.id
                  and r.role_id in (${ROLE_IDS.targetTaskDepartPrincipal}, ${ROLE_IDS.targetTaskDepartAuditor}))`,
      );
      const answerers = new Map<string, string[]>();
      for (const row of found)
        answerers.set(row.departmentId, [...(answerers.get(row.departmentId) ?? []), row.userId]);
      return answerers;
    },
    /** Accepts a pending urge; no row when it was no longer pending. */
    acceptUrge(id: string, values: { urgeType: 0 | 1; acceptorUserId: string; acceptedAt: Date }) {
      return db
        .update(goalUrges)
        .set(values)
        .where(and(eq(goalUrges.id, id), eq(goalUrges.urgeType, 0)))
        .returning({ id: goalUrges.id });
    },
  };
}

function departmentSummaryQueries({ rows }: WarningsContext) {
  return {
    /**
     * Per department in scope: the tasks it leads that the actor may read (never withdrawn ones), done,
     * collaborations, warnings and pending urges, in one statement; optionally of one year target.
     */
    departmentSummaries(input: {
      actor: Actor;
      departments: DepartmentScope;
      yearTargetId?: string | undefined;
      today: string;
    }) {
      const taskParts: SQL[] = [visibleTask(input.actor), sql`not t.is_withdrawn`];
      const urgeParts: SQL[] = [sql`true`];
      if (input.yearTargetId) {
        taskParts.push(sql`t.year_target_id = ${input.yearTargetId}`);
        urgeParts.push(sql`g.year_target_id = ${input.yearTargetId}`);
      }
      const taskWhere = sqlAnd(taskParts);
      return rows<DepartmentSummaryRow>(
        sql`with w as (${warningItems(taskWhere, input.today)}),
            led as (
              select t.department_id, count(*) as task_count, count(*) filter (where t.state = 'done') as done_count,
                coalesce(sum(w.process_count), 0) as process_count, coalesce(sum(w.expired_count), 0) as expired_count
              from goal_tasks t left join w on w.task_id = t.id where ${taskWhere} group by t.department_id
            ),
            collab as (
              select c.department_id, count(*) as n from goal_task_collaborators c join goal_tasks t on t.id = c.task_id
              where ${taskWhere} group by c.department_id
            ),
            urged as (
              select g.department_id, count(*) as n from goal_urges g where g.urge_type = 0 and ${sqlAnd(urgeParts)}
              group by g.department_id
            )
            select d.id as "departmentId", d.name as "departmentName", d.head_user_id as "headId",
              hu.name as "headName", coalesce(led.task_count, 0)::int as "taskCount",
              coalesce(led.done_count, 0)::int as "doneCount", coalesce(collab.n, 0)::int as "collaborationCount",
              coalesce(led.process_count, 0)::int as "processWarningCount",
              coalesce(led.expired_count, 0)::int as "expiredWarningCount",
              coalesce(urged.n, 0)::int as "pendingUrgeCount"
            from departments d left join users hu on hu.id = d.head_user_id
            left join led on led.department_id = d.id left join collab on collab.department_id = d.id
            left join urged on urged.department_id = d.id
            where ${inDepartmentScope(sql`d.id`, input.departments)} order by d.sort, d.name`,
      );
    },
  };
}

export type GoalWarningsRepo = ReturnType<typeof createGoalWarningsRepo>;
