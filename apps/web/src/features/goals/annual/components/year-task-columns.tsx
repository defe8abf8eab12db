import { PushpinFilled } from '@ant-design/icons';
import { annualEndpoints as E, TASK_TYPE_LABELS, YEAR_TASK_STATE_LABELS } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { RunAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { post, type TreeRow } from '../api.ts';

export type YearTaskRow = Omit<TreeRow, 'children'> & { children?: YearTaskRow[] };

interface YearTaskColumnsContext {
  act: RunAction;
  onSubTask: (parent: YearTaskRow) => void;
  onEdit: (task: YearTaskRow) => void;
}

/** 任务名称: the name with 置顶, 平均水平 and 已撤回 marks. */
function YearTaskName({ task: t }: { task: YearTaskRow }) {
  return (
    <Space size={4} wrap>
      {t.isTop ? (
        <Tooltip title="已置顶">
          <PushpinFilled style={{ color: '#fa8c16' }} aria-label="已置顶" />
        </Tooltip>
      ) : null}
      <span>{t.name}</span>
      {t.kind === 'average' ? <Tag color="purple">平均水平</Tag> : null}
      {t.isWithdrawn ? <Tag>已撤回</Tag> : null}
    </Space>
  );
}

/** The columns of the year-task tree. */
export function yearTaskColumns(ctx: YearTaskColumnsContext): TableColumnsType<YearTaskRow> {
  return [
    { key: 'name', title: '任务名称', render: (_, t) => <YearTaskName task={t} /> },
    { key: 'targetType', title: '目标类型', width: 90, render: (_, t) => t.targetTypeName ?? '—' },
    {
      key: 'type',
      title: '任务类型',
      width: 85,
      render: (_, t) => `${t.type}类·${TASK_TYPE_LABELS[t.type]}`,
    },
    { key: 'targetValue', title: '目标值', dataIndex: 'targetValue', width: 120, ellipsis: true },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 120, ellipsis: true },
    { key: 'principal', title: '负责人', dataIndex: 'principalName', width: 70 },
    {
      key: 'dates',
      title: '起止日期',
      width: 105,
      render: (_, t) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t.startDate}
          <br />至 {t.endDate}
        </span>
      ),
    },
    { key: 'state', title: '状态', width: 70, render: (_, t) => YEAR_TASK_STATE_LABELS[t.state] },
    {
      key: 'actions',
      title: '操作',
      width: 190,
      render: (_, t) =>
        t.isTargetCreator ? (
          <YearTaskActions task={t} ctx={ctx} />
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
        ),
    },
  ];
}

/** The year target creator's 置顶, 子任务, 编辑 and 删除. */
function YearTaskActions({ task: t, ctx }: { task: YearTaskRow; ctx: YearTaskColumnsContext }) {
  const { act } = ctx;
  return (
    <Space size={0} wrap>
      {t.parentId === null ? (
        <Button
          type="link"
          size="small"
          onClick={() =>
            void act(
              () => post(E.yearTaskTop, { id: t.id, isTop: !t.isTop }),
              t.isTop ? '已取消置顶' : '已置顶',
            )
          }
        >
          {t.isTop ? '取消置顶' : '置顶'}
        </Button>
      ) : null}
      {t.parentId === null && t.kind === 'task' ? (
        <Button type="link" size="small" onClick={() => ctx.onSubTask(t)}>
          子任务
        </Button>
      ) : null}
      {t.kind === 'task' ? (
        <Button type="link" size="small" onClick={() => ctx.onEdit(t)}>
          编辑
        </Button>
      ) : null}
      <ConfirmLink
        title={`确定删除任务「${t.name}」吗？`}
        description="已开始执行或仍有子任务的任务不能删除。"
        okText="删除"
        isDanger
        onConfirm={async () => {
          await act(() => post(E.yearTaskDelete, { ids: [t.id] }), '任务已删除');
        }}
      >
        删除
      </ConfirmLink>
    </Space>
  );
}
