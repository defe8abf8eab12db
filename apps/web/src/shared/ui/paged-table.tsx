import { Input, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { PAGINATION } from './paging.tsx';

interface PagedTableProps<Row> {
  /** The keyword box before any other filter; it hands over the trimmed text. */
  search: { placeholder: string; width?: number; onSearch: (keyword: string) => void };
  /** More filters after the keyword box. */
  filters?: ReactNode;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  rows: readonly Row[];
  isLoading: boolean;
  /** A list paged by the server: the page shown and the total. Without it the table pages the rows it has. */
  serverPage?: { current: number; total: number; onChange: (page: number) => void };
  expandable?: TableProps<Row>['expandable'];
  /** The width the columns need (`columnsWidth`): below it the table scrolls instead of squeezing a column to nothing. */
  scrollX?: number;
}

/** The list of a page: search bar and filters, then the table paged by the rules of spec 1 §9. */
export function PagedTable<Row extends object>({
  search,
  filters,
  rowKey,
  columns,
  rows,
  isLoading,
  serverPage,
  expandable,
  scrollX,
}: PagedTableProps<Row>) {
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder={search.placeholder}
          allowClear
          style={{ width: search.width ?? 240 }}
          maxLength={60}
          onSearch={(value) => search.onSearch(value.trim())}
        />
        {filters}
      </Space>
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={isLoading}
        expandable={expandable}
        {...(scrollX ? { scroll: { x: scrollX } } : {})}
        pagination={serverPage ? { ...PAGINATION, ...serverPage } : PAGINATION}
      />
    </>
  );
}
