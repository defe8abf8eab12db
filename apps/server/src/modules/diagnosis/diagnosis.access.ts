import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { assignedPoints, objectTaskSharers, objectTasks } from './diagnosis.table.ts';

/**
 * Who may do what with an object task and its points (spec 2 §6):
 * - the charger edits (results, cause and measure, attachments, submit for audit);
 * - a sharer, a publisher (diagnosis.manage, or the task's own publisher), an auditor (diagnosis.audit)
 *   and the head of the object's department read;
 * - anyone else gets not-found, so an id reveals nothing; a reader asking to edit is refused.
 */
export type DiagnosisRight = 'edit' | 'read';

export function rightOf(
  actor: Actor,
  objectTask: { chargerUserId: string | null; isSharer: boolean; isOtherReader?: boolean },
): DiagnosisRight | null {
  if (objectTask.chargerUserId === actor.userId) return 'edit';
  if (
    objectTask.isSharer ||
    objectTask.isOtherReader ||
    actor.actions.has('diagnosis.manage') ||
    actor.actions.has('diagnosis.audit')
  ) {
    return 'read';
  }
  return null;
}

async function loadObjectTaskRight(db: Db, actor: Actor, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      objectTaskId: objectTasks.id,
      chargerUserId: objectTasks.chargerUserId,
      isSharer: sql<boolean>`exists (select 1 from ${objectTaskSharers} s where s.object_task_id = ${objectTasks.id} and s.user_id = ${actor.userId})`,
      // The task's publisher, and the head of the object's department.
      isOtherReader: sql<boolean>`(exists (select 1 from diagnosis_tasks t where t.id = ${objectTasks.taskId} and t.publisher_user_id = ${actor.userId})
        or exists (select 1 from diagnosis_objects o join departments d on d.id = o.department_id
                   where o.id = ${objectTasks.objectId} and d.head_user_id = ${actor.userId}))`,
    })
    .from(objectTasks)
    .where(where)
    .limit(1);
  if (!row) return null;
  const right = rightOf(actor, row);
  return right ? { objectTaskId: row.objectTaskId, right } : null;
}

/** The actor's right on an object task; not-found when none, or when `need` is edit and they only read. */
export async function objectTaskRight(
  db: Db,
  actor: Actor,
  objectTaskId: string,
  need: DiagnosisRight = 'read',
) {
  const found = await loadObjectTaskRight(db, actor, eq(objectTasks.id, objectTaskId));
  if (!found) throw notFound('对象任务不存在');
  if (need === 'edit' && found.right !== 'edit') throw new AppError('FORBIDDEN');
  return found;
}

/** The actor's right on an assigned point (zgzkdid), through its object task. */
export async function pointRight(
  db: Db,
  actor: Actor,
  assignedPointId: string,
  need: DiagnosisRight = 'read',
) {
  const [point] = await db
    .select({ objectTaskId: assignedPoints.objectTaskId })
    .from(assignedPoints)
    .where(eq(assignedPoints.id, assignedPointId))
    .limit(1);
  const found = point ? await loadObjectTaskRight(db, actor, eq(objectTasks.id, point.objectTaskId)) : null;
  if (!found) throw notFound('质控点不存在');
  if (need === 'edit' && found.right !== 'edit') throw new AppError('FORBIDDEN');
  return { ...found, assignedPointId };
}
