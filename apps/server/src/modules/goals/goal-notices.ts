import {
  type AuditNumber,
  type NodeEvent,
  type NoticeCategory,
  noticeLinks,
  PROGRESS_TYPE_LABELS,
  type ProgressAuditState,
  type ProgressType,
  type ReportState,
} from '@eduqa/contract';
import type { NoticeInput } from '../notices/notices.writer.ts';
import type { TaskAudienceRow } from './goal-notices.repo.ts';
import type { GoalReportRow } from './goal-reports.repo.ts';
import type { GoalsRepo } from './goals.repo.ts';

/**
 * The goal area's messages (消息中心, issue 29). Each is written by the change's own transaction (`tx`),
 * to people who may open the task: its creator, its principal, a node's principal, those who answer for
 * its responsible department (goal-scopes.ts `visibleTask`). A withdrawn task is its creator's alone.
 * Every message opens the task in 我的任务.
 */
type Tx = Pick<
  GoalsRepo,
  'taskAudiences' | 'taskCollaborators' | 'departmentAnswerers' | 'askerOf' | 'notify'
>;

interface Message {
  to: readonly (string | null)[];
  category: NoticeCategory;
  kind: string;
  title: string;
  body: string;
  objectId: string;
}

function noticeOf(task: TaskAudienceRow, actorId: string, m: Message): NoticeInput {
  const to = m.to.filter((id): id is string => Boolean(id));
  return {
    recipientIds: task.isWithdrawn ? to.filter((id) => id === task.creatorId) : to,
    category: m.category,
    kind: m.kind,
    title: m.title,
    body: m.body,
    link: noticeLinks.goalTask(task.id),
    objectId: m.objectId,
    actorId,
  };
}

/** 「任务名 · 原因：…」, the reason left out when none was given. */
const withReason = (text: string, label: string, reason: string | null | undefined) =>
  reason?.trim() ? `${text} · ${label}：${reason.trim()}` : text;

async function one(tx: Tx, actorId: string, taskId: string, message: (task: TaskAudienceRow) => Message) {
  const task = (await tx.taskAudiences([taskId])).get(taskId);
  if (task) await tx.notify([noticeOf(task, actorId, message(task))]);
}

/** 催办: the task's principal is pressed by its department's head or its creator, with what they wrote. */
export async function notifyTaskUrged(
  tx: Tx,
  actorId: string,
  input: { taskId: string; content?: string | undefined },
) {
  await one(tx, actorId, input.taskId, (task) => ({
    to: [task.principalId],
    category: 'urge',
    kind: 'goal.taskUrged',
    title: `催办：${task.name}`,
    body: withReason(task.yearTargetName, '催办内容', input.content),
    objectId: task.id,
  }));
}

/**
 * Whom an issue tells: the principal, those who answer for the responsible department, and those who answer
 * for collaborating departments (协办部门) — every one of the task's (`'all'`) or only those just added.
 */
export interface IssuedTo {
  principal: boolean;
  department: boolean;
  collaborators: 'all' | readonly string[];
}
const EVERYONE: IssuedTo = { principal: true, department: true, collaborators: 'all' };

/**
 * Tasks issued (created, imported): to each one's principal and its responsible department, and, as a
 * collaboration (协办任务), to those who answer for its collaborating departments — in one write. A task
 * given to another principal or department, or to more collaborating departments (`to`), tells only the new
 * ones. Someone told the task is theirs is not told again that they collaborate on it.
 */
export async function notifyTasksIssued(
  tx: Tx,
  actorId: string,
  taskIds: readonly string[],
  to: IssuedTo = EVERYONE,
) {
  if (!(to.principal || to.department || to.collaborators === 'all' || to.collaborators.length > 0)) return;
  const tasks = [...(await tx.taskAudiences(taskIds)).values()];
  if (tasks.length === 0) return;
  const collaborators =
    to.collaborators === 'all'
      ? await tx.taskCollaborators(taskIds)
      : new Map(tasks.map((task) => [task.id, [...to.collaborators]]));
  const departments = new Set([
    ...(to.department ? tasks.map((t) => t.departmentId) : []),
    ...[...collaborators.values()].flat(),
  ]);
  const answerers = departments.size > 0 ? await tx.departmentAnswerers([...departments]) : new Map();
  const answerersOf = (departmentId: string): string[] => answerers.get(departmentId) ?? [];
  await tx.notify(
    tasks.flatMap((task) => {
      const owners = [
        ...(to.principal ? [task.principalId] : []),
        ...(to.department ? answerersOf(task.departmentId) : []),
      ];
      const helpers = (collaborators.get(task.id) ?? [])
        .flatMap(answerersOf)
        .filter((id) => !owners.includes(id));
      return [
        noticeOf(task, actorId, {
          to: owners,
          category: 'task',
          kind: 'goal.taskIssued',
          title: `任务下达：${task.name}`,
          body: `${task.yearTargetName} · 责任部门：${task.departmentName}`,
          objectId: task.id,
        }),
        noticeOf(task, actorId, {
          to: helpers,
          category: 'task',
          kind: 'goal.collaborationIssued',
          title: `协办任务：${task.name}`,
          body: `${task.yearTargetName} · 下达人：${task.creatorName} · 责任部门：${task.departmentName}`,
          objectId: task.id,
        }),
      ];
    }),
  );
}

