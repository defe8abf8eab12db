import type { IndicatorCategory, ObjectLevel } from '@eduqa/contract';
import { useMemo, useState } from 'react';
import { PAGE_SIZE } from '../../shared/ui/paging.tsx';
import { useCategories, useIndicatorTree, usePoints } from './api.ts';
import { indexTree } from './indicator-tree.ts';

export interface PointFilters {
  keyword?: string | undefined;
  level?: ObjectLevel | undefined;
}

/**
 * What 指标体系 shows: the picked category (the first one until another is picked), its tree, the
 * picked indicator and one page of points under it. Picking or filtering starts again at page 1.
 */
export function useIndicatorSelection() {
  const categories = useCategories();
  const [pickedCategoryId, setCategoryId] = useState<string>();
  const category: IndicatorCategory | undefined =
    categories.data?.find((c) => c.id === pickedCategoryId) ?? categories.data?.[0];
  const tree = useIndicatorTree(category?.id);
  const places = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const [indicatorId, setIndicatorId] = useState<string>();
  const selected = indicatorId ? places.get(indicatorId) : undefined;
  const [filters, setFilters] = useState<PointFilters>({});
  const [pageNum, setPageNum] = useState(1);
  const points = usePoints(
    {
      ...filters,
      categoryId: category?.id,
      ...(selected ? { indicatorId: selected.node.id } : {}),
      pageNum,
      pageSize: PAGE_SIZE,
    },
    Boolean(category),
  );

  const pickCategory = (id: string) => {
    setCategoryId(id);
    setIndicatorId(undefined);
    setPageNum(1);
  };
  const pickIndicator = (id: string | undefined) => {
    setIndicatorId(id);
    setPageNum(1);
  };
  const filterPoints = (change: PointFilters) => {
    setFilters((f) => ({ ...f, ...change }));
    setPageNum(1);
  };

  return {
    categories,
    category,
    tree,
    places,
    indicatorId,
    selected,
    pickCategory,
    pickIndicator,
    filters,
    filterPoints,
    pageNum,
    setPageNum,
    points,
  };
}

export type IndicatorSelection = ReturnType<typeof useIndicatorSelection>;
