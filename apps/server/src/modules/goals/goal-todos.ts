import type { GoalTaskTodo } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { awaitingTask, delayAwaiting, progressAwaiting } from './annual-audits.repo.ts';
import { visibleTask } from './goal-scopes.ts';

/**
 * The goal to-dos of one person, one statement per kind: each selects the waiting rows (`id`) with the
 * task they belong to (`task_id`). The home page counts these rows; the target-task list's `todo` filter
 * keeps the tasks holding one. One definition for both, so a count always finds its rows again.
 */
export function goalTodoItems(actor: Actor, todo: GoalTaskTodo): SQL {
  const me = actor.userId;
  const myNodes = sql`from goal_nodes n join goal_tasks t on t.id = n.task_id
    where n.principal_user_id = ${me} and ${visibleTask(actor)} and not t.is_withdrawn`;
  switch (todo) {
    // Nodes pushed to the actor and not yet accepted.
    case 'nodesToAccept':
      return sql`select n.id, n.task_id ${myNodes} and n.state = 'waitAccept'`;
    // The actor's executing nodes without a report under audit.
    case 'progressToReport':
      return sql`select n.id, n.task_id ${myNodes} and n.state in ('executeing', 'delayNotDone')
        and not exists (select 1 from goal_progress op where op.node_id = n.id
                        and op.audit_state in ('reviewing', 'childPass'))`;
    // What the annual audit lists show the actor (their own conditions).
    case 'progressToAudit':
      return sql`select p.id, p.task_id from goal_progress p join goal_tasks t on t.id = p.task_id
        where ${awaitingTask(actor)} and ${progressAwaiting(actor)}`;
    case 'delaysToDecide':
      return sql`select dl.id, dl.task_id from goal_delays dl join goal_tasks t on t.id = dl.task_id
        where ${awaitingTask(actor)} and ${delayAwaiting(actor)}`;
    // Decompositions waiting for the task's creator.
    case 'decompositionsToAudit':
      return sql`select t.id, t.id as task_id from goal_tasks t
        where t.creator_user_id = ${me} and t.audit_state = 0 and not t.is_withdrawn`;
  }
}
