import { YEAR_TASK_STATE_LABELS } from '@eduqa/contract';
import { Button, Card, Flex, Progress, Space, Typography } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { goalKeys, type TaskRow } from '../api.ts';
import { dateRange, percent } from '../goal-labels.ts';
import { taskCardActions } from '../goal-rules.ts';
import { ScheduleTag, TaskTypeTag, WarningTag } from './goal-tags.tsx';
import { taskLifecycleLinks } from './task-lifecycle-links.tsx';

export interface TaskWarnings {
  process: number;
  expired: number;
}

interface TaskCardActionsProps {
  task: TaskRow;
  onOpen: (task: TaskRow) => void;
  onEdit: (task: TaskRow) => void;
}

/** 详情 always; 编辑, 撤回, 重新下发 and 删除 as the task's rules allow. */
function TaskCardActions({ task, onOpen, onEdit }: TaskCardActionsProps) {
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
  actions.push(...taskLifecycleLinks(task, act));
  return (
    <Space size={0} wrap style={{ justifyContent: 'center' }}>
      {actions}
    </Space>
  );
}

/** The card's lines: department and principal, dates, state and progress, withdrawn and warning marks. */
function TaskCardBody({
  task,
  processCount,
  expiredCount,
}: {
  task: TaskRow;
  processCount: number;
  expiredCount: number;
}) {
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {task.departmentName} · 负责人 {task.principalName}
      </Typography.Text>
      <Typography.Text type="secondary">{dateRange(task.startDate, task.endDate)}</Typography.Text>
      <Flex gap={8} align="center">
        <Typography.Text>{YEAR_TASK_STATE_LABELS[task.state]}</Typography.Text>
        <Progress
          aria-label="任务进度"
          percent={percent(task.progress)}
          size="small"
          style={{ flex: 1, margin: 0 }}
        />
      </Flex>
      <Space size={4} wrap style={{ minHeight: 22 }}>
        {task.isWithdrawn ? <Typography.Text type="warning">已撤回</Typography.Text> : null}
        {expiredCount > 0 ? <WarningTag type="final" count={expiredCount} /> : null}
        {processCount > 0 ? <WarningTag type="process" count={processCount} /> : null}
      </Space>
    </Space>
  );
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
      actions={[<TaskCardActions key="actions" task={task} onOpen={onOpen} onEdit={onEdit} />]}
      styles={{ body: { paddingBottom: 8 } }}
    >
      <TaskCardBody task={task} processCount={processCount} expiredCount={expiredCount} />
    </Card>
  );
}
