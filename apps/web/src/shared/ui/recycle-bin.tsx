import { Button, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ServerPage } from '../api/use-paged-query.ts';
import { formatSchoolTime } from '../time/school-time.ts';
import { ConfirmLink } from './confirm-link.tsx';
import { PageCard } from './page-card.tsx';
import { PagedTable } from './paged-table.tsx';

interface RecycleBinProps<Row> {
  title: string;
  /** The button back to the list the rows were deleted from (the parent route). */
  backLabel: string;
  searchPlaceholder: string;
  onSearch: (keyword: string) => void;
  /** The row's own columns; 删除时间 and 操作 follow them. */
  columns: TableColumnsType<Row>;
  deletedAt: (row: Row) => string | null;
  actions: { width: number; render: (row: Row) => ReactNode };
  /** The answer of a server-paged list query (`usePagedQuery`). */
  paged: { list: { data?: { records: Row[] } | undefined; isFetching: boolean }; page: ServerPage };
}

/** A recycle bin (表单回收站, 仓库回收站): deleted rows found by name, with when they went and what may be done. */
export function RecycleBin<Row extends { id: string }>({
  title,
  backLabel,
  searchPlaceholder,
  onSearch,
  columns,
  deletedAt,
  actions,
  paged,
}: RecycleBinProps<Row>) {
  const navigate = useNavigate();
  const allColumns: TableColumnsType<Row> = [
    ...columns,
    { title: '删除时间', key: 'deletedAt', width: 180, render: (_, row) => formatSchoolTime(deletedAt(row)) },
    { title: '操作', key: 'actions', width: actions.width, render: (_, row) => actions.render(row) },
  ];
  return (
    <PageCard title={title}>
      <Button style={{ marginBottom: 16 }} onClick={() => navigate('..')}>
        {backLabel}
      </Button>
      <PagedTable<Row>
        search={{ placeholder: searchPlaceholder, onSearch }}
        rowKey="id"
        columns={allColumns}
        rows={paged.list.data?.records ?? []}
        isLoading={paged.list.isFetching}
        serverPage={paged.page}
      />
    </PageCard>
  );
}

/** 恢复 of a recycle bin's row, after 确定恢复{noun}「{name}」吗？. */
export function RestoreLink({
  noun,
  name,
  description,
  onConfirm,
}: {
  noun: string;
  name: string;
  description: string;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmLink
      title={`确定恢复${noun}「${name}」吗？`}
      description={description}
      okText="恢复"
      onConfirm={onConfirm}
    >
      恢复
    </ConfirmLink>
  );
}
