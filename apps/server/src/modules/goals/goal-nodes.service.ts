import type * as S from '@eduqa/contract';
import {
  type AuditNumber,
  canEditTask,
  canPushNodes,
  deriveYearTaskState,
  isNodeEditable,
  NODE_EVENT_ACTORS,
  NODE_LOCKED_MESSAGE,
  nodeTransition,
  PUSH_NEEDS_AUDIT_MESSAGE,
  type TaskAudit,
  taskAuditTransition,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import type { GoalAccess } from './goal-access.ts';
import { notifyDecompositionDecided, notifyDecompositionSubmitted, notifyNodeMoved } from './goal-notices.ts';
import { toAudit, toNode } from './goal-rows.ts';
import { nodeNow, noteNodeMove, noteTask, taskState } from './goals.audit.ts';
import {
  type Clock,
  changedOnce,
  check,
  forbid,
  type In,
  GOALS_MESSAGES as M,
  refuse,
} from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** A task's state follows its decomposition audit and its nodes (goal-states.ts); stored so lists filter on it. */
export async function refreshTaskState(repo: GoalsRepo, taskId: string, at: Date) {
  const task = await repo.taskAuditState(taskId);
  if (!task) return;
  const state = deriveYearTaskState({
    auditState: task.auditState,
    nodeStates: await repo.nodeStates(taskId),
  });
  await repo.setTaskState(taskId, { state, updatedAt: at });
}

type NodesDeps = { repo: GoalsRepo; access: GoalAccess; clock: Clock };

/** 任务节点 and the decomposition audit: the task's principal breaks it down, its creator approves. */
export function createGoalNodesService(deps: NodesDeps) {
  const context = nodesContext(deps);
  return { ...nodeEditing(context), ...nodeTransitions(context), ...decompositionAudit(context) };
}

function nodesContext(deps: NodesDeps) {
  const { repo, clock } = deps;

  async function oneNode(id: string) {
    const [row] = await repo.nodes({ id });
    return toNode(row!, clock.today());
  }
  async function checkPrincipal(principalId: string) {
    if (!(await repo.exists('users', [principalId])).has(principalId)) throw refuse(M.nodePrincipalNotFound);
  }

  return { ...deps, oneNode, checkPrincipal };
}
type NodesContext = ReturnType<typeof nodesContext>;

function nodeEditing({ repo, access, clock, oneNode, checkPrincipal }: NodesContext) {
  return {
    async nodes(actor: Actor, taskId: string) {
      await access.readTask(actor, taskId);
      const on = clock.today();
      return (await repo.nodes({ taskId })).map((r) => toNode(r, on));
    },

    async insertNode(actor: Actor, body: In<typeof S.NodeBodySchema>) {
      const task = await access.readTask(actor, body.taskId);
      access.requireDecompose(actor, task);
      check(canEditTask(task.state));
      if (body.startDate < task.startDate || body.endDate > task.endDate) throw refuse(M.nodeDates);
      const principal = body.principalId ?? task.principalId;
      await checkPrincipal(principal);
      const id = newId();
      await repo.transaction(async (tx) => {
        await tx.insertNode({
          id,
          taskId: body.taskId,
          name: body.name,
          description: body.description ?? '',
          principalUserId: principal,
          startDate: body.startDate,
          endDate: body.endDate,
        });
        await refreshTaskState(tx, body.taskId, clock.now());
      });
      return oneNode(id);
    },

    async updateNode(actor: Actor, body: In<typeof S.NodeUpdateBodySchema>) {
      const { node, task } = await access.loadNode(actor, body.id);
      access.requireDecompose(actor, task);
      if (!isNodeEditable(node.state)) throw refuse(NODE_LOCKED_MESSAGE);
      if (body.startDate < task.startDate || body.endDate > task.endDate) throw refuse(M.nodeDates);
      const principal = body.principalId ?? node.principalId;
      await checkPrincipal(principal);
      await repo.updateNode(body.id, {
        name: body.name,
        description: body.description ?? '',
        principalUserId: principal,
        startDate: body.startDate,
        endDate: body.endDate,
      });
      return oneNode(body.id);
    },

    async deleteNodes(actor: Actor, ids: string[]) {
      const taskIds = new Set<string>();
      for (const id of ids) {
        const { node, task } = await access.loadNode(actor, id);
        access.requireDecompose(actor, task);
        if (!isNodeEditable(node.state)) throw refuse(NODE_LOCKED_MESSAGE);
        taskIds.add(task.id);
      }
      await repo.transaction(async (tx) => {
        await tx.deleteNodes(ids);
        for (const taskId of taskIds) await refreshTaskState(tx, taskId, clock.now());
      });
    },
  };
}

/** Moving a node through its states: unlike editing, some events are the node principal's (NODE_EVENT_ACTORS). */
function nodeTransitions({ repo, access, clock, oneNode }: NodesContext) {
  return {
    async transitionNode(actor: Actor, body: In<typeof S.NodeTransitionBodySchema>) {
      const { node, task } = await access.loadNode(actor, body.id);
      const event = body.event;
      if (NODE_EVENT_ACTORS[event] === 'taskPrincipal') access.requireDecompose(actor, task);
      else if (node.principalId !== actor.userId) throw forbid(M.needNodePrincipal);
      const next = check(nodeTransition(node.state, event));
      if (event === 'push' && !canPushNodes(task.auditState)) throw refuse(PUSH_NEEDS_AUDIT_MESSAGE);
      const keepsReason = event === 'goBack' || event === 'resolve' || event === 'redefine';
      const today = clock.today();
      const before = { node: await nodeNow(repo, node.id, today), task: await taskState(repo, task.id) };
      await repo.transaction(async (tx) => {
        changedOnce(
          await tx.moveNode(node.id, node.state, {
            state: next,
            ...(keepsReason ? { reason: body.reason ?? '' } : {}),
          }),
        );
        await refreshTaskState(tx, task.id, clock.now());
        await notifyNodeMoved(tx, actor.userId, { node, event, reason: body.reason });
      });
      await noteNodeMove(actor, { repo, today }, before);
      return oneNode(node.id);
    },
  };
}

function decompositionAudit({ repo, access, clock }: NodesContext) {
  return {
    async audits(actor: Actor, taskId: string) {
      await access.readTask(actor, taskId);
      return (await repo.audits(taskId)).map(toAudit);
    },

    async submitAudit(actor: Actor, taskId: string): Promise<TaskAudit> {
      const task = await access.readTask(actor, taskId);
      access.requireDecompose(actor, task);
      const nodeCount = (await repo.nodeStates(taskId)).length;
      const next = check(taskAuditTransition(task.auditState, 'submit', { nodeCount }));
      const before = await taskState(repo, taskId);
      const id = newId();
      await repo.transaction(async (tx) => {
        await tx.insertAudit({ id, taskId, auditState: next, submitterUserId: actor.userId });
        changedOnce(await tx.moveTaskAudit(taskId, task.auditState, next, clock.now()));
        await refreshTaskState(tx, taskId, clock.now());
        await notifyDecompositionSubmitted(tx, actor.userId, { taskId, auditId: id, nodeCount });
      });
      noteTask(actor, before, await taskState(repo, taskId));
      return (await repo.audits(taskId)).map(toAudit).find((a) => a.id === id)!;
    },

    async decideAudit(actor: Actor, body: In<typeof S.TaskAuditDecisionBodySchema>): Promise<TaskAudit> {
      const task = await access.readTask(actor, body.taskId);
      if (task.creatorId !== actor.userId) throw forbid(M.needCreatorAudit);
      const next: AuditNumber = check(
        taskAuditTransition(task.auditState, body.auditState === 1 ? 'pass' : 'fail'),
      );
      const pending = await repo.pendingAudit(body.taskId);
      const before = await taskState(repo, body.taskId);
      await repo.transaction(async (tx) => {
        if (pending) {
          const decision = { to: next, opinion: body.opinion ?? '', auditorUserId: actor.userId };
          await tx.decideAudit(pending, { ...decision, auditedAt: clock.now() });
        }
        changedOnce(await tx.moveTaskAudit(body.taskId, task.auditState, next, clock.now()));
        await refreshTaskState(tx, body.taskId, clock.now());
        const decided = { taskId: body.taskId, auditId: pending, to: next, opinion: body.opinion ?? '' };
        await notifyDecompositionDecided(tx, actor.userId, decided);
      });
      noteTask(actor, before, await taskState(repo, body.taskId));
      const audits = (await repo.audits(body.taskId)).map(toAudit);
      return audits.find((a) => a.id === pending) ?? audits[0]!;
    },
  };
}
