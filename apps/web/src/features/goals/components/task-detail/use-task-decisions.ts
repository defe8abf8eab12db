import {
  goalsEndpoints as E,
  GOAL_TEXT_MAX,
  type ManualNodeEvent,
  NODE_EVENT_LABELS,
  PROGRESS_AUDIT_DECISION_LABELS,
  type ProgressAuditDecision,
  TASK_AUDIT_ACTION_LABELS,
  type TaskAuditAction,
} from '@eduqa/contract';
import { useState } from 'react';
import type { RunAction } from '../../../../shared/api/use-action.ts';
import { type DelayRow, type NodeRow, type ProgressRow, post } from '../../api.ts';
import type { ReasonAsk } from '../reason-modal.tsx';

/** Events that carry a text: a return reason, or the plan the node principal submits. */
const EVENT_TEXT: Partial<Record<ManualNodeEvent, { label: string; required: boolean }>> = {
  goBack: { label: '退回原因', required: true },
  resolve: { label: '落实方案', required: true },
  redefine: { label: '退回原因', required: true },
};

const auditOf = (action: TaskAuditAction): 1 | 2 => (action === 'pass' ? 1 : 2);

/**
 * The decisions of 任务详情 (node moves, progress, decomposition and delay audits). Those that need a
 * reason or an opinion first ask for it in the one reason dialog, whose state this holds.
 */
export function useTaskDecisions(taskId: string, act: RunAction) {
  const [ask, setAsk] = useState<ReasonAsk | null>(null);
  const [isAskOpen, setAskOpen] = useState(false);
  const askFor = (next: ReasonAsk) => {
    setAsk(next);
    setAskOpen(true);
  };
  const opinion = (title: string, required: boolean, send: (text: string) => Promise<boolean>) =>
    askFor({ title, label: '审核意见', required, max: GOAL_TEXT_MAX.opinion, onSubmit: send });

  const moveNode = (node: NodeRow, event: ManualNodeEvent) => {
    const label = NODE_EVENT_LABELS[event];
    const text = EVENT_TEXT[event];
    if (!text) {
      void act(() => post(E.nodeTransition, { id: node.id, event }), `已${label}`);
      return;
    }
    askFor({
      title: `${label}（${node.name}）`,
      label: text.label,
      required: text.required,
      max: GOAL_TEXT_MAX.reason,
      onSubmit: (reason) => act(() => post(E.nodeTransition, { id: node.id, event, reason }), `已${label}`),
    });
  };

  const decideProgress = (report: ProgressRow, decision: ProgressAuditDecision) => {
    const label = PROGRESS_AUDIT_DECISION_LABELS[decision];
    opinion(`${label}（${report.nodeName}）`, decision === 'reject', (text) =>
      act(() => post(E.progressAudit, { id: report.id, decision, opinion: text }), `已${label}`),
    );
  };

  const decideDecomposition = (action: TaskAuditAction) => {
    if (action === 'submit') {
      void act(() => post(E.targetTaskAuditSubmit, { taskId }), '任务分解已提交审核');
      return;
    }
    const label = `分解${TASK_AUDIT_ACTION_LABELS[action]}`;
    opinion(label, action === 'fail', (text) =>
      act(() => post(E.targetTaskAuditDecide, { taskId, auditState: auditOf(action), opinion: text }), label),
    );
  };

  const decideDelay = (delay: DelayRow, auditState: 1 | 2) => {
    const label = `延期${auditState === 1 ? '审核通过' : '审核不通过'}`;
    opinion(`${label}（${delay.nodeName}）`, auditState === 2, (text) =>
      act(() => post(E.delayAudit, { id: delay.id, auditState, opinion: text }), label),
    );
  };

  /** 催办: what the head or the creator writes reaches the principal as a message (and e-mail, robot post). */
  const urgeTask = (principalName: string) =>
    askFor({
      title: `催办（${principalName}）`,
      label: '催办内容',
      required: false,
      max: GOAL_TEXT_MAX.urge,
      intro: `${principalName}会收到一条消息，点开即到本任务。`,
      onSubmit: (content) =>
        act(
          () => post(E.taskUrge, { id: taskId, ...(content ? { content } : {}) }),
          `已催办${principalName}`,
        ),
    });

  return {
    ask,
    isAskOpen,
    closeAsk: () => setAskOpen(false),
    moveNode,
    decideProgress,
    decideDecomposition,
    decideDelay,
    urgeTask,
  };
}
