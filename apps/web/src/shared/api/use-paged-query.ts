import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_SIZE } from '../ui/paging.tsx';

/** The paging part of a list query (spec 1 §9). */
export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** A list query's own filters: everything but the paging, which the hook holds. */
export type FiltersOf<Query> = Omit<Query, keyof Paging>;

/** The server paging of a table, to spread into antd's `pagination` or give to `PagedTable`. */
export interface ServerPage {
  current: number;
  total: number;
  onChange: (pageNum: number) => void;
}

interface PagedQueryOptions<Filters, Answer> {
  queryKey: (query: Filters & Paging) => QueryKey;
  queryFn: (query: Filters & Paging) => Promise<Answer>;
  filters: Filters;
  enabled?: boolean;
  pageSize?: number;
}

/**
 * A list paged by the server: the page shown, and its query. The previous page stays on screen while
 * the next one loads (no flash of an empty table), and new filters start again at page 1.
 */
export function usePagedQuery<Filters extends object, Answer extends { total: number }>({
  queryKey,
  queryFn,
  filters,
  enabled = true,
  pageSize = PAGE_SIZE,
}: PagedQueryOptions<Filters, Answer>) {
  const filterKey = JSON.stringify(filters);
  const [shown, setShown] = useState({ pageNum: 1, filterKey });
  const pageNum = shown.filterKey === filterKey ? shown.pageNum : 1;
  const query = { ...filters, pageNum, pageSize };
  const list = useQuery({
    queryKey: queryKey(query),
    queryFn: () => queryFn(query),
    placeholderData: keepPreviousData,
    enabled,
  });
  const page: ServerPage = {
    current: pageNum,
    total: list.data?.total ?? 0,
    onChange: (next) => setShown({ pageNum: next, filterKey }),
  };
  return { list, page };
}
