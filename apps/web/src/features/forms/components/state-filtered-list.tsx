import {
  ALLOCATION_STATE_LABELS,
  ALLOCATION_STATES,
  type AllocationState,
  FILL_STATE_LABELS,
  FILL_STATES,
  type FillState,
} from '@eduqa/contract';
import { Select, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { ServerPage } from '../../../shared/api/use-paged-query.ts';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';

/** A list's state filter: its options in order, their Chinese labels, and the box's placeholder (all). */
export interface StateFilter<State extends string> {
  values: readonly State[];
  labels: Record<State, string>;
  placeholder: string;
  width: number;
}

export const FILL_STATE_FILTER: StateFilter<FillState> = {
  values: FILL_STATES,
  labels: FILL_STATE_LABELS,
  placeholder: '全部状态',
  width: 140,
};

export const ALLOCATION_STATE_FILTER: StateFilter<AllocationState> = {
  values: ALLOCATION_STATES,
  labels: ALLOCATION_STATE_LABELS,
  placeholder: '全部分配状态',
  width: 160,
};

interface StateFilteredListProps<Row, State extends string> {
  /** What the keyword finds, said as the search box's placeholder. */
  searchPlaceholder: string;
  onSearch: (keyword: string) => void;
  /** The keyword the list opens with. */
  keyword?: string | undefined;
  states: StateFilter<State>;
  /** The state chosen; none shows all. */
  state: State | undefined;
  onStateChange: (state: State | undefined) => void;
  /** More filters after the state. */
  filters?: ReactNode;
  columns: TableColumnsType<Row>;
  /** The answer of a server-paged list query (`usePagedQuery`). */
  paged: { list: { data?: { records: Row[] } | undefined; isFetching: boolean }; page: ServerPage };
  emptyText: string;
}

/**
 * The lists of 我的填报, 填报审核 and 任务分配: a keyword searched as it is typed, a state filter, then
 * the server-paged rows. A page says only its columns, its states and its row actions.
 */
export function StateFilteredList<Row extends { id: string }, State extends string>({
  searchPlaceholder,
  onSearch,
  keyword,
  states,
  state,
  onStateChange,
  filters,
  columns,
  paged,
  emptyText,
}: StateFilteredListProps<Row, State>) {
  return (
    <PagedTable<Row>
      search={{ placeholder: searchPlaceholder, width: 260, isLive: true, onSearch, initial: keyword }}
      filters={
        <>
          <Select<State>
            allowClear
            aria-label="状态"
            placeholder={states.placeholder}
            style={{ width: states.width }}
            options={states.values.map((value) => ({ value, label: states.labels[value] }))}
            value={state}
            onChange={(value) => onStateChange(value)}
          />
          {filters}
        </>
      }
      rowKey="id"
      columns={columns}
      rows={paged.list.data?.records ?? []}
      isLoading={paged.list.isFetching}
      serverPage={paged.page}
      emptyText={emptyText}
    />
  );
}
