import { ROLE_IDS } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { seesAll, visibleObjectTask } from '../diagnosis/diagnosis.scopes.ts';

/**
 * Who sees which object's portrait (对象权限). Built on the diagnosis rule (`diagnosis.access.ts`), so a
 * portrait never shows an object its diagnosis screens would hide:
 * - the maintainer of 智能分析 (`analysis.manage`), publishers and auditors (`diagnosis.manage`,
 *   `diagnosis.audit`) and school leaders (role schoolLeader) see every object;
 * - anyone else sees the object whose account he is (a teacher his teacher portrait, a student his own),
 *   the objects of departments he heads (a department head his department's majors, courses, teachers),
 *   and the objects of any object task he may read (a course he charges or shares, a task he published).
 */
export const isAnalysisManager = (actor: Actor) => actor.actions.has('analysis.manage');

export const seesAllObjects = (actor: Actor) =>
  isAnalysisManager(actor) || seesAll(actor) || actor.roleIds.includes(ROLE_IDS.schoolLeader);

/** The diagnosis objects (alias `o`) whose portrait the actor may see, as an SQL condition. */
export function visibleObject(actor: Actor): SQL {
  if (seesAllObjects(actor)) return sql`true`;
  const me = actor.userId;
  return sql`(o.user_id = ${me}
    or exists (select 1 from departments hd where hd.id = o.department_id and hd.head_user_id = ${me})
    or exists (select 1 from object_tasks ot where ot.object_id = o.id and ${visibleObjectTask(actor)}))`;
}
