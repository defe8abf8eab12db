import { goalsEndpoints as E, YEAR_TASK_STATE_LABELS } from '@eduqa/contract';
import { Button, Card, Flex, Progress, Space, Typography } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { goalKeys, post, type TaskRow } from '../api.ts';
import { dateRange, percent } from '../goal-labels.ts';
import { taskCardActions } from '../goal-rules.ts';
import { ScheduleTag, TaskTypeTag, WarningTag } from './goal-tags.tsx';

export interface TaskWarnings {
  process: number;
  expired: number;
}

/**
 * A target-task card (spec 2 §2.9): name, type, department, principal, dates, schedule status in its
 * colour, progress and warning badges; edit, delete and withdraw only for the task's creator.
 */
export function TaskCard({
  task,
  warnings,
  onOpen,
  onEdit,
}: {
  task: TaskRow;
  warnings?: TaskWarnings | undefined;
  onOpen: (task: TaskRow) => void;
  onEdit: (task: TaskRow) => void;
}) {
  const act = useAction(goalKeys.all);
  const can = taskCardActions(task);
  const actions = [
    <Button key="open" type="link" size="small" onClick={() => onOpen(task)}>
      详情
    </Button>,
  ];
  if (can.edit) {
    actions.push(
      <Button key="edit" type="link" size="small" onClick={() => onEdit(task)}>
        编辑
      </Button>,
    );
  }
  if (can.withdraw) {
    actions.push(
      <ConfirmLink
        key="withdraw"
        title={`确定撤回任务「${task.name}」吗？`}
        description="撤回后责任部门将看不到该任务，可重新下发。"
        okText="撤回"
        onConfirm={async () => {
          await act(() => post(E.targetTaskWithdraw, { id: task.id }), '任务已撤回');
        }}
      >
        撤回
      </ConfirmLink>,
    );
  }
  if (can.republish) {
    actions.push(
      <ConfirmLink
        key="republish"
        title={`确定重新下发任务「${task.name}」吗？`}
        okText="下发"
        onConfirm={async () => {
          await act(() => post(E.targetTaskRepublish, { id: task.id }), '任务已重新下发');
        }}
      >
        重新下发
      </ConfirmLink>,
    );
  }
  if (can.remove) {
    actions.push(
      <ConfirmLink
        key="delete"
        title={`确定删除任务「${task.name}」吗？`}
        description="任务的节点、进度与附件将一并删除。"
        okText="删除"
        isDanger
        onConfirm={async () => {
          await act(() => post(E.targetTaskDelete, { ids: [task.id] }), '任务已删除');
        }}
      >
        删除
      </ConfirmLink>,
    );
  }
  const processCount = warnings?.process ?? (task.warningType === 'process' ? 1 : 0);
  const expiredCount = warnings?.expired ?? (task.warningType === 'final' ? 1 : 0);
  return (
    <Card
      size="small"
      hoverable
      role="article"
      aria-label={task.name}
      title={
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <TaskTypeTag type={task.type} />
          <Typography.Text strong ellipsis={{ tooltip: task.name }} style={{ flex: 1, minWidth: 0 }}>
            {task.name}
          </Typography.Text>
        </Flex>
      }
      extra={<ScheduleTag status={task.scheduleStatus} />}
      actions={[
        <Space key="actions" size={0} wrap style={{ justifyContent: 'center' }}>
          {actions}
        </Space>,
      ]}
      styles={{ body: { paddingBottom: 8 } }}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {task.departmentName} · 负责人 {task.principalName}
        </Typography.Text>
        <Typography.Text type="secondary">{dateRange(task.startDate, task.endDate)}</Typography.Text>
        <Flex gap={8} align="center">
          <Typography.Text>{YEAR_TASK_STATE_LABELS[task.state]}</Typography.Text>
          <Progress percent={percent(task.progress)} size="small" style={{ flex: 1, margin: 0 }} />
        </Flex>
        <Space size={4} wrap style={{ minHeight: 22 }}>
          {task.isWithdrawn ? <Typography.Text type="warning">已撤回</Typography.Text> : null}
          {expiredCount > 0 ? <WarningTag type="final" count={expiredCount} /> : null}
          {processCount > 0 ? <WarningTag type="process" count={processCount} /> : null}
        </Space>
      </Space>
    </Card>
  );
}
