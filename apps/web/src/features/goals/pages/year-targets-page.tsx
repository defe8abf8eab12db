import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { DatePicker, Input, Result, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { goalKeys, useYearTargets, type YearTargetRow } from '../api.ts';
import { DecomposeDrawer } from '../components/decompose-drawer.tsx';
import { UrgeModal } from '../components/urge-modal.tsx';
import { yearTargetColumns } from '../components/year-target-columns.tsx';
import { YearTargetFormModal } from '../components/year-target-form-modal.tsx';
import { useGoalUser } from '../use-goal-user.ts';

/** 年度目标: the year targets; the publisher creates them, its creator edits or deletes, 分解 decomposes. */
export function YearTargetsPage() {
  const { isPublisher } = useGoalUser();
  const [keyword, setKeyword] = useState('');
  const [year, setYear] = useState<Dayjs | null>(null);
  const targets = useYearTargets({
    ...(keyword ? { keyword } : {}),
    ...(year ? { cycleYear: year.year() } : {}),
  });
  const form = useDialog<YearTargetRow>();
  const urge = useDialog<YearTargetRow>();
  const [decomposing, setDecomposing] = useState<YearTargetRow | null>(null);
  const act = useAction(goalKeys.all);

  const columns = yearTargetColumns({
    isPublisher,
    act,
    onDecompose: setDecomposing,
    onUrge: urge.show,
    onEdit: form.show,
  });

  return (
    <PageCard
      title="年度目标"
      add={isPublisher ? { label: '新建年度目标', onClick: () => form.show(null) } : undefined}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="请输入年度目标名称"
          allowClear
          maxLength={60}
          style={{ width: 240 }}
          onSearch={(value) => setKeyword(value.trim())}
        />
        <DatePicker picker="year" placeholder="年度" value={year} onChange={(value) => setYear(value)} />
      </Space>
      {targets.isError ? (
        <Result status="error" title="加载失败" subTitle={targets.error.message} />
      ) : (
        <Table<YearTargetRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={targets.data?.records ?? []}
          loading={targets.isLoading || targets.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={PAGINATION}
        />
      )}
      <YearTargetFormModal open={form.open} target={form.target} onClose={form.hide} />
      <UrgeModal open={urge.open} yearTarget={urge.target} onClose={urge.hide} />
      <DecomposeDrawer yearTarget={decomposing} onClose={() => setDecomposing(null)} />
    </PageCard>
  );
}
