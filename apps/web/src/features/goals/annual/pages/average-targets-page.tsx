import {
  AVERAGE_STATUS_LABELS,
  AVERAGE_STATUSES,
  type AverageStatus,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import { Input, Result, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { PageCard } from '../../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../../shared/ui/paging.tsx';
import { useDialog } from '../../../../shared/ui/use-dialog.ts';
import { goalKeys } from '../../api.ts';
import { useGoalUser } from '../../use-goal-user.ts';
import { type AverageRow, annualKeys, useAverageTargets, useYearTargetOptions } from '../api.ts';
import { AnnualTaskFormModal } from '../components/annual-task-form-modal.tsx';
import { AverageStatusModal } from '../components/average-status-modal.tsx';
import { averageTargetColumns } from '../components/average-target-columns.tsx';
import { YearTargetPicker } from '../components/year-target-picker.tsx';

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

  const columns = averageTargetColumns({ act, onStatus: setStatusOf, onEdit: form.show });

  return (
    <PageCard
      title="平均水平目标"
      add={
        isPublisher && yearTarget ? { label: '新增平均水平目标', onClick: () => form.show(null) } : undefined
      }
    >
      <AverageFilters
        yearTargetId={yearTargetId}
        status={status}
        onYearTarget={setYearTargetId}
        onKeyword={setKeyword}
        onStatus={setStatus}
      />
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

interface AverageFiltersProps {
  yearTargetId: string | undefined;
  status: AverageStatus | undefined;
  onYearTarget: (id: string | undefined) => void;
  onKeyword: (keyword: string) => void;
  onStatus: (status: AverageStatus | undefined) => void;
}

/** Year target (or every year), the name search and the status. */
function AverageFilters({ yearTargetId, status, onYearTarget, onKeyword, onStatus }: AverageFiltersProps) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <YearTargetPicker allowClear value={yearTargetId} onChange={(id) => onYearTarget(id)} />
      <Input.Search
        placeholder="请输入指标名称"
        allowClear
        maxLength={60}
        style={{ width: 220 }}
        onSearch={(value) => onKeyword(value.trim())}
      />
      <Select
        aria-label="状态"
        placeholder="状态"
        allowClear
        style={{ width: 120 }}
        value={status}
        onChange={(next?: AverageStatus) => onStatus(next)}
        options={AVERAGE_STATUSES.map((value) => ({ value, label: AVERAGE_STATUS_LABELS[value] }))}
      />
    </Space>
  );
}
