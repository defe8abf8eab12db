import type * as S from '@eduqa/contract';
import type { ObjectAuthority } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { isAuditor, isManager } from './diagnosis.access.ts';
import {
  type DiagnosisDeps,
  emptyToNull,
  DIAGNOSIS_MESSAGES as M,
  unprocessable,
} from './diagnosis.rules.ts';
import type { DiagnosisAnalysisRepo } from './diagnosis-analysis.repo.ts';
import { AUDIT_STEPS, moveAudit } from './diagnosis-audit.service.ts';
import { checkTargetWrite } from './diagnosis-points.service.ts';

/** The job kinds of the diagnosis service, polled at obj/getFutureTaskResult. */
export const DIAGNOSIS_JOB_KINDS = {
  upList: 'diagnosis.upList',
  downList: 'diagnosis.downList',
  qualityCache: 'diagnosis.qualityCache',
} as const;

export const BATCH_MESSAGES = {
  nothingToSubmit: '所选对象任务没有未提交或审核不通过的质控点',
  nothingToRefuse: '所选对象任务没有待审核的质控点',
  upListFailed: '批量上报失败，请重试',
  downListFailed: '批量退回失败，请重试',
} as const;

/** What a job needs of its starter to decide as the request would: the user and the diagnosis grants. */
export const JobActorSchema = z.object({ userId: z.string(), actions: z.array(z.string()) });
export const jobActorOf = (actor: Actor) => ({
  userId: actor.userId,
  actions: [...actor.actions].filter((a) => a.startsWith('diagnosis.')),
});
export const actorOfJob = (who: z.output<typeof JobActorSchema>): Actor => ({
  userId: who.userId,
  actions: new Set(who.actions),
  roleIds: [],
  menuKeys: new Set(),
  sessionId: '',
  csrfSecret: '',
});

export interface DiagnosisBatchDeps extends DiagnosisDeps {
  analysisRepo: DiagnosisAnalysisRepo;
  jobs: Jobs;
}

/**
 * The calls that act on whole object tasks: what the caller may do with one (obj/authority), 上报 and
 * 退回 of a list of them (obj/updateuplist, obj/updatedownlist, and as jobs), and the charger's 目标值提交
 * (quality/updatembzcommit). Each is an audit step of diagnosis-audit.service.ts over more points.
 */
export function createDiagnosisBatchService(deps: DiagnosisBatchDeps) {
  const context = batchContext(deps);
  const moves = batchMoves(context);
  return {
    ...batchAuthority(context),
    ...moves,
    ...batchJobs(context, moves),
    ...targetCommits(context),
  };
}

/** What the parts share: the deps and the checks of the listed object tasks and of the auditor. */
interface BatchContext extends DiagnosisBatchDeps {
  objectTasksOrThrow(actor: Actor, ids: readonly string[], charged: boolean): Promise<string[]>;
  requireAuditor(actor: Actor): void;
}

function batchContext(deps: DiagnosisBatchDeps): BatchContext {
  /** The listed object tasks, all visible (else not-found); with `charged`, all the caller's own. */
  async function objectTasksOrThrow(actor: Actor, ids: readonly string[], charged: boolean) {
    const unique = [...new Set(ids)];
    const rows = await deps.analysisRepo.objectTasksIn(unique, actor);
    if (rows.length !== unique.length) throw notFound(M.objectTaskNotFound);
    if (charged && rows.some((r) => r.chargerUserId !== actor.userId)) throw new AppError('FORBIDDEN');
    return unique;
  }

  function requireAuditor(actor: Actor) {
    if (!isAuditor(actor)) throw new AppError('FORBIDDEN', M.needAudit);
  }

  return { ...deps, objectTasksOrThrow, requireAuditor };
}

/** What the caller may do with one object task (obj/authority). */
function batchAuthority({ access, analysisRepo }: BatchContext) {
  return {
    async authority(actor: Actor, objectTaskId: string): Promise<ObjectAuthority> {
      const { right } = await access.objectTaskRight(actor, objectTaskId, 'read');
      const facts = await analysisRepo.objectTaskFacts(objectTaskId);
      const isCharger = right === 'edit';
      return {
        objectTaskId,
        right,
        canEdit: isCharger,
        canSubmit: isCharger,
        canAudit: isAuditor(actor),
        canManage: isManager(actor),
        canRecompute: isCharger || isManager(actor),
        isTaskOpen: facts?.state === 'normal',
      };
    },
  };
}

