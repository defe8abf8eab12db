import type { DiagnosisTask, TaskState } from '@eduqa/contract';
import { Badge, Button, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { deleteTask, setTaskState } from '../api.ts';
import { levelLabel } from '../values.ts';
import { TaskStateTag } from './task-state-tag.tsx';

interface TaskColumnsContext {
  canManage: boolean;
  act: RunAction;
  onOpen: (task: DiagnosisTask) => void;
  onEdit: (task: DiagnosisTask) => void;
  /** 采集: computed points' values through the data-quality gate (features/computed), for the tasks given. */
  collect?: { isAllowed: (task: DiagnosisTask) => boolean; onCollect: (task: DiagnosisTask) => void };
}

/** A task name wraps inside its column instead of running under the next one. */
const NAME_LINK = { padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' } as const;

/** A count in red (or orange) while it is not zero. */
const countIn = (color: string) => (count: number) => (
  <span style={{ color: count ? color : undefined }}>{count}</span>
);

/**
 * The task list's columns; the publisher's page adds the managing actions. Their widths add up to no
 * more than the list's box on a 1280 px desk (945 px), so 未完成, 未处理预警 and 发布人 stay in view:
 * the name wraps, level and period share a column as do the two counts, the dates stand one above
 * the other and the actions take two lines (issue 11).
 */
export function taskListColumns(ctx: TaskColumnsContext): TableColumnsType<DiagnosisTask> {
  return [
    {
      key: 'name',
      title: '任务名称',
      width: 140,
      render: (_, task) => (
        <Button type="link" size="small" style={NAME_LINK} onClick={() => ctx.onOpen(task)}>
          {task.name}
        </Button>
      ),
    },
    { key: 'level', title: '诊断层级', width: 72, render: (_, task) => levelLabel(task.level) },
    {
      // Period and dates in one column (the dates on a second line), so the list fits a 1280 px desk.
      key: 'period',
      title: '诊断期间',
      width: 120,
      render: (_, task) => (
        <>
          {task.period}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {`${task.startDate} 至 ${task.endDate}`}
          </Typography.Text>
        </>
      ),
    },
    { key: 'state', title: '状态', width: 72, render: (_, task) => <TaskStateTag state={task.state} /> },
    {
      key: 'counts',
      title: '对象/质控点',
      width: 96,
      align: 'right',
      render: (_, task) => `${task.objectCount} / ${task.pointCount}`,
    },
    {
      key: 'belowCount',
      title: '未达标',
      width: 64,
      align: 'right',
      render: (_, t) => countIn(TEXT_COLORS.danger)(t.belowCount),
    },
    {
      key: 'unfinishedCount',
      title: '未完成',
      width: 64,
      align: 'right',
      render: (_, task) => countIn(TEXT_COLORS.warning)(task.unfinishedCount),
    },
    {
      key: 'openWarningCount',
      title: '未处理预警',
      width: 88,
      align: 'right',
      render: (_, task) => (
        <Badge
          count={task.openWarningCount}
          showZero
          color={task.openWarningCount ? TEXT_COLORS.danger : TEXT_COLORS.muted}
        />
      ),
    },
    { key: 'publisherName', title: '发布人', dataIndex: 'publisherName', width: 72 },
    {
      key: 'actions',
      title: '操作',
      // The publisher's five links wrap onto two lines.
      width: ctx.canManage ? 150 : 64,
      fixed: 'right',
      render: (_, task) => <TaskActions task={task} ctx={ctx} />,
    },
  ];
}

/** 诊断对象 (or 查看), and for the publisher 编辑, 暂停/恢复, 结束 and 删除. */
function TaskActions({ task, ctx }: { task: DiagnosisTask; ctx: TaskColumnsContext }) {
  const run = async (work: () => Promise<unknown>, done: string) => {
    await ctx.act(work, done);
  };
  const setState = (state: TaskState, done: string) => run(() => setTaskState(task.id, state), done);
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => ctx.onOpen(task)}>
        {ctx.canManage ? '诊断对象' : '查看'}
      </Button>
      {ctx.canManage ? (
        <>
          <Tooltip title={task.state === 'finished' ? '任务已结束，不能再修改' : undefined}>
            <Button
              type="link"
              size="small"
              disabled={task.state === 'finished'}
              onClick={() => ctx.onEdit(task)}
            >
              编辑
            </Button>
          </Tooltip>
          {ctx.collect?.isAllowed(task) ? (
            <Tooltip title={task.state === 'finished' ? '任务已结束，不能再修改' : undefined}>
              <Button
                type="link"
                size="small"
                disabled={task.state === 'finished'}
                onClick={() => ctx.collect?.onCollect(task)}
              >
                采集
              </Button>
            </Tooltip>
          ) : null}
          {task.state === 'normal' ? (
            <ConfirmLink
              key="pause"
              title={`确定暂停任务「${task.name}」吗？`}
              okText="暂停"
              onConfirm={() => setState('pause', '任务已暂停')}
            >
              暂停
            </ConfirmLink>
          ) : null}
          {task.state === 'pause' ? (
            <ConfirmLink
              key="resume"
              title={`确定恢复任务「${task.name}」吗？`}
              okText="恢复"
              onConfirm={() => setState('normal', '任务已恢复')}
            >
              恢复
            </ConfirmLink>
          ) : null}
          {task.state !== 'finished' ? (
            <ConfirmLink
              key="finish"
              title={`确定结束任务「${task.name}」吗？`}
              description="结束后不能再填报结果，尚无结果的质控点将一直是未完成。"
              okText="结束"
              isDanger
              onConfirm={() => setState('finished', '任务已结束')}
            >
              结束
            </ConfirmLink>
          ) : null}
          <ConfirmLink
            title={`确定删除任务「${task.name}」吗？`}
            description="任务的诊断对象、质控点、采样与预警记录将一并删除。"
            okText="删除"
            isDanger
            onConfirm={() => run(() => deleteTask(task.id), '删除成功')}
          >
            删除
          </ConfirmLink>
        </>
      ) : null}
    </Space>
  );
}
