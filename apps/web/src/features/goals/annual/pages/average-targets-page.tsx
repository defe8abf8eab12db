import {
  AVERAGE_DIRECTION_LABELS,
  AVERAGE_STATUS_LABELS,
  AVERAGE_STATUSES,
  type AverageStatus,
  annualEndpoints as E,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Button, Input, Result, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../../shared/ui/paging.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { type AverageRow, annualKeys, post, useAverageTargets } from '../api.ts';
import { AnnualTaskFormModal } from '../components/annual-task-form-modal.tsx';
import { AverageStatusModal } from '../components/average-status-modal.tsx';
import { useYearTargetOptions, YearTargetPicker } from '../components/year-target-picker.tsx';

const STATUS_COLORS: Record<AverageStatus, string> = {
  normal: 'processing',
  pause: 'warning',
  finished: 'success',
};

/** 平均水平目标: numeric targets set against the average level, with status update and withdraw. */
export default function AverageTargetsPage() {
  const { isPublisher } = useGoalUser();
  const act = useAction(annualKeys.all, goalKeys.all);
  const targets = useYearTargetOptions();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<AverageStatus | undefined>();
  const form = useDialog<AverageRow>();
  const [statusOf, setStatusOf] = useState<AverageRow | null>(null);
  const { list, page } = useAverageTargets({
    ...(yearTargetId ? { yearTargetId } : {}),
    ...(keyword ? { keyword } : {}),
    ...(status ? { status } : {}),
  });
  // A new target goes into the year target filtered on, else the newest one.
  const yearTarget = targets.data?.find((t) => t.id === yearTargetId) ?? targets.data?.[0] ?? null;

  const columns: TableColumnsType<AverageRow> = [
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
    {
      key: 'actual',
      title: '实际值',
      width: 120,
      align: 'right',
      render: (_, t) =>
        t.actualValue === null ? (
          '—'
        ) : (
          <Space size={4}>
            {t.actualValue}
            <Tag color={t.isReached ? 'green' : 'red'}>{t.isReached ? '达成' : '未达成'}</Tag>
          </Space>
        ),
    },
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
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              disabled={t.status === 'finished' || t.isWithdrawn}
              onClick={() => setStatusOf(t)}
            >
              状态
            </Button>
            <Button type="link" size="small" onClick={() => form.show(t)}>
              编辑
            </Button>
            <ConfirmLink
              title={`确定撤回「${t.name}」吗？`}
              description="撤回后责任部门看不到该目标，可在目标任务管理中重新下发。"
              okText="撤回"
              disabledReason={t.isWithdrawn ? '已撤回' : undefined}
              onConfirm={async () => {
                await act(() => post(E.averageTargetWithdraw, { id: t.id }), '已撤回');
              }}
            >
              撤回
            </ConfirmLink>
            <ConfirmLink
              title={`确定删除「${t.name}」吗？`}
              okText="删除"
              isDanger
              onConfirm={async () => {
                await act(() => post(E.averageTargetDelete, { ids: [t.id] }), '已删除');
              }}
            >
              删除
            </ConfirmLink>
          </Space>
        ) : (
          <span style={{ color: 'rgba(0,0,0,0.25)' }}>—</span>
        ),
    },
  ];

  return (
    <PageCard
      title="平均水平目标"
      add={
        isPublisher && yearTarget ? { label: '新增平均水平目标', onClick: () => form.show(null) } : undefined
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <YearTargetPicker
          allowClear
          value={yearTargetId}
          onChange={(id) => {
            setYearTargetId(id);
          }}
        />
        <Input.Search
          placeholder="请输入指标名称"
          allowClear
          maxLength={60}
          style={{ width: 220 }}
          onSearch={(value) => {
            setKeyword(value.trim());
          }}
        />
        <Select
          aria-label="状态"
          placeholder="状态"
          allowClear
          style={{ width: 120 }}
          value={status}
          onChange={(next?: AverageStatus) => {
            setStatus(next);
          }}
          options={AVERAGE_STATUSES.map((value) => ({ value, label: AVERAGE_STATUS_LABELS[value] }))}
        />
      </Space>
      {list.isError ? (
        <Result status="error" title="加载失败" subTitle={list.error.message} />
      ) : (
        <Table<AverageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isLoading || list.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{ ...PAGINATION, ...page }}
        />
      )}
      <AnnualTaskFormModal
        open={form.open}
        kind="average"
        yearTarget={yearTarget}
        task={form.target}
        onClose={form.hide}
      />
      <AverageStatusModal target={statusOf} onClose={() => setStatusOf(null)} />
    </PageCard>
  );
}