/** 上报 and 退回: every point of the listed object tasks that the step moves, in one transaction. */
function batchMoves({ repo, analysisRepo, objectTasksOrThrow, requireAuditor }: BatchContext) {
  return {
    async upList(actor: Actor, objectTaskIds: readonly string[]) {
      const ids = await objectTasksOrThrow(actor, objectTaskIds, true);
      const points = await analysisRepo.pointIdsIn(ids, AUDIT_STEPS.submit.from);
      if (points.length === 0) throw unprocessable(BATCH_MESSAGES.nothingToSubmit);
      await repo.transaction((tx) =>
        moveAudit(tx, { ids: points, step: AUDIT_STEPS.submit, reason: null, actorUserId: actor.userId }),
      );
      return { objectTasks: ids.length, updated: points.length };
    },

    async downList(actor: Actor, body: S.ObjectTaskRefuseInput) {
      requireAuditor(actor);
      const ids = await objectTasksOrThrow(actor, body.objectTaskIds, false);
      const points = await analysisRepo.pointIdsIn(ids, AUDIT_STEPS.refuse.from);
      if (points.length === 0) throw unprocessable(BATCH_MESSAGES.nothingToRefuse);
      await repo.transaction((tx) =>
        moveAudit(tx, {
          ids: points,
          step: AUDIT_STEPS.refuse,
          reason: body.reason,
          actorUserId: actor.userId,
        }),
      );
      return { objectTasks: ids.length, updated: points.length };
    },
  };
}

/** 上报 and 退回 as jobs: registered once, started by a request that checks what it can at once. */
function batchJobs(
  { jobs, objectTasksOrThrow, requireAuditor }: BatchContext,
  { upList, downList }: ReturnType<typeof batchMoves>,
) {
  const upJob = jobs.register(DIAGNOSIS_JOB_KINDS.upList, {
    payload: z.object({ actor: JobActorSchema, objectTaskIds: z.array(z.string()) }),
    failedMessage: BATCH_MESSAGES.upListFailed,
    label: '上报质控点',
    async run({ payload, report }) {
      await report(10);
      return { result: await upList(actorOfJob(payload.actor), payload.objectTaskIds) };
    },
  });

  const downJob = jobs.register(DIAGNOSIS_JOB_KINDS.downList, {
    payload: z.object({ actor: JobActorSchema, objectTaskIds: z.array(z.string()), reason: z.string() }),
    failedMessage: BATCH_MESSAGES.downListFailed,
    label: '退回质控点',
    async run({ payload, report }) {
      await report(10);
      const { actor, ...body } = payload;
      return { result: await downList(actorOfJob(actor), body) };
    },
  });

  return {
    /** The request checks what it can at once (a stranger learns nothing from a job); the job moves the points. */
    async startUpList(actor: Actor, objectTaskIds: readonly string[]) {
      const ids = await objectTasksOrThrow(actor, objectTaskIds, true);
      const job = await upJob.enqueue({
        actorId: actor.userId,
        payload: { actor: jobActorOf(actor), objectTaskIds: ids },
      });
      return { taskId: job.id };
    },

    async startDownList(actor: Actor, body: S.ObjectTaskRefuseInput) {
      requireAuditor(actor);
      const ids = await objectTasksOrThrow(actor, body.objectTaskIds, false);
      const job = await downJob.enqueue({
        actorId: actor.userId,
        payload: { actor: jobActorOf(actor), objectTaskIds: ids, reason: body.reason },
      });
      return { taskId: job.id };
    },

    kinds: [DIAGNOSIS_JOB_KINDS.upList, DIAGNOSIS_JOB_KINDS.downList] as const,
  };
}

/** 目标值提交 (quality/updatembzcommit). */
function targetCommits({ repo, now, recompute }: BatchContext) {
  return {
    /**
     * 目标值提交: the charger's targets are written and their points submitted in one transaction, so a
     * refused value or a point not open for submission leaves everything as it was.
     */
    async commitTargets(actor: Actor, body: S.TargetsInput) {
      const ids = [...new Set(body.list.map((item) => item.assignedPointId))];
      const points = await repo.pointsForWrite(ids, actor);
      if (points.length !== ids.length) throw notFound(M.pointNotFound);
      const byId = new Map(points.map((p) => [p.id, p]));
      for (const point of points) {
        if (point.chargerUserId !== actor.userId) throw new AppError('FORBIDDEN');
        if (!(AUDIT_STEPS.submit.from as readonly string[]).includes(point.auditState)) {
          throw unprocessable(M.submitOnlyDraft);
        }
      }
      const targets = body.list.map((item) => {
        const target = emptyToNull(item.target);
        checkTargetWrite(actor, byId.get(item.assignedPointId)!, target);
        return { id: item.assignedPointId, target };
      });
      await repo.transaction(async (tx) => {
        await tx.setTargets(targets);
        await moveAudit(tx, { ids, step: AUDIT_STEPS.submit, reason: null, actorUserId: actor.userId });
      });
      await recompute({ assignedPointIds: ids, now: now() });
      return { updated: ids.length };
    },
  };
}

export type DiagnosisBatchService = ReturnType<typeof createDiagnosisBatchService>;
