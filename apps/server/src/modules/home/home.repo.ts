import { type DeadlineKind, type GoalTaskTodo, HOME_DEADLINE_DAYS, type TodoKind } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { schoolTodaySql, schoolZoneSql } from '../../platform/time.ts';
import {
  chargedObjectTask,
  chargedPointToDo,
  HAS_OPEN_WARNING,
  visibleObjectTask,
} from '../diagnosis/diagnosis.scopes.ts';
import { fillScope, headedDepartments } from '../forms/collect.access.ts';
import { noticeScope } from '../forms/collect-known.ts';
import { myDepartments, visibleTask } from '../goals/goal-access.ts';
import { REPORT_AWAITING_AUDIT, subjects } from '../goals/goal-reports.repo.ts';
import { urgeAwaitingAnswer } from '../goals/goal-scopes.ts';
import { goalTodoItems } from '../goals/goal-todos.ts';
import { reportTodoCondition, rolesOf, visibleReport } from '../reports/reports.access.ts';

/**
 * The home workbench's reads. Each count reuses the condition of the list it links to, taken from the
 * owning module rather than written again: diagnosis.scopes.ts for who reads an object task, goal-access.ts
 * for who reads a goal task, the annual audit lists' conditions for progress and delays, the target reports'
 * subjects for reports. One statement for the counts (scalar sub-selects, no loop over rows), one for
 * deadlines; the latest events are 消息中心's.
 */

const today = schoolTodaySql;

const n = (value: unknown) => Number(value ?? 0);

export interface DeadlineRow {
  kind: DeadlineKind;
  id: string;
  name: string;
  context: string;
  taskId: string;
  endDate: string;
  daysLeft: number;
}

export type DiagnosisTodoKind = 'pointsToFill' | 'pointsRefused' | 'pointsToAudit' | 'warningsToHandle';
export type GoalTodoKind =
  | 'nodesToAccept'
  | 'progressToReport'
  | 'progressToAudit'
  | 'delaysToDecide'
  | 'decompositionsToAudit'
  | 'urgesReceived'
  | 'reportsToAudit';

export type CollectTodoKind =
  | 'fillsToFill'
  | 'fillsRolledBack'
  | 'fillsToAudit'
  | 'allocationsToMake'
  | 'valueChangesToReview';

/** The areas whose to-dos the actor is counted: those whose menu key they hold (home.service.ts). */
export interface TodoAreas {
  diagnosis: { auditor: boolean } | null;
  goals: boolean;
  collection: boolean;
  reports: boolean;
}

/** One scalar sub-select per count, named by its kind. */
type CountColumns<K extends string> = Record<K, SQL>;

export function createHomeRepo(db: Db) {
  return {
    /**
     * The to-do counts of the areas asked for, in one statement: at a deadline every page open starts on
     * home, and four statements cost four round trips and four plans for what one answers.
     */
    async todoCounts(actor: Actor, areas: TodoAreas): Promise<Partial<Record<TodoKind, number>>> {
      const columns: Partial<CountColumns<TodoKind>> = {
        ...(areas.diagnosis ? diagnosisCounts(actor, areas.diagnosis) : {}),
        ...(areas.goals ? goalCounts(actor) : {}),
        ...(areas.collection ? collectCounts(actor) : {}),
        ...(areas.reports ? reportCounts(actor) : {}),
      };
      const kinds = Object.keys(columns) as TodoKind[];
      if (kinds.length === 0) return {};
      const [row] = await queryNamedRows<Record<TodoKind, number | string>>(
        db,
        'home_todo_counts',
        sql`select ${sql.join(
          kinds.map((kind) => sql`${columns[kind]}::int as ${sql.identifier(kind)}`),
          sql`, `,
        )}`,
      );
      return Object.fromEntries(kinds.map((kind) => [kind, n(row?.[kind])]));
    },
    ...timeline(db),
  };
}

/** 待我评审的质量报告: the 待我评审 list's own condition, within the reports the actor reads. */
function reportCounts(actor: Actor): CountColumns<'qualityReportsToReview'> {
  const roles = rolesOf(actor);
  return {
    qualityReportsToReview: sql`(select count(*) from quality_reports r
      where ${visibleReport(actor, roles)} and ${reportTodoCondition(actor, roles.schoolReviews)})`,
  };
}

/**
 * The actor's own fill tasks of running collection tasks (填报: to fill, 被退回), the
 * committed ones the actor audits (填报审核: their departments', or all for the data manager), and the
 * allocations of open tasks still without fillers in departments the actor heads (任务分配).
 */
function collectCounts(actor: Actor): CountColumns<CollectTodoKind> {
  const fills = sql`from fill_tasks ft join task_allocations a on a.id = ft.allocation_id
    join collect_tasks t on t.id = ft.task_id where t.state = 'normal'`;
  return {
    fillsToFill: sql`(select count(*) ${fills} and ${fillScope(actor, 'mine')} and ft.state = 'uncommitted')`,
    fillsRolledBack: sql`(select count(*) ${fills} and ${fillScope(actor, 'mine')} and ft.state = 'rollback')`,
    fillsToAudit: sql`(select count(*) ${fills} and ${fillScope(actor, 'audit')} and ft.state = 'unaudited')`,
    allocationsToMake: sql`(select count(*) from task_allocations a join collect_tasks t on t.id = a.task_id
      where t.state = 'normal' and a.state = 'unallocated'
        and a.department_id in ${headedDepartments(actor.userId)})`,
    valueChangesToReview: sql`(select count(*) from form_value_notices n
      where n.read_at is null and ${noticeScope(actor)})`,
  };
}

