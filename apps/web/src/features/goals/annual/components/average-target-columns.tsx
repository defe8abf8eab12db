import {
  AVERAGE_DIRECTION_LABELS,
  AVERAGE_STATUS_LABELS,
  type AverageStatus,
  annualEndpoints as E,
} from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import type { RunAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { type AverageRow, post } from '../api.ts';

const STATUS_COLORS: Record<AverageStatus, string> = {
  normal: 'processing',
  pause: 'warning',
  finished: 'success',
};

interface AverageColumnsContext {
  act: RunAction;
  onStatus: (row: AverageRow) => void;
  onEdit: (row: AverageRow) => void;
}

/** 实际值: the value and whether it reached the target. */
function ActualCell({ row: t }: { row: AverageRow }) {
  if (t.actualValue === null) return '—';
  return (
    <Space size={4}>
      {t.actualValue}
      <Tag color={t.isReached ? 'green' : 'red'}>{t.isReached ? '达成' : '未达成'}</Tag>
    </Space>
  );
}

/** The columns of the average-level target list. */
export function averageTargetColumns(ctx: AverageColumnsContext): TableColumnsType<AverageRow> {
  return [
    {
      key: 'name',
      title: '指标名称',
      render: (_, t) => (
        <Space size={4} wrap>
          {t.name}
          {t.isWithdrawn ? <Tag>已撤回</Tag> : null}
        </Space>
      ),
    },
    { key: 'yearTarget', title: '年度目标', dataIndex: 'yearTargetName', width: 150, ellipsis: true },
    { key: 'average', title: '平均水平', dataIndex: 'averageValue', width: 80, align: 'right' },
    { key: 'direction', title: '要求', width: 100, render: (_, t) => AVERAGE_DIRECTION_LABELS[t.direction] },
    {
      key: 'target',
      title: '目标值',
      width: 100,
      align: 'right',
      render: (_, t) => (
        <Space size={4}>
          {t.targetNumber}
          {t.isBeyondAverage ? null : <Tag color="orange">弱于平均</Tag>}
        </Space>
      ),
    },
    { key: 'actual', title: '实际值', width: 120, align: 'right', render: (_, t) => <ActualCell row={t} /> },
    {
      key: 'status',
      title: '状态',
      width: 80,
      render: (_, t) => <Tag color={STATUS_COLORS[t.status]}>{AVERAGE_STATUS_LABELS[t.status]}</Tag>,
    },
    { key: 'department', title: '责任部门', dataIndex: 'departmentName', width: 110, ellipsis: true },
    {
      key: 'actions',
      title: '操作',
      width: 190,
      render: (_, t) =>
        t.isTargetCreator ? (
          <AverageActions row={t} ctx={ctx} />
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
        ),
    },
  ];
}

/** The year target creator's 状态, 编辑, 撤回 and 删除. */
function AverageActions({ row: t, ctx }: { row: AverageRow; ctx: AverageColumnsContext }) {
  return (
    <Space size={0} wrap>
      <Tooltip
        title={
          t.isWithdrawn
            ? '已撤回的目标不能改状态'
            : t.status === 'finished'
              ? '已完成的目标不能改状态'
              : undefined
        }
      >
        <Button
          type="link"
          size="small"
          disabled={t.status === 'finished' || t.isWithdrawn}
          onClick={() => ctx.onStatus(t)}
        >
          状态
        </Button>
      </Tooltip>
      <Button type="link" size="small" onClick={() => ctx.onEdit(t)}>
        编辑
      </Button>
      <ConfirmLink
        title={`确定撤回「${t.name}」吗？`}
        description="撤回后责任部门看不到该目标，可在目标任务管理中重新下发。"
        okText="撤回"
        disabledReason={t.isWithdrawn ? '已撤回' : undefined}
        onConfirm={async () => {
          await ctx.act(() => post(E.averageTargetWithdraw, { id: t.id }), '已撤回');
        }}
      >
        撤回
      </ConfirmLink>
      <ConfirmLink
        title={`确定删除「${t.name}」吗？`}
        okText="删除"
        isDanger
        onConfirm={async () => {
          await ctx.act(() => post(E.averageTargetDelete, { ids: [t.id] }), '已删除');
        }}
      >
        删除
      </ConfirmLink>
    </Space>
  );
}
