import {
  AUDIT_NUMBER_LABELS,
  type DelayRequest,
  NODE_STATE_LABELS,
  PROGRESS_AUDIT_STATE_LABELS,
  type ProgressReport,
  type TaskNode,
  YEAR_TASK_STATE_LABELS,
  type YearTarget,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { type AuditFields, noteChange, objectNoter } from '../../platform/audit-trail.ts';
import { toNode } from './goal-rows.ts';
import type { TaskRow } from './goal-tasks.repo.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** A task's states: what its decomposition audit, its nodes and its creator's withdrawal made of it. */
const TASK_FIELDS: AuditFields<TaskRow> = {
  任务状态: (t) => YEAR_TASK_STATE_LABELS[t.state],
  分解审核: (t) => (t.auditState === null ? '未提交' : AUDIT_NUMBER_LABELS[t.auditState]),
  已撤回: (t) => (t.isWithdrawn ? '是' : '否'),
  结束日期: (t) => t.endDate,
};

/** The task as stored now, for the note of a change of its state (null when it is gone). */
export const taskState = async (repo: GoalsRepo, id: string) => (await repo.tasksByIds([id]))[0] ?? null;

export const noteTask = objectNoter<TaskRow>('目标任务', TASK_FIELDS);

/** A node moves through 推送 (下发), 接收, 退回, 提交/确认落实方案, 完成 and 延期. */
const NODE_FIELDS: AuditFields<TaskNode> = {
  节点状态: (n) => NODE_STATE_LABELS[n.state],
  退回原因或落实方案: (n) => n.reason,
  结束日期: (n) => n.endDate,
  节点负责人: (n) => n.principalName,
};

export function noteNode(actor: Actor, before: TaskNode, after: TaskNode) {
  noteChange(actor, {
    object: '任务节点',
    id: after.id,
    name: after.name,
    fields: NODE_FIELDS,
    before,
    after,
  });
}

const PROGRESS_FIELDS: AuditFields<ProgressReport> = {
  审核状态: (p) => PROGRESS_AUDIT_STATE_LABELS[p.auditState],
  审核意见: (p) => p.opinion,
  审核人: (p) => p.auditorName,
};

/** A progress report before and after its audit (审核通过 or 退回). */
export function noteProgress(actor: Actor, before: ProgressReport, after: ProgressReport) {
  noteChange(actor, {
    object: '进度上报',
    id: after.id,
    name: `${after.nodeName} · ${after.reportedAt}`,
    fields: PROGRESS_FIELDS,
    before,
    after,
  });
}

const DELAY_FIELDS: AuditFields<DelayRequest> = {
  审核状态: (d) => AUDIT_NUMBER_LABELS[d.auditState],
  申请延期至: (d) => d.requestedEndDate,
  审核意见: (d) => d.opinion,
  审核人: (d) => d.auditorName,
};

/** A delay request before and after its audit. */
export function noteDelay(actor: Actor, before: DelayRequest, after: DelayRequest) {
  noteChange(actor, {
    object: '延期申请',
    id: after.id,
    name: `${after.nodeName} · 延期至 ${after.requestedEndDate}`,
    fields: DELAY_FIELDS,
    before,
    after,
  });
}

const YEAR_TARGET_FIELDS: AuditFields<YearTarget> = {
  名称: (y) => y.name,
  年度: (y) => y.cycleYear,
  目标说明: (y) => y.description,
};

export const noteYearTarget = objectNoter<YearTarget>('年度目标', YEAR_TARGET_FIELDS);

/** A node as its list shows it now, for a note of its move (null when it is gone). */
export async function nodeNow(repo: GoalsRepo, id: string, today: string): Promise<TaskNode | null> {
  const [row] = await repo.nodes({ id });
  return row ? toNode(row, today) : null;
}

/** Notes what a node's move did to the node and to its task, read again after the write. */
export async function noteNodeMove(
  actor: Actor,
  deps: { repo: GoalsRepo; today: string },
  before: { node: TaskNode | null; task: TaskRow | null },
) {
  if (!before.node) return;
  const after = await nodeNow(deps.repo, before.node.id, deps.today);
  if (after) noteNode(actor, before.node, after);
  noteTask(actor, before.task, await taskState(deps.repo, before.node.taskId));
}
