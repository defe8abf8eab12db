import { goalsEndpoints as E, TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, DatePicker, Input, Result, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { goalKeys, post, useYearTargets, type YearTargetRow } from '../api.ts';
import { DecomposeDrawer } from '../components/decompose-drawer.tsx';
import { UrgeModal } from '../components/urge-modal.tsx';
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

  const columns: TableColumnsType<YearTargetRow> = [
    { key: 'cycleYear', title: '年度', dataIndex: 'cycleYear', width: 80 },
    {
      key: 'name',
      title: '年度目标',
      render: (_, t) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDecomposing(t)}>
          {t.name}
        </Button>
      ),
    },
    { key: 'description', title: '目标说明', dataIndex: 'description', ellipsis: true },
    { key: 'taskCount', title: '任务数', dataIndex: 'taskCount', width: 80, align: 'right' },
    { key: 'creatorName', title: '发布人', dataIndex: 'creatorName', width: 90 },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170 },
    {
      key: 'actions',
      title: '操作',
      width: 230,
      render: (_, t) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setDecomposing(t)}>
            {isPublisher ? '分解' : '任务'}
          </Button>
          {isPublisher ? (
            <Button type="link" size="small" onClick={() => urge.show(t)}>
              督办
            </Button>
          ) : null}
          {t.isTargetCreator ? (
            <>
              <Button type="link" size="small" onClick={() => form.show(t)}>
                编辑
              </Button>
              <ConfirmLink
                title={`确定删除年度目标「${t.name}」吗？`}
                description="已分解出任务的年度目标不能删除。"
                okText="删除"
                isDanger
                disabledReason={t.taskCount > 0 ? '已分解出任务，不能删除' : undefined}
                onConfirm={async () => {
                  await act(() => post(E.yearTargetDelete, { ids: [t.id] }), '年度目标已删除');
                }}
              >
                删除
              </ConfirmLink>
            </>
          ) : null}
        </Space>
      ),
    },
  ];

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
