import { TABLE_EMPTY_TEXT, URGE_TYPE_LABELS, URGE_TYPES, type UrgeType } from '@eduqa/contract';
import { Button, Result, Select, Space, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { type FilterParsers, idParam, useUrlFilters } from '../../../shared/routing/use-url-filters.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { phoneTable, useIsPhone } from '../../../shared/ui/responsive.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { goalKeys, type UrgeRow, useUrges } from '../api.ts';
import { urgeColumns } from '../components/urge-columns.tsx';
import { UrgeModal } from '../components/urge-modal.tsx';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import { useGoalUser } from '../use-goal-user.ts';

interface UrgeFilterValues {
  yearTargetId: string | undefined;
  urgeType: UrgeType | undefined;
  /** Only the urges waiting for the caller's answer (the home page's 待处理的督办). */
  mine: boolean;
}
const URGE_FILTERS: FilterParsers<UrgeFilterValues> = {
  yearTargetId: idParam,
  urgeType: (raw) => URGE_TYPES.find((type) => String(type) === raw),
  mine: (raw) => (raw === 'true' ? true : undefined),
};

/** 督办: urges sent by the publisher and the departments' answers; a head accepts those of their department. */
export function UrgesPage() {
  const { isPublisher, answeringDepartmentIds } = useGoalUser();
  const [{ yearTargetId, urgeType, mine: awaitingMe }, setFilters] = useUrlFilters(URGE_FILTERS, {
    yearTargetId: undefined,
    urgeType: undefined,
    mine: false,
  });
  const [pageNum, setPageNum] = useState(1);
  const urges = useUrges({
    pageNum,
    pageSize: PAGE_SIZE,
    ...(yearTargetId ? { yearTargetId } : {}),
    ...(urgeType === undefined ? {} : { urgeType }),
    ...(awaitingMe ? { mine: true } : {}),
  });
  const onFilter = (patch: Partial<UrgeFilterValues>) => {
    setFilters(patch);
    setPageNum(1);
  };
  const send = useDialog<null>();
  const act = useAction(goalKeys.all);
  const mine = new Set(answeringDepartmentIds);

  const table = phoneTable({
    isPhone: useIsPhone(),
    columns: urgeColumns({ act, canAccept: (u) => u.urgeType === 0 && mine.has(u.departmentId) }),
    nameKey: 'yearTarget',
    actionKey: 'actions',
    phoneX: 1000,
  });

  return (
    <PageCard title="督办" add={isPublisher ? { label: '督办', onClick: () => send.show(null) } : undefined}>
      <UrgeFilters
        yearTargetId={yearTargetId}
        urgeType={urgeType}
        onYearTarget={(value) => onFilter({ yearTargetId: value })}
        onUrgeType={(value) => onFilter({ urgeType: value })}
        onRefresh={() => void urges.refetch()}
      >
        {awaitingMe ? (
          <Tag closable color="blue" onClose={() => onFilter({ mine: false })}>
            待我处理
          </Tag>
        ) : null}
      </UrgeFilters>
      {urges.isError ? (
        <Result status="error" title="加载失败" subTitle={urges.error.message} />
      ) : (
        <Table<UrgeRow>
          rowKey="id"
          size="middle"
          columns={table.columns}
          scroll={table.scroll}
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

interface UrgeFiltersProps {
  yearTargetId: string | undefined;
  urgeType: UrgeType | undefined;
  onYearTarget: (id: string | undefined) => void;
  onUrgeType: (type: UrgeType | undefined) => void;
  onRefresh: () => void;
  children?: ReactNode;
}

/** The year target, the urge type and 刷新. */
function UrgeFilters({
  yearTargetId,
  urgeType,
  onYearTarget,
  onUrgeType,
  onRefresh,
  children,
}: UrgeFiltersProps) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <YearTargetSelect value={yearTargetId} onChange={onYearTarget} />
      <Select
        aria-label="督办类型"
        placeholder="督办类型"
        allowClear
        style={{ width: 120 }}
        value={urgeType}
        onChange={(value?: UrgeType) => onUrgeType(value)}
        options={URGE_TYPES.map((value) => ({ value, label: URGE_TYPE_LABELS[value] }))}
      />
      {children}
      <Button onClick={onRefresh}>刷新</Button>
    </Space>
  );
}