/** Who a node's move concerns: the node's principal, or those who decompose the task (its principal, the head). */
const NODE_MESSAGES: Partial<
  Record<
    NodeEvent,
    { to: 'node' | 'decomposers'; category: NoticeCategory; kind: string; title: string; reason?: string }
  >
> = {
  push: { to: 'node', category: 'task', kind: 'goal.nodePushed', title: '节点待接收' },
  withdraw: { to: 'node', category: 'task', kind: 'goal.nodeWithdrawn', title: '节点已撤回' },
  goBack: {
    to: 'decomposers',
    category: 'task',
    kind: 'goal.nodeReturned',
    title: '节点被退回',
    reason: '退回原因',
  },
  resolve: { to: 'decomposers', category: 'request', kind: 'goal.planSubmitted', title: '落实方案待确认' },
  define: { to: 'node', category: 'audit', kind: 'goal.planConfirmed', title: '落实方案已确认' },
  redefine: {
    to: 'node',
    category: 'audit',
    kind: 'goal.planReturned',
    title: '落实方案被退回',
    reason: '退回原因',
  },
};

export async function notifyNodeMoved(
  tx: Tx,
  actorId: string,
  input: {
    node: { id: string; taskId: string; name: string; principalId: string; endDate: string };
    event: NodeEvent;
    reason?: string | undefined;
  },
) {
  const { node, event } = input;
  const spec = NODE_MESSAGES[event];
  if (!spec) return;
  await one(tx, actorId, node.taskId, (task) => ({
    to: spec.to === 'node' ? [node.principalId] : [task.principalId, task.headId],
    category: spec.category,
    kind: spec.kind,
    title: `${spec.title}：${node.name}`,
    body: spec.reason
      ? withReason(task.name, spec.reason, input.reason)
      : `${task.name} · 截止 ${node.endDate}`,
    objectId: node.id,
  }));
}

/** A progress report awaits the department's audit and the creator's. */
export async function notifyProgressReported(
  tx: Tx,
  actorId: string,
  report: { id: string; taskId: string; nodeName: string; type: ProgressType },
) {
  const task = (await tx.taskAudiences([report.taskId])).get(report.taskId);
  if (!task) return;
  const managers = (await tx.departmentAnswerers([task.departmentId])).get(task.departmentId) ?? [];
  await tx.notify([
    noticeOf(task, actorId, {
      to: [task.creatorId, ...managers],
      category: 'request',
      kind: 'goal.progressReported',
      title: `进度待审核：${report.nodeName}`,
      body: `${task.name} · ${PROGRESS_TYPE_LABELS[report.type]}`,
      objectId: report.id,
    }),
  ]);
}

const PROGRESS_DECIDED: Record<Exclude<ProgressAuditState, 'reviewing'>, { kind: string; title: string }> = {
  childPass: { kind: 'goal.progressDepartmentPassed', title: '进度部门审核通过' },
  pass: { kind: 'goal.progressPassed', title: '进度审核通过' },
  reject: { kind: 'goal.progressRejected', title: '进度审核驳回' },
};

/** The reporter learns the decision, with the reason of a rejection. */
export async function notifyProgressAudited(
  tx: Tx,
  actorId: string,
  report: { id: string; taskId: string; nodeName: string; reporterId: string },
  decision: { to: ProgressAuditState; opinion: string },
) {
  if (decision.to === 'reviewing') return;
  const spec = PROGRESS_DECIDED[decision.to];
  await one(tx, actorId, report.taskId, (task) => ({
    to: [report.reporterId],
    category: 'audit',
    kind: spec.kind,
    title: `${spec.title}：${report.nodeName}`,
    body: withReason(task.name, decision.to === 'reject' ? '驳回原因' : '审核意见', decision.opinion),
    objectId: report.id,
  }));
}

