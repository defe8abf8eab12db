import { YEAR_TASK_STATE_LABELS } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import type { TaskRow } from '../api.ts';
import { dateRange, percent } from '../goal-labels.ts';
import { taskCardActions } from '../goal-rules.ts';
import { ScheduleTag, TaskTypeTag, WarningTag } from './goal-tags.tsx';
import { taskLifecycleLinks } from './task-lifecycle-links.tsx';

interface DecomposeColumnsContext {
  isPublisher: boolean;
  act: RunAction;
  onOpen: (task: TaskRow) => void;
  onAddSub: (parent: TaskRow) => void;
  onEdit: (task: TaskRow) => void;
  onCatalog: (task: TaskRow) => void;
}

/** 任务名称: the name that opens the task (a sub-task marked └), and 已撤回 under a withdrawn one. */
function TaskNameCell({ task: t, onOpen }: { task: TaskRow; onOpen: (task: TaskRow) => void }) {
  return (
    <Space direction="vertical" size={0}>
      <Button
        type="link"
        size="small"
        style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
        onClick={() => onOpen(t)}
      >
        {t.parentId ? '└ ' : ''}
        {t.name}
      </Button>
      {t.isWithdrawn ? <Typography.Text type="warning">已撤回</Typography.Text> : null}
    </Space>
  );
}

/** The columns of a year target's decomposition table. */
export function decomposeColumns(ctx: DecomposeColumnsContext): TableColumnsType<TaskRow> {
  return [
    {
      key: 'name',
      title: '任务名称',
      width: 200,
      fixed: 'left',
      render: (_, t) => <TaskNameCell task={t} onOpen={ctx.onOpen} />,
    },
    { key: 'type', title: '类型', width: 100, render: (_, t) => <TaskTypeTag type={t.type} /> },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 110 },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 80 },
    { key: 'dates', title: '起止日期', width: 110, render: (_, t) => dateRange(t.startDate, t.endDate) },
    { key: 'state', title: '任务状态', width: 80, render: (_, t) => YEAR_TASK_STATE_LABELS[t.state] },
    {
      key: 'status',
      title: '进度',
      width: 150,
      render: (_, t) => (
        <Space size={4} wrap>
          <ScheduleTag status={t.scheduleStatus} />
          <span>{percent(t.progress)}%</span>
          {t.warningType ? <WarningTag type={t.warningType} /> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 220,
      fixed: 'right',
      render: (_, t) => <DecomposeActions task={t} ctx={ctx} />,
    },
  ];
}

/** 详情 for all; 新增子任务, 编辑, 调整目录, 撤回, 重新下发 and 删除 where the task's rules allow them. */
function DecomposeActions({ task: t, ctx }: { task: TaskRow; ctx: DecomposeColumnsContext }) {
  const can = taskCardActions(t);
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => ctx.onOpen(t)}>
        详情
      </Button>
      {ctx.isPublisher && !t.parentId ? (
        <Button type="link" size="small" onClick={() => ctx.onAddSub(t)}>
          新增子任务
        </Button>
      ) : null}
      {can.edit ? (
        <Button type="link" size="small" onClick={() => ctx.onEdit(t)}>
          编辑
        </Button>
      ) : null}
      {t.isTargetCreator && t.subTaskCount === 0 ? (
        <Button type="link" size="small" onClick={() => ctx.onCatalog(t)}>
          调整目录
        </Button>
      ) : null}
      {taskLifecycleLinks(t, ctx.act)}
    </Space>
  );
}
