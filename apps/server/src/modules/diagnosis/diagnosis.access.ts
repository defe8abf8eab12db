import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { DiagnosisRepo } from './diagnosis.repo.ts';
import { seesAll } from './diagnosis.scopes.ts';

/**
 * Who may do what with an object task and its points (spec 2 §6):
 * - the charger edits (results, cause and measure, attachments, submit for audit);
 * - a sharer, a publisher (diagnosis.manage, or the task's own publisher), an auditor (diagnosis.audit)
 *   and the head of the object's department read;
 * - anyone else gets not-found, so an id reveals nothing; a reader asking to edit is refused.
 * The same rule is written twice: per object task (`rightOf`) and as SQL for lists (`visibleObjectTask`,
 * in diagnosis.scopes.ts, which only the repos read: a service hands them the reader).
 */
export type DiagnosisRight = 'edit' | 'read';

export { isAuditor, isManager, seesAll } from './diagnosis.scopes.ts';

export function rightOf(
  actor: Actor,
  objectTask: { chargerUserId: string | null; isSharer: boolean; isOtherReader?: boolean },
): DiagnosisRight | null {
  if (objectTask.chargerUserId === actor.userId) return 'edit';
  if (objectTask.isSharer || objectTask.isOtherReader || seesAll(actor)) return 'read';
  return null;
}

/** The checks of one object task or point against the caller, over the diagnosis repo. */
export function createDiagnosisAccess(repo: Pick<DiagnosisRepo, 'objectTaskStanding' | 'pointStanding'>) {
  const decide = (actor: Actor, row: { objectTaskId: string } & Parameters<typeof rightOf>[1]) => {
    const right = rightOf(actor, row);
    return right ? { objectTaskId: row.objectTaskId, right } : null;
  };
  async function standing(actor: Actor, objectTaskId: string) {
    const row = await repo.objectTaskStanding(actor.userId, objectTaskId);
    return row ? decide(actor, row) : null;
  }
  async function pointStanding(actor: Actor, assignedPointId: string) {
    const row = await repo.pointStanding(actor.userId, assignedPointId);
    return row ? decide(actor, row) : null;
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
      const found = await pointStanding(actor, assignedPointId);
      if (!found) throw notFound('质控点不存在');
      if (need === 'edit' && found.right !== 'edit') throw new AppError('FORBIDDEN');
      return { ...found, assignedPointId };
    },

    /** The actor's right on an assigned point, or null: for checks that answer rather than refuse. */
    async pointStanding(actor: Actor, assignedPointId: string): Promise<DiagnosisRight | null> {
      return (await pointStanding(actor, assignedPointId))?.right ?? null;
    },
  };
}

export type DiagnosisAccess = ReturnType<typeof createDiagnosisAccess>;
