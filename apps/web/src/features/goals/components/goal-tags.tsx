import {
  type AuditNumber,
  type GoalWarningType,
  type NodeState,
  type ProgressAuditState,
  SCHEDULE_STATUS_LABELS,
  type ScheduleStatus,
  type TaskType,
} from '@eduqa/contract';
import { Tag } from 'antd';
import {
  AUDIT_NUMBER_COLORS,
  decompositionText,
  NODE_STATE_COLORS,
  nodeStateText,
  PROGRESS_AUDIT_COLORS,
  progressAuditText,
  scheduleTagColor,
  TASK_TYPE_TAG_COLORS,
  taskTypeText,
  WARNING_TAG_COLORS,
  warningText,
} from '../goal-labels.ts';

export function ScheduleTag({ status }: { status: ScheduleStatus }) {
  return <Tag color={scheduleTagColor(status)}>{SCHEDULE_STATUS_LABELS[status]}</Tag>;
}

export function TaskTypeTag({ type }: { type: TaskType }) {
  return <Tag color={TASK_TYPE_TAG_COLORS[type]}>{taskTypeText(type)}</Tag>;
}

export function WarningTag({ type, count }: { type: GoalWarningType; count?: number }) {
  return (
    <Tag color={WARNING_TAG_COLORS[type]}>
      {warningText(type)}
      {count === undefined ? '' : ` ${count}`}
    </Tag>
  );
}

export function NodeStateTag({ state }: { state: NodeState }) {
  return <Tag color={NODE_STATE_COLORS[state]}>{nodeStateText(state)}</Tag>;
}

export function ProgressAuditTag({ state }: { state: ProgressAuditState }) {
  return <Tag color={PROGRESS_AUDIT_COLORS[state]}>{progressAuditText(state)}</Tag>;
}

export function AuditTag({ state }: { state: AuditNumber | null }) {
  return (
    <Tag color={state === null ? 'default' : AUDIT_NUMBER_COLORS[state]}>{decompositionText(state)}</Tag>
  );
}
