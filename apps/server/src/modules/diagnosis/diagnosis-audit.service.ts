import type { AuditRecord, AuditState, ReviewObjectTask, ReviewQueueInput } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isAuditor } from './diagnosis.access.ts';
import type { DiagnosisQueries } from './diagnosis.repo.ts';
import { type DiagnosisDeps, DIAGNOSIS_MESSAGES as M, type Paged, unprocessable } from './diagnosis.rules.ts';
import { notifyAuditStep } from './diagnosis-notices.ts';
import type { PointForWrite } from './diagnosis-points.repo.ts';

export interface AuditStep {
  from: readonly AuditState[];
  to: AuditState;
  action: AuditRecord['action'];
  message: string;
}

/** The audit of assigned points: the charger submits, an auditor passes or refuses (with a reason). */
export const AUDIT_STEPS = {
  submit: { from: ['draft', 'refused'], to: 'submitted', action: 'submit', message: M.submitOnlyDraft },
  pass: { from: ['submitted'], to: 'passed', action: 'pass', message: M.auditOnlySubmitted },
  refuse: { from: ['submitted'], to: 'refused', action: 'refuse', message: M.auditOnlySubmitted },
} as const satisfies Record<string, AuditStep>;

/**
 * One audit step inside the caller's transaction: the points move only from the step's `from` states,
 * all of them or none, each with its trail row and the messages of the step (diagnosis-notices.ts).
 */
export async function moveAudit(
  tx: DiagnosisQueries,
  input: { ids: readonly string[]; step: AuditStep; reason: string | null; actorUserId: string },
) {
  const { ids, step, reason } = input;
  const moved = await tx.moveAuditState({
    ids,
    from: step.from,
    to: step.to,
    reason: step.to === 'refused' ? reason : null,
  });
  if (moved !== ids.length) throw unprocessable(step.message);
  await tx.insertAudits({ ids, action: step.action, reason, actorUserId: input.actorUserId });
  await notifyAuditStep(tx, { ids, to: step.to, reason, actorUserId: input.actorUserId });
}

export function createDiagnosisAuditService(deps: DiagnosisDeps) {
  const { repo, access } = deps;

  /** Points by id with the caller's standing; unknown or invisible ids → not-found. */
  async function pointsForWrite(actor: Actor, ids: readonly string[]): Promise<PointForWrite[]> {
    const unique = [...new Set(ids)];
    const points = await repo.pointsForWrite(unique, actor);
    if (points.length !== unique.length) throw notFound(M.pointNotFound);
    return points;
  }

  async function auditedPoints(actor: Actor, ids: readonly string[]) {
    if (!isAuditor(actor)) throw new AppError('FORBIDDEN', M.needAudit);
    const points = await pointsForWrite(actor, ids);
    if (points.some((p) => p.auditState !== 'submitted')) throw unprocessable(M.auditOnlySubmitted);
    return points;
  }

  /** One audit step for all points at once: the state moves only from `from`, with one trail row each. */
  async function move(
    actor: Actor,
    points: readonly PointForWrite[],
    step: AuditStep,
    reason: string | null,
  ) {
    const ids = points.map((p) => p.id);
    await repo.transaction((tx) => moveAudit(tx, { ids, step, reason, actorUserId: actor.userId }));
    return { updated: ids.length };
  }

  return {
    /**
     * 待审核: the object tasks with submitted points. Only auditors (diagnosis.audit) have a queue;
     * anyone else is refused rather than shown an empty list, so a missing grant is noticed.
     */
    async reviewQueue(actor: Actor, query: ReviewQueueInput): Promise<Paged<ReviewObjectTask>> {
      if (!isAuditor(actor)) throw new AppError('FORBIDDEN', M.needAuditQueue);
      return repo.pageReviewQueue(
        {
          reader: actor,
          taskId: query.taskId,
          level: query.level,
          departmentId: query.departmentId,
          keyword: query.keyword,
        },
        query,
      );
    },

    async auditHistory(actor: Actor, id: string): Promise<AuditRecord[]> {
      await access.pointRight(actor, id, 'read');
      return repo.auditHistory(id);
    },

    async submit(actor: Actor, ids: readonly string[]) {
      const points = await pointsForWrite(actor, ids);
      for (const point of points) {
        if (point.chargerUserId !== actor.userId) throw new AppError('FORBIDDEN');
        if (!(AUDIT_STEPS.submit.from as readonly string[]).includes(point.auditState)) {
          throw unprocessable(M.submitOnlyDraft);
        }
      }
      return move(actor, points, AUDIT_STEPS.submit, null);
    },

    async pass(actor: Actor, ids: readonly string[]) {
      return move(actor, await auditedPoints(actor, ids), AUDIT_STEPS.pass, null);
    },

    async refuse(actor: Actor, ids: readonly string[], reason: string) {
      return move(actor, await auditedPoints(actor, ids), AUDIT_STEPS.refuse, reason);
    },
  };
}
