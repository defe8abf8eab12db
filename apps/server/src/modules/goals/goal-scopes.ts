import { ROLE_IDS } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { sqlList } from '../../platform/sql.ts';

/**
 * Who sees what in the goal area, as SQL over the task alias `t`: lists and counts filter in the
 * database. The repositories read these; goal-access.ts holds the checks before a change. Kept apart
 * from goal-access.ts, which reads the repositories, so that no repository imports back into it.
 */

/** Publishers, school leaders and administrators read every task; only a task's creator changes it. */
export const SEES_ALL_ROLES: readonly string[] = [
  ROLE_IDS.admin,
  ROLE_IDS.yearTargetPublisher,
  ROLE_IDS.schoolLeader,
];
export const seesAll = (actor: Actor) => actor.roleIds.some((r) => SEES_ALL_ROLES.includes(r));
export const isPublisher = (actor: Actor) =>
  actor.roleIds.includes(ROLE_IDS.yearTargetPublisher) || actor.roleIds.includes(ROLE_IDS.admin);
/** Urges and department summaries: the publisher and school leaders see every department. */
export const seesAllDepartments = (actor: Actor) =>
  isPublisher(actor) || actor.roleIds.includes(ROLE_IDS.schoolLeader);

/**
 * The departments an actor answers for: those they head, and their own department when they hold the
 * department principal or department auditor task role.
 */
export function myDepartments(me: string): SQL {
  return sql`(select hd.id from departments hd where hd.head_user_id = ${me}
    union select mu.department_id from users mu where mu.id = ${me} and mu.department_id is not null
      and exists (select 1 from user_roles mr where mr.user_id = ${me}
                  and mr.role_id in (${ROLE_IDS.targetTaskDepartPrincipal}, ${ROLE_IDS.targetTaskDepartAuditor})))`;
}

/** Whose departments a read takes: every one, or those a user answers for (myDepartments). */
export type DepartmentScope = { kind: 'all' } | { kind: 'answeredBy'; userId: string };

/** Urges and department summaries: the publisher and school leaders every department, others their own. */
export const departmentScopeOf = (actor: Actor): DepartmentScope =>
  seesAllDepartments(actor) ? { kind: 'all' } : { kind: 'answeredBy', userId: actor.userId };

/** The rows whose department `column` is in the scope. */
export function inDepartmentScope(column: SQL, scope: DepartmentScope): SQL {
  return scope.kind === 'all' ? sql`true` : sql`${column} in ${myDepartments(scope.userId)}`;
}

/**
 * The tasks (alias `t`) an actor may read: a withdrawn task only by its creator; otherwise everything for
 * those who see all, else the tasks they created, lead, hold a node of, or whose responsible or
 * collaborating department is theirs.
 */
export function visibleTask(actor: Actor): SQL {
  const me = actor.userId;
  const others = seesAll(actor)
    ? sql`true`
    : sql`(t.principal_user_id = ${me}
        or exists (select 1 from goal_nodes vn where vn.task_id = t.id and vn.principal_user_id = ${me})
        or t.department_id in ${myDepartments(me)}
        or exists (select 1 from goal_task_collaborators vc where vc.task_id = t.id
                   and vc.department_id in ${myDepartments(me)}))`;
  return sql`(t.creator_user_id = ${me} or (not t.is_withdrawn and ${others}))`;
}

export type TaskView = 'mine' | 'department' | 'collaboration';

/**
 * The departments a view names: the ids read beforehand, or `'mine'`, the `mine` set that the task list
 * reads in its own statement. Either way the statement names a set of departments instead of planning
 * the department rule again.
 */
export type ViewDepartments = readonly string[] | 'mine';

function inDepartments(column: SQL, departments: ViewDepartments): SQL {
  if (departments === 'mine') return sql`${column} = any(array(select id from mine))`;
  return departments.length === 0 ? sql`${column} in (null)` : sql`${column} in (${sqlList(departments)})`;
}

/**
 * The tasks of a view that the actor may read. Each view's condition already makes a task visible
 * unless it is withdrawn, so within a view visibleTask reduces to its withdrawn rule.
 */
/** An urge (alias g) waiting for the actor's answer: not yet handled, to a department the actor answers for. */
export function urgeAwaitingAnswer(userId: string): SQL {
  return sql`(g.urge_type = 0 and g.department_id in ${myDepartments(userId)})`;
}

export function visibleInView(actor: Actor, view: TaskView | undefined, departments: ViewDepartments): SQL {
  if (!view) return visibleTask(actor);
  const me = actor.userId;
  const inView = {
    mine: viewCondition(me, 'mine'),
    department: inDepartments(sql`t.department_id`, departments),
    collaboration: sql`exists (select 1 from goal_task_collaborators mc where mc.task_id = t.id
                               and ${inDepartments(sql`mc.department_id`, departments)})`,
  }[view];
  return sql`(${inView} and (t.creator_user_id = ${me} or not t.is_withdrawn))`;
}

export function viewCondition(me: string, view: TaskView | undefined): SQL {
  switch (view) {
    case 'mine':
      return sql`(t.principal_user_id = ${me}
        or exists (select 1 from goal_nodes mn where mn.task_id = t.id and mn.principal_user_id = ${me}))`;
    case 'department':
      return sql`t.department_id in ${myDepartments(me)}`;
    case 'collaboration':
      return sql`exists (select 1 from goal_task_collaborators mc where mc.task_id = t.id
                         and mc.department_id in ${myDepartments(me)})`;
    default:
      return sql`true`;
  }
}
