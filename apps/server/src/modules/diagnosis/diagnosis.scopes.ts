import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';

/**
 * Who reads which tasks and object tasks, as SQL for lists: only the repos build their conditions from
 * these, from the reader a service hands them. Kept apart from diagnosis.access.ts, which reads the repos,
 * so that no repo imports back into it; the role predicates, plain booleans, reach services through it.
 */

export const isManager = (actor: Actor) => actor.actions.has('diagnosis.manage');
export const isAuditor = (actor: Actor) => actor.actions.has('diagnosis.audit');
export const seesAll = (actor: Actor) => isManager(actor) || isAuditor(actor);

/**
 * A point (alias `ap`) has a result: its effective result, the revised one when present, is not blank. The
 * figure catalogue's 已出结果 (figures.ts) in SQL: every statement that counts 已出结果, 达标, 未达标 or
 * 未完成 — task lists, 统计分析, reports — reads it from here.
 */
export const HAS_RESULT = `coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is not null`;

/**
 * The source of a point's (alias `ap`) effective result, a contract `ResultSource`: the revised value wins,
 * no result is none, and otherwise what the recompute recorded with the result (a result no collection
 * wrote was typed by a person). Lists read it here; 为什么是这个值 reruns the same rule with the samples.
 */
export const RESULT_SOURCE_SQL = `case when nullif(btrim(ap.revised_result), '') is not null then 'revised'
  when nullif(btrim(ap.result), '') is null then 'none'
  when ap.result_source = 'collected' then 'collected' else 'typed' end`;

/**
 * The object tasks (alias `ot`) an actor may read: all for publishers and auditors; otherwise those
 * they charge or share, those of tasks they published, and those whose object is in a department they head.
 */
export function visibleObjectTask(actor: Actor): SQL {
  if (seesAll(actor)) return sql`true`;
  const me = actor.userId;
  return sql`(ot.charger_user_id = ${me}
    or exists (select 1 from object_task_sharers vs where vs.object_task_id = ot.id and vs.user_id = ${me})
    or exists (select 1 from diagnosis_tasks vt where vt.id = ot.task_id and vt.publisher_user_id = ${me})
    or exists (select 1 from diagnosis_objects vo join departments vd on vd.id = vo.department_id
               where vo.id = ot.object_id and vd.head_user_id = ${me}))`;
}

/** The tasks (alias `t`) an actor may read. */
export function visibleTask(actor: Actor): SQL {
  if (seesAll(actor)) return sql`true`;
  return sql`(t.publisher_user_id = ${actor.userId}
    or exists (select 1 from object_tasks ot where ot.task_id = t.id and ${visibleObjectTask(actor)}))`;
}

/** The object tasks (alias `ot`) the actor charges: only the charger edits, submits and handles warnings. */
export function chargedObjectTask(actor: Actor): SQL {
  return sql`ot.charger_user_id = ${actor.userId}`;
}

/**
 * A point (alias `ap`) with a warning not yet handled: the warning grid's 未处理 rows and the home page's
 * 待处理预警 both read it here, so the count and the list it links to cannot drift apart.
 */
export const HAS_OPEN_WARNING = sql`exists (select 1 from point_warnings ow
  where ow.assigned_point_id = ap.id and ow.handled_at is null)`;

/**
 * The charger's to-do points (alias `ap`, over `ot` and its task `t`): in a running task, in draft (待填报)
 * or sent back (退回待修改). The home page counts them and 我负责的质控点 lists them from this one condition.
 */
export function chargedPointToDo(actor: Actor, auditState: 'draft' | 'refused'): SQL {
  return sql`(${chargedObjectTask(actor)} and t.state = 'normal' and ap.audit_state = ${auditState})`;
}
