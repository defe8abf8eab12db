import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { DiagnosisRepo } from './diagnosis.repo.ts';

/**
 * Who may do what with an object task and its points (spec 2 §6):
 * - the charger edits (results, cause and measure, attachments, submit for audit);
 * - a sharer, a publisher (diagnosis.manage, or the task's own publisher), an auditor (diagnosis.audit)
 *   and the head of the object's department read;
 * - anyone else gets not-found, so an id reveals nothing; a reader asking to edit is refused.
 * The same rule is written twice: per object task (`rightOf`) and as SQL for lists (`visibleObjectTask`).
 */
export type DiagnosisRight = 'edit' | 'read';

export const isManager = (actor: Actor) => actor.actions.has('diagnosis.manage');
export const isAuditor = (actor: Actor) => actor.actions.has('diagnosis.audit');
export const seesAll = (actor: Actor) => isManager(actor) || isAuditor(actor);

export function rightOf(
  actor: Actor,
  objectTask: { chargerUserId: string | null; isSharer: boolean; isOtherReader?: boolean },
): DiagnosisRight | null {
  if (objectTask.chargerUserId === actor.userId) return 'edit';
  if (objectTask.isSharer || objectTask.isOtherReader || seesAll(actor)) return 'read';
  return null;
}

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

/** The checks of one object task or point against the caller, over the diagnosis repo. */
export function createDiagnosisAccess(repo: Pick<DiagnosisRepo, 'objectTaskStanding' | 'objectTaskOfPoint'>) {
  async function standing(actor: Actor, objectTaskId: string) {
    const row = await repo.objectTaskStanding(actor.userId, objectTaskId);
    const right = row ? rightOf(actor, row) : null;
    return right ? { objectTaskId, right } : null;
  }

  return {
    /** The actor's right on an object task; not-found when none, or when `need` is edit and they only read. */
    async objectTaskRight(actor: Actor, objectTaskId: string, need: DiagnosisRight = 'read') {
      const found = await standing(actor, objectTaskId);
      if (!found) throw notFound('对象任务不存在');
      if (need === 'edit' && found.right !== 'edit') throw new AppError('FORBIDDEN');
      return found;
    },

    /** The actor's right on an assigned point (zgzkdid), through its object task. */
    async pointRight(actor: Actor, assignedPointId: string, need: DiagnosisRight = 'read') {
      const objectTaskId = await repo.objectTaskOfPoint(assignedPointId);
      const found = objectTaskId ? await standing(actor, objectTaskId) : null;
      if (!found) throw notFound('质控点不存在');
      if (need === 'edit' && found.right !== 'edit') throw new AppError('FORBIDDEN');
      return { ...found, assignedPointId };
    },

    /** The actor's right on an assigned point, or null: for checks that answer rather than refuse. */
    async pointStanding(actor: Actor, assignedPointId: string): Promise<DiagnosisRight | null> {
      const objectTaskId = await repo.objectTaskOfPoint(assignedPointId);
      return objectTaskId ? ((await standing(actor, objectTaskId))?.right ?? null) : null;
    },
  };
}

export type DiagnosisAccess = ReturnType<typeof createDiagnosisAccess>;
