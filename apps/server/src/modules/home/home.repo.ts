import { type DeadlineKind, type GoalTaskTodo, HOME_DEADLINE_DAYS } from '@eduqa/contract';
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
 * subjects for reports. One statement per area (scalar sub-selects, no loop over rows), one for deadlines,
 * one for the latest events.
 */

type Counts<K extends string> = Record<K, number>;

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

export function createHomeRepo(db: Db) {
  return { ...todoCounts(db), ...goalTodoCounts(db), ...timeline(db) };
}

/** The to-do counts of quality reports, data collection and diagnosis. */
function todoCounts(db: Db) {
  return {
    /** 待我评审的质量报告: the 待我评审 list's own condition, within the reports the actor reads. */
    async reportCounts(actor: Actor): Promise<Counts<'qualityReportsToReview'>> {
      const roles = rolesOf(actor);
      const [row] = await queryNamedRows<{ n: number | string }>(
        db,
        'home_1',
        sql`select count(*)::int as n from quality_reports r
            where ${visibleReport(actor, roles)} and ${reportTodoCondition(actor, roles.schoolReviews)}`,
      );
      return { qualityReportsToReview: n(row?.n) };
    },

    /**
     * The filler's fill tasks of open collection tasks not yet committed or sent back (我的填报), the
     * committed ones the actor audits (填报审核: their departments', or all for the data manager), and the
     * allocations of open tasks still without fillers in departments the actor heads (任务分配).
     */
    async collectCounts(actor: Actor): Promise<Counts<CollectTodoKind>> {
      const fills = sql`from fill_tasks ft join task_allocations a on a.id = ft.allocation_id
        join collect_tasks t on t.id = ft.task_id where t.state = 'normal'`;
      const [row] = await queryNamedRows<Record<CollectTodoKind, number | string>>(
        db,
        'home_2',
        sql`select
          (select count(*) ${fills} and ${fillScope(actor, 'mine')} and ft.state = 'uncommitted')::int as "fillsToFill",
          (select count(*) ${fills} and ${fillScope(actor, 'mine')} and ft.state = 'rollback')::int as "fillsRolledBack",
          (select count(*) ${fills} and ${fillScope(actor, 'audit')} and ft.state = 'unaudited')::int as "fillsToAudit",
          (select count(*) from task_allocations a join collect_tasks t on t.id = a.task_id
             where t.state = 'normal' and a.state = 'unallocated'
               and a.department_id in ${headedDepartments(actor.userId)})::int as "allocationsToMake",
          (select count(*) from form_value_notices n
             where n.read_at is null and ${noticeScope(actor)})::int as "valueChangesToReview"`,
      );
      return {
        fillsToFill: n(row?.fillsToFill),
        fillsRolledBack: n(row?.fillsRolledBack),
        fillsToAudit: n(row?.fillsToAudit),
        allocationsToMake: n(row?.allocationsToMake),
        valueChangesToReview: n(row?.valueChangesToReview),
      };
    },

    /**
     * The charger's points of running tasks still in draft or refused (only the charger edits and submits,
     * diagnosis.access.ts), the submitted points an auditor reads, and the charger's points with an open
     * warning (the warning grid's `pending` rows: one per point, not per warning).
     */
    async diagnosisCounts(actor: Actor, input: { auditor: boolean }): Promise<Counts<DiagnosisTodoKind>> {
      const points = sql`from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id
        join diagnosis_tasks t on t.id = ot.task_id`;
      const charged = sql`${points} where ${chargedObjectTask(actor)}`;
      const toAudit = input.auditor
        ? sql`(select count(*) from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id
               where ap.audit_state = 'submitted' and ${visibleObjectTask(actor)})`
        : sql`0`;
      const [row] = await queryNamedRows<Record<DiagnosisTodoKind, number | string>>(
        db,
        'home_3',
        sql`select
          (select count(*) ${points} where ${chargedPointToDo(actor, 'draft')})::int as "pointsToFill",
          (select count(*) ${points} where ${chargedPointToDo(actor, 'refused')})::int as "pointsRefused",
          ${toAudit}::int as "pointsToAudit",
          (select count(*) ${charged} and ${HAS_OPEN_WARNING})::int as "warningsToHandle"`,
      );
      return {
        pointsToFill: n(row?.pointsToFill),
        pointsRefused: n(row?.pointsRefused),
        pointsToAudit: n(row?.pointsToAudit),
        warningsToHandle: n(row?.warningsToHandle),
      };
    },
  };
}

/** The goal area's to-do counts. */
function goalTodoCounts(db: Db) {
  return {
    /**
     * Nodes pushed to the actor (waitAccept), the actor's executing nodes without an open report, what the
     * annual audit lists show the actor, decompositions waiting for the task's creator, urges to the actor's
     * departments not yet accepted, and submitted reports the actor audits.
     */
    async goalCounts(actor: Actor): Promise<Counts<GoalTodoKind>> {
      const me = actor.userId;
      const todo = (kind: GoalTaskTodo) => sql`(select count(*) from (${goalTodoItems(actor, kind)}) x)::int`;
      const [row] = await queryNamedRows<Record<GoalTodoKind, number | string>>(
        db,
        'home_4',
        sql`select
          ${todo('nodesToAccept')} as "nodesToAccept",
          ${todo('progressToReport')} as "progressToReport",
          ${todo('progressToAudit')} as "progressToAudit",
          ${todo('delaysToDecide')} as "delaysToDecide",
          ${todo('decompositionsToAudit')} as "decompositionsToAudit",
          (select count(*) from goal_urges g where ${urgeAwaitingAnswer(me)})::int as "urgesReceived",
          (select count(*) from ${subjects(actor)} s join goal_reports r on r.subject_id = s.subject_id
             where ${REPORT_AWAITING_AUDIT})::int as "reportsToAudit"`,
      );
      return {
        nodesToAccept: n(row?.nodesToAccept),
        progressToReport: n(row?.progressToReport),
        progressToAudit: n(row?.progressToAudit),
        delaysToDecide: n(row?.delaysToDecide),
        decompositionsToAudit: n(row?.decompositionsToAudit),
        urgesReceived: n(row?.urgesReceived),
        reportsToAudit: n(row?.reportsToAudit),
      };
    },
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
        'home_5',
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
