import type { TaskType } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { sqlAnd } from '../../platform/sql.ts';
import { visibleTask } from './goal-scopes.ts';
import { warningDays, warningItems } from './goal-warnings.repo.ts';

/**
 * The statistics of 汇总分析, one statement per chart. Each statement starts from `analysedTasks`: the
 * tasks matching `where` (alias `t`) with their node counts, schedule status and warning counts, then
 * groups them with `count(*) filter (where …)`.
 */

export type AnalysisWarningCondition = 'all' | 'process' | 'expired';

/**
 * Which tasks are counted: those an actor may read (goal-scopes visibleTask) or the whole school's (the
 * data screen), never withdrawn ones, narrowed by the filters.
 */
export interface AnalysisScope {
  readers: { kind: 'actor'; actor: Actor } | { kind: 'school' };
  yearTargetId?: string | undefined;
  cycleYear?: number | undefined;
  taskType?: TaskType | undefined;
  departmentId?: string | undefined;
  warning: AnalysisWarningCondition;
  /** yyyy-MM-dd on the school's clock. */
  today: string;
}

/** The scope's tasks (alias `t`). */
function scopeWhere(scope: AnalysisScope): SQL {
  const parts: SQL[] =
    scope.readers.kind === 'actor'
      ? [visibleTask(scope.readers.actor), sql`not t.is_withdrawn`]
      : [sql`not t.is_withdrawn`];
  if (scope.yearTargetId) parts.push(sql`t.year_target_id = ${scope.yearTargetId}`);
  if (scope.cycleYear) {
    parts.push(
      sql`exists (select 1 from goal_year_targets cy where cy.id = t.year_target_id and cy.cycle_year = ${scope.cycleYear})`,
    );
  }
  if (scope.taskType) parts.push(sql`t.type = ${scope.taskType}`);
  if (scope.departmentId) parts.push(sql`t.department_id = ${scope.departmentId}`);
  return sqlAnd(parts);
}

/**
 * One row per task with: node_count, done_count, progress (done nodes / nodes × 100, 0 without nodes),
 * schedule_status (the SQL twin of goal-states deriveScheduleStatus) and process_count / expired_count,
 * counted by goal-warnings.repo's warningItems, the same statement as warningCount (DESIGN §7).
 */
function analysedTasks(scope: AnalysisScope): SQL {
  const today = sql`${scope.today}::date`;
  const warned =
    scope.warning === 'process'
      ? sql`coalesce(w.process_count, 0) > 0`
      : scope.warning === 'expired'
        ? sql`coalesce(w.expired_count, 0) > 0`
        : sql`true`;
  return sql`scoped as (
      select t.id, t.type, t.department_id, t.state, t.end_date,
        ${warningDays} as days
      from goal_tasks t where ${scopeWhere(scope)}
    ), node_counts as (
      select n.task_id, count(*) as node_count,
        count(*) filter (where n.state in ('hasDone', 'delayDone')) as done_count
      from goal_nodes n join scoped s on s.id = n.task_id group by n.task_id
    ), warnings as (
      ${warningItems(sql`t.id in (select id from scoped)`, scope.today)}
    ), analysed as (
      select s.id, s.type, s.department_id, s.state,
        case when s.state = 'done' then 'finish'
             when s.end_date < ${today} then 'block'
             when s.state = 'doing' then 'normal'
             else 'unstart' end as schedule_status,
        coalesce(nc.node_count, 0) as node_count,
        case when coalesce(nc.node_count, 0) = 0 then 0
             else 100.0 * nc.done_count / nc.node_count end as progress,
        coalesce(w.process_count, 0) as process_count,
        coalesce(w.expired_count, 0) as expired_count
      from scoped s left join node_counts nc on nc.task_id = s.id left join warnings w on w.task_id = s.id
      where ${warned}
    )`;
}