/** A delay asked of the task's creator, who decides it. */
export async function notifyDelayRequested(
  tx: Tx,
  actorId: string,
  delay: { id: string; taskId: string; nodeName: string; requestedEndDate: string; reason: string },
) {
  await one(tx, actorId, delay.taskId, (task) => ({
    to: [task.creatorId],
    category: 'request',
    kind: 'goal.delayRequested',
    title: `延期申请待审核：${delay.nodeName}`,
    body: withReason(`${task.name} · 申请延期至 ${delay.requestedEndDate}`, '原因', delay.reason),
    objectId: delay.id,
  }));
}

/** The asker learns whether the delay was granted. */
export async function notifyDelayDecided(
  tx: Tx,
  actorId: string,
  delay: { id: string; taskId: string; nodeName: string; requestedEndDate: string },
  decision: { to: AuditNumber; opinion: string },
) {
  const asker = await tx.askerOf('goal_delays', delay.id);
  const passed = decision.to === 1;
  await one(tx, actorId, delay.taskId, (task) => ({
    to: [asker],
    category: 'audit',
    kind: passed ? 'goal.delayPassed' : 'goal.delayRefused',
    title: `${passed ? '延期申请已通过' : '延期申请未通过'}：${delay.nodeName}`,
    body: passed
      ? withReason(`${task.name} · 延期至 ${delay.requestedEndDate}`, '审核意见', decision.opinion)
      : withReason(task.name, '原因', decision.opinion),
    objectId: delay.id,
  }));
}

/** The decomposition asked of the task's creator, who audits it. */
export async function notifyDecompositionSubmitted(
  tx: Tx,
  actorId: string,
  input: { taskId: string; auditId: string; nodeCount: number },
) {
  await one(tx, actorId, input.taskId, (task) => ({
    to: [task.creatorId],
    category: 'request',
    kind: 'goal.decompositionSubmitted',
    title: `任务分解待审核：${task.name}`,
    body: `${task.yearTargetName} · 共 ${input.nodeCount} 个节点`,
    objectId: input.auditId,
  }));
}

/** Whoever submitted the decomposition learns the decision, with the reason of a refusal. */
export async function notifyDecompositionDecided(
  tx: Tx,
  actorId: string,
  input: { taskId: string; auditId: string | null; to: AuditNumber; opinion: string },
) {
  const { auditId } = input;
  if (!auditId) return;
  const asker = await tx.askerOf('goal_task_audits', auditId);
  const passed = input.to === 1;
  await one(tx, actorId, input.taskId, (task) => ({
    to: [asker],
    category: 'audit',
    kind: passed ? 'goal.decompositionPassed' : 'goal.decompositionRefused',
    title: `${passed ? '任务分解审核通过' : '任务分解审核不通过'}：${task.name}`,
    body: withReason(task.yearTargetName, passed ? '审核意见' : '原因', input.opinion),
    objectId: auditId,
  }));
}

/** A target report as its messages name it: a task's, or a year target's (`taskId` null). */
type ReportSubject = Pick<GoalReportRow, 'reportId' | 'taskId' | 'taskName' | 'yearTargetName' | 'cycleYear'>;

function reportMessage(row: ReportSubject, toAudit: boolean) {
  return {
    subjectName: row.taskName ?? row.yearTargetName,
    context: row.taskId ? row.yearTargetName : `${row.cycleYear}年度目标`,
    // A task's report opens with its task; a year target's on the goal reports' page.
    link: row.taskId ? noticeLinks.goalTask(row.taskId) : noticeLinks.goalReports(toAudit),
    objectId: row.reportId,
  };
}

/** A report submitted: to those who audit it (goal-reports.repo.ts `reportAuditorIds`). */
export function reportSubmittedNotice(
  row: ReportSubject,
  actorId: string,
  auditorIds: string[],
): NoticeInput {
  const m = reportMessage(row, true);
  return {
    recipientIds: auditorIds,
    category: 'request',
    kind: 'goal.reportSubmitted',
    title: `目标报告待审核：${m.subjectName}`,
    body: m.context,
    link: m.link,
    objectId: m.objectId,
    actorId,
  };
}

/** A report audited: to whoever submitted it, with the reason of a rejection. */
export function reportAuditedNotice(
  row: ReportSubject & Pick<GoalReportRow, 'submitterUserId'>,
  actorId: string,
  decision: { to: ReportState; opinion: string },
): NoticeInput {
  const m = reportMessage(row, false);
  const passed = decision.to === 'passed';
  return {
    recipientIds: row.submitterUserId ? [row.submitterUserId] : [],
    category: 'audit',
    kind: passed ? 'goal.reportPassed' : 'goal.reportRejected',
    title: `${passed ? '目标报告审核通过' : '目标报告被驳回'}：${m.subjectName}`,
    body: withReason(m.context, passed ? '审核意见' : '驳回原因', decision.opinion),
    link: m.link,
    objectId: m.objectId,
    actorId,
  };
}