/**
 * The charger's points of running tasks still in draft or refused (only the charger edits and submits,
 * diagnosis.access.ts), the submitted points an auditor reads (counted for auditors only), and the charger's points with an open
 * warning (the warning grid's `pending` rows: one per point, not per warning).
 */
function diagnosisCounts(
  actor: Actor,
  input: { auditor: boolean },
): Partial<CountColumns<DiagnosisTodoKind>> {
  const points = sql`from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id
    join diagnosis_tasks t on t.id = ot.task_id`;
  const charged = sql`${points} where ${chargedObjectTask(actor)}`;
  return {
    pointsToFill: sql`(select count(*) ${points} where ${chargedPointToDo(actor, 'draft')})`,
    pointsRefused: sql`(select count(*) ${points} where ${chargedPointToDo(actor, 'refused')})`,
    ...(input.auditor && {
      pointsToAudit: sql`(select count(*) from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id
        where ap.audit_state = 'submitted' and ${visibleObjectTask(actor)})`,
    }),
    warningsToHandle: sql`(select count(*) ${charged} and ${HAS_OPEN_WARNING})`,
  };
}

/**
 * Nodes pushed to the actor (waitAccept), the actor's executing nodes without an open report, what the
 * annual audit lists show the actor, decompositions waiting for the task's creator, urges to the actor's
 * departments not yet accepted, and submitted reports the actor audits.
 */
function goalCounts(actor: Actor): CountColumns<GoalTodoKind> {
  const todo = (kind: GoalTaskTodo) => sql`(select count(*) from (${goalTodoItems(actor, kind)}) x)`;
  return {
    nodesToAccept: todo('nodesToAccept'),
    progressToReport: todo('progressToReport'),
    progressToAudit: todo('progressToAudit'),
    delaysToDecide: todo('delaysToDecide'),
    decompositionsToAudit: todo('decompositionsToAudit'),
    urgesReceived: sql`(select count(*) from goal_urges g where ${urgeAwaitingAnswer(actor.userId)})`,
    reportsToAudit: sql`(select count(*) from ${subjects(actor)} s join goal_reports r on r.subject_id = s.subject_id
      where ${REPORT_AWAITING_AUDIT})`,
  };
}

/** What ends soon and what happened lately, addressed to the actor. */
function timeline(db: Db) {
  return {
    /**
     * What ends within the coming days and is the actor's to finish: goal tasks they lead or their
     * departments answer for, nodes they lead (pushed, not done), diagnosis tasks running with an object
     * task they charge or share. Oldest end first.
     */
    async deadlines(
      actor: Actor,
      input: { goals: boolean; diagnosis: boolean; collection: boolean },
    ): Promise<DeadlineRow[]> {
      const me = actor.userId;
      const window = (column: SQL) =>
        sql`${column} between ${today()} and ${today()} + ${HOME_DEADLINE_DAYS}::int`;
      const parts: SQL[] = [];
      if (input.goals) {
        parts.push(
          sql`select 'goalTask' as kind, t.id, t.name, y.name as context, t.id as "taskId", t.end_date as end_date
              from goal_tasks t join goal_year_targets y on y.id = t.year_target_id
              where ${visibleTask(actor)} and not t.is_withdrawn and t.state <> 'done'
                and (t.principal_user_id = ${me} or t.department_id in ${myDepartments(me)})
                and ${window(sql`t.end_date`)}`,
          sql`select 'goalNode' as kind, n.id, n.name, t.name as context, t.id as "taskId", n.end_date
              from goal_nodes n join goal_tasks t on t.id = n.task_id
              where n.principal_user_id = ${me} and not t.is_withdrawn
                and n.state not in ('notPushed', 'goBack', 'hasDone', 'delayDone')
                and ${window(sql`n.end_date`)}`,
        );
      }
      if (input.diagnosis) {
        parts.push(
          sql`select 'diagnosisTask' as kind, t.id, t.name, t.period as context, t.id as "taskId", t.end_date
              from diagnosis_tasks t
              where t.state = 'normal' and ${window(sql`t.end_date`)}
                and exists (select 1 from object_tasks ot where ot.task_id = t.id and (ot.charger_user_id = ${me}
                  or exists (select 1 from object_task_sharers s where s.object_task_id = ot.id and s.user_id = ${me})))`,
        );
      }
      if (input.collection) {
        // The school's calendar day of the deadline: collection tasks keep a moment, not a date.
        parts.push(
          sql`select 'collectTask' as kind, t.id, t.name, f.name as context, t.id as "taskId",
                     (t.deadline at time zone ${schoolZoneSql()})::date as end_date
              from fill_tasks ft join collect_tasks t on t.id = ft.task_id join forms f on f.id = ft.form_id
              where ${fillScope(actor, 'mine')} and t.state = 'normal' and ft.state in ('uncommitted', 'rollback')
                and ${window(sql`(t.deadline at time zone ${schoolZoneSql()})::date`)}`,
        );
      }
      if (parts.length === 0) return [];
      const rows = await queryNamedRows<DeadlineRow & { daysLeft: number | string }>(
        db,
        'home_deadlines',
        sql`select u.kind, u.id, u.name, u.context, u."taskId", to_char(u.end_date, 'YYYY-MM-DD') as "endDate",
                   (u.end_date - ${today()})::int as "daysLeft"
            from (${sql.join(parts, sql` union all `)}) u
            order by u.end_date, u.kind, u.name, u.id limit 20`,
      );
      return rows.map((r) => ({ ...r, daysLeft: n(r.daysLeft) }));
    },
  };
}

export type HomeRepo = ReturnType<typeof createHomeRepo>;
