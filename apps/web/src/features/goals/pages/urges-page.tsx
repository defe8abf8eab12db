import {
  goalsEndpoints as E,
  TABLE_EMPTY_TEXT,
  URGE_CURRENT_STATUS_LABELS,
  URGE_TYPE_LABELS,
  URGE_TYPES,
  type UrgeType,
} from '@eduqa/contract';
import { Button, Result, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { goalKeys, post, type UrgeRow, useUrges } from '../api.ts';
import { UrgeModal } from '../components/urge-modal.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { useGoalUser } from '../use-goal-user.ts';

/** 督办: urges sent by the publisher and the departments' answers; a head accepts those of their department. */
export function UrgesPage() {
  const { isPublisher, answeringDepartmentIds } = useGoalUser();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [urgeType, setUrgeType] = useState<UrgeType | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const urges = useUrges({
    pageNum,
    pageSize: PAGE_SIZE,
    ...(yearTargetId ? { yearTargetId } : {}),
    ...(urgeType === undefined ? {} : { urgeType }),
  });
  const send = useDialog<null>();
  const act = useAction(goalKeys.all);
  const mine = new Set(answeringDepartmentIds);

  const columns: TableColumnsType<UrgeRow> = [
    { key: 'yearTarget', title: '年度目标', dataIndex: 'yearTargetName', ellipsis: true },
    { key: 'department', title: '督办部门', dataIndex: 'departmentName', width: 130 },
    {
      key: 'status',
      title: '当前状态',
      width: 110,
      render: (_, u) => (
        <Tag color={u.currentStatus === 1 ? 'red' : 'orange'}>
          {URGE_CURRENT_STATUS_LABELS[u.currentStatus]}
        </Tag>
      ),
    },
    { key: 'content', title: '督办内容', dataIndex: 'content', render: (v: string) => v || '—' },
    { key: 'urger', title: '督办人', dataIndex: 'urgerName', width: 90 },
    { key: 'urgedAt', title: '督办时间', dataIndex: 'urgedAt', width: 110 },
    {
      key: 'type',
      title: '督办类型',
      width: 100,
      render: (_, u) => (
        <Tag color={u.urgeType === 0 ? 'processing' : 'success'}>{URGE_TYPE_LABELS[u.urgeType]}</Tag>
      ),
    },
    {
      key: 'acceptor',
      title: '处理',
      width: 120,
      render: (_, u) =>
        u.acceptorName ? (
          <>
            <div>{u.acceptorName}</div>
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>{u.acceptedAt}</div>
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 90,
      render: (_, u) =>
        u.urgeType === 0 && mine.has(u.departmentId) ? (
          <ConfirmLink
            title="确定已处理该督办吗？"
            description={`${u.yearTargetName}：${URGE_CURRENT_STATUS_LABELS[u.currentStatus]}`}
            okText="处理"
            onConfirm={async () => {
              await act(() => post(E.urgeAccept, { id: u.id }), '督办已处理');
            }}
          >
            处理
          </ConfirmLink>
        ) : null,
    },
  ];

  return (
    <PageCard title="督办" add={isPublisher ? { label: '督办', onClick: () => send.show(null) } : undefined}>
      <Space wrap style={{ marginBottom: 16 }}>
        <YearTargetSelect
          value={yearTargetId}
          onChange={(value) => {
            setYearTargetId(value);
            setPageNum(1);
          }}
        />
        <Select
          aria-label="督办类型"
          placeholder="督办类型"
          allowClear
          style={{ width: 120 }}
          value={urgeType}
          onChange={(value?: UrgeType) => {
            setUrgeType(value);
            setPageNum(1);
          }}
          options={URGE_TYPES.map((value) => ({ value, label: URGE_TYPE_LABELS[value] }))}
        />
        <Button onClick={() => void urges.refetch()}>刷新</Button>
      </Space>
      {urges.isError ? (
        <Result status="error" title="加载失败" subTitle={urges.error.message} />
      ) : (
        <Table<UrgeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={urges.data?.records ?? []}
          loading={urges.isLoading || urges.isFetching}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: urges.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <UrgeModal open={send.open} yearTarget={null} onClose={send.hide} />
    </PageCard>
  );
}