/** The summary counts of a group of `analysed` rows. */
const summaryColumns = sql`count(*) as "taskCount",
    count(*) filter (where a.schedule_status = 'finish') as "finishedCount",
    count(*) filter (where a.schedule_status = 'normal') as "inProgressCount",
    count(*) filter (where a.schedule_status = 'unstart') as "unstartCount",
    count(*) filter (where a.schedule_status = 'block') as "overdueCount",
    count(*) filter (where a.process_count > 0) as "processWarningCount",
    count(*) filter (where a.expired_count > 0) as "expiredWarningCount",
    avg(a.progress) as progress`;

type Num = string | number | null;
export interface SummaryRow {
  taskCount: Num;
  finishedCount: Num;
  inProgressCount: Num;
  unstartCount: Num;
  overdueCount: Num;
  processWarningCount: Num;
  expiredWarningCount: Num;
  progress: Num;
}
export interface DepartmentRow extends SummaryRow {
  departmentId: string;
  departmentName: string;
  headId: string | null;
  headName: string | null;
}

export function createGoalSummaryRepo(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);

  /** Per responsible department, with its head; finish rate first, then more tasks, then the school's order. */
  async function byDepartment(scope: AnalysisScope) {
    return rows<DepartmentRow & { rank: Num }>(
      sql`with ${analysedTasks(scope)}, grouped as (
            select a.department_id as "departmentId", ${summaryColumns} from analysed a group by a.department_id
          )
          select g.*, d.name as "departmentName", d.head_user_id as "headId", hu.name as "headName",
            rank() over (order by case when g."taskCount" = 0 then 0
                                       else g."finishedCount"::float8 / g."taskCount" end desc) as rank
          from grouped g join departments d on d.id = g."departmentId"
          left join users hu on hu.id = d.head_user_id
          order by rank, g."taskCount" desc, d.sort, d.name`,
    );
  }

  return {
    async statusCounts(scope: AnalysisScope) {
      return rows<{ kind: 'schedule' | 'state'; value: string; n: Num }>(
        sql`with ${analysedTasks(scope)}
            select 'schedule' as kind, a.schedule_status as value, count(*) as n from analysed a group by a.schedule_status
            union all
            select 'state', a.state, count(*) from analysed a group by a.state`,
      );
    },

    async summary(scope: AnalysisScope) {
      const [row] = await rows<SummaryRow & { departmentCount: Num }>(
        sql`with ${analysedTasks(scope)}
            select ${summaryColumns}, count(distinct a.department_id) as "departmentCount" from analysed a`,
      );
      return row!;
    },

    async byType(scope: AnalysisScope) {
      return rows<SummaryRow & { type: string }>(
        sql`with ${analysedTasks(scope)}
            select a.type, ${summaryColumns} from analysed a group by a.type order by a.type`,
      );
    },

    byDepartment,

    /** The data screen's goal completion: every task not withdrawn of the year targets of `cycleYear`. */
    byDepartmentOfYear(input: { cycleYear: number; today: string }) {
      return byDepartment({
        readers: { kind: 'school' },
        cycleYear: input.cycleYear,
        warning: 'all',
        today: input.today,
      });
    },

    /** Responsible department × task type. */
    async grid(scope: AnalysisScope) {
      return rows<
        Pick<DepartmentRow, 'departmentId' | 'departmentName' | 'headId' | 'headName'> &
          Pick<SummaryRow, 'taskCount' | 'finishedCount' | 'overdueCount'> & { type: string }
      >(
        sql`with ${analysedTasks(scope)}
            select a.department_id as "departmentId", d.name as "departmentName", d.head_user_id as "headId",
              hu.name as "headName", a.type, count(*) as "taskCount",
              count(*) filter (where a.schedule_status = 'finish') as "finishedCount",
              count(*) filter (where a.schedule_status = 'block') as "overdueCount"
            from analysed a join departments d on d.id = a.department_id
            left join users hu on hu.id = d.head_user_id
            group by a.department_id, d.name, d.head_user_id, hu.name, d.sort, a.type
            order by d.sort, d.name, a.type`,
      );
    },
  };
}

export type GoalSummaryRepo = ReturnType<typeof createGoalSummaryRepo>;
