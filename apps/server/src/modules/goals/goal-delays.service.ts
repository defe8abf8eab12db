import type * as S from '@eduqa/contract';
import { canRequestDelay, type DelayRequest, delayAuditTransition, nodeTransition } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { canDecompose, type GoalAccess } from './goal-access.ts';
import { attachFiles } from './goal-files.service.ts';
import { refreshTaskState } from './goal-nodes.service.ts';
import { notifyDelayDecided, notifyDelayRequested } from './goal-notices.ts';
import { toDelay } from './goal-rows.ts';
import { nodeNow, noteDelay, noteNodeMove, taskState } from './goals.audit.ts';
import { type Clock, changedOnce, check, forbid, type In, GOALS_MESSAGES as M } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

type DelaysDeps = { repo: GoalsRepo; access: GoalAccess; clock: Clock };

/** 延期申请: a node's principal (or the task's) asks for a later end; the task's creator decides. */
export function createGoalDelaysService(deps: DelaysDeps) {
  const context = delaysContext(deps);
  return { ...delayRequests(context), ...delayDecisions(context) };
}

function delaysContext(deps: DelaysDeps) {
  const { repo } = deps;

  async function oneDelay(id: string) {
    const [row] = await repo.delays({ ids: [id] });
    return toDelay(row!);
  }

  return { ...deps, oneDelay };
}
type DelaysContext = ReturnType<typeof delaysContext>;

function delayRequests({ repo, access, clock, oneDelay }: DelaysContext) {
  return {
    async delaysByIds(ids: string[]): Promise<DelayRequest[]> {
      if (ids.length === 0) return [];
      return (await repo.delays({ ids })).map(toDelay);
    },

    async delays(actor: Actor, taskId: string) {
      await access.readTask(actor, taskId);
      return (await repo.delays({ taskId })).map(toDelay);
    },

    async requestDelay(actor: Actor, body: In<typeof S.DelayBodySchema>): Promise<DelayRequest> {
      const { node, task } = await access.loadNode(actor, body.nodeId);
      if (node.principalId !== actor.userId && !canDecompose(actor, task)) throw forbid(M.needReporter);
      check(
        canRequestDelay({
          nodeState: node.state,
          hasPendingDelay: await repo.hasPendingDelay(node.id),
          currentEndDate: node.endDate,
          requestedEndDate: body.requestedEndDate,
        }),
      );
      const id = newId();
      await repo.transaction(async (tx) => {
        await tx.insertDelay({
          id,
          taskId: task.id,
          nodeId: node.id,
          originalEndDate: node.endDate,
          requestedEndDate: body.requestedEndDate,
          reason: body.reason,
          requesterUserId: actor.userId,
          requestedAt: clock.now(),
        });
        await attachFiles(tx, {
          actor,
          taskId: task.id,
          ownerType: 'TaskEndTime',
          ownerId: id,
          fileType: 'processDocument',
          fileIds: body.fileIds ?? [],
          at: clock.now(),
        });
        const { requestedEndDate, reason } = body;
        await notifyDelayRequested(tx, actor.userId, {
          id,
          taskId: task.id,
          nodeName: node.name,
          requestedEndDate,
          reason,
        });
      });
      return oneDelay(id);
    },
  };
}

function delayDecisions({ repo, access, clock, oneDelay }: DelaysContext) {
  return {
    /** A passed delay moves the node's end (and the task's, when later) and marks the node delayed. */
    async auditDelay(actor: Actor, body: In<typeof S.DelayAuditBodySchema>): Promise<DelayRequest> {
      const [delay] = await repo.delays({ ids: [body.id] });
      if (!delay) throw notFound(M.delayNotFound);
      const task = await access.readTask(actor, delay.taskId, M.delayNotFound);
      if (task.creatorId !== actor.userId) throw forbid(M.needCreatorAudit);
      const next = check(delayAuditTransition(delay.auditState, body.auditState));
      const [node] = await repo.nodes({ id: delay.nodeId });
      const nodeNext = next === 1 ? check(nodeTransition(node!.state, 'delay')) : null;
      const today = clock.today();
      const before = toDelay(delay);
      const nodeBefore = {
        node: nodeNext ? await nodeNow(repo, delay.nodeId, today) : null,
        task: nodeNext ? await taskState(repo, delay.taskId) : null,
      };
      await repo.transaction(async (tx) => {
        const decision = {
          from: 0 as const,
          to: next,
          opinion: body.opinion ?? '',
          auditorUserId: actor.userId,
        };
        changedOnce(await tx.decideDelay(delay.id, { ...decision, auditedAt: clock.now() }));
        if (nodeNext) {
          await tx.updateNode(delay.nodeId, { state: nodeNext, endDate: delay.requestedEndDate });
          await tx.extendTaskEnd(delay.taskId, delay.requestedEndDate, clock.now());
          await refreshTaskState(tx, delay.taskId, clock.now());
        }
        await notifyDelayDecided(tx, actor.userId, delay, decision);
      });
      const after = await oneDelay(delay.id);
      noteDelay(actor, before, after);
      await noteNodeMove(actor, { repo, today }, nodeBefore);
      return after;
    },
  };
}
