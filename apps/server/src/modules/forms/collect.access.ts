import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';

/**
 * Who sees which fill tasks and allocations, as SQL over `fill_tasks ft` and `task_allocations a`: the
 * lists of 我的填报, 填报审核 and 任务分配 and the home workbench's counts share these conditions.
 */

/** The data manager (数据管理) sees and decides every department's collection. */
export const isManager = (actor: Actor) => actor.menuKeys.has('dataManage');

/** The departments the user heads. */
export const headedDepartments = (userId: string): SQL =>
  sql`(select d.id from departments d where d.head_user_id = ${userId})`;

/** The two lists of fill tasks: 我的填报 (mine) and 填报审核 (audit). */
export type FillScope = 'mine' | 'audit';

/** mine: the filler's own fill tasks; audit: all for the data manager, else those of the departments they head. */
export function fillScope(actor: Actor, scope: FillScope): SQL {
  if (scope === 'mine') return sql`ft.filler_id = ${actor.userId}`;
  return isManager(actor) ? sql`true` : sql`a.department_id in ${headedDepartments(actor.userId)}`;
}

/** Allocations the user may see: all for the data manager, else those of the departments they head. */
export function allocationScope(actor: Actor): SQL {
  return isManager(actor) ? sql`true` : sql`a.department_id in ${headedDepartments(actor.userId)}`;
}
