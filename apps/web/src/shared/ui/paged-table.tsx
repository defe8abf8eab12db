import { Empty, Input, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { PAGINATION } from './paging.tsx';

/** Spec 1 §9: a search waits 300 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

interface PagedTableProps<Row> {
  /**
   * The keyword box before any other filter; it hands over the trimmed text on Enter, and with
   * `isLive` also once typing pauses for `SEARCH_DEBOUNCE_MS`. A list with nothing to search has none.
   */
  search?: {
    placeholder: string;
    width?: number;
    isLive?: boolean;
    onSearch: (keyword: string) => void;
    /** The keyword the list opens with (read from the address by `useUrlFilters`). */
    initial?: string | undefined;
  };
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
  /** What an empty table says, when the list has its own words for it. */
  emptyText?: string;
}

/** Hands the keyword over at once, or once typing pauses; a pending hand-over dies with the table. */
function useKeyword(onSearch: (keyword: string) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    now: (value: string) => {
      clearTimeout(timer.current);
      onSearch(value.trim());
    },
    later: (value: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onSearch(value.trim()), SEARCH_DEBOUNCE_MS);
    },
  };
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
  emptyText,
}: PagedTableProps<Row>) {
  const keyword = useKeyword(search?.onSearch ?? (() => undefined));
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {search ? (
          <Input.Search
            placeholder={search.placeholder}
            allowClear
            style={{ width: search.width ?? 240 }}
            maxLength={60}
            defaultValue={search.initial}
            onSearch={keyword.now}
            onChange={search.isLive ? (event) => keyword.later(event.target.value) : undefined}
          />
        ) : null}
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
        {...(emptyText ? { locale: { emptyText: <Empty description={emptyText} /> } } : {})}
        pagination={serverPage ? { ...PAGINATION, ...serverPage } : PAGINATION}
      />
    </>
  );
}
