import { standardsEndpoints as E, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../shared/api/client.ts';
import { useSession } from '../../shell/session/index.ts';

export type QualityPageQuery = QueryOf<typeof E.qualityPage>;
export type CyclePageQuery = QueryOf<typeof E.cyclePage>;
export type DimensionPageQuery = QueryOf<typeof E.dimensionPage>;

/** Query keys of 目标标准; everything under `all` is dropped after a change. */
export const standardsKeys = {
  all: ['standards'] as const,
  categories: ['standards', 'categories'] as const,
  tree: (categoryId: string) => ['standards', 'tree', categoryId] as const,
  points: (query: QualityPageQuery) => ['standards', 'points', query] as const,
  cycleTypes: ['standards', 'cycleTypes'] as const,
  cycles: (query: CyclePageQuery) => ['standards', 'cycles', query] as const,
  dimensions: (query: DimensionPageQuery) => ['standards', 'dimensions', query] as const,
};

export function useCategories() {
  return useQuery({ queryKey: standardsKeys.categories, queryFn: () => call(E.categoryAll) });
}

export function useIndicatorTree(categoryId: string | undefined) {
  return useQuery({
    queryKey: standardsKeys.tree(categoryId ?? ''),
    queryFn: () => call(E.indicatorTree, { query: { categoryId: categoryId! } }),
    enabled: Boolean(categoryId),
  });
}

export function usePoints(query: QualityPageQuery, enabled = true) {
  return useQuery({
    queryKey: standardsKeys.points(query),
    queryFn: () => call(E.qualityPage, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCycleTypes() {
  return useQuery({ queryKey: standardsKeys.cycleTypes, queryFn: () => call(E.cycleTypes) });
}

export function useCycles(query: CyclePageQuery, enabled = true) {
  return useQuery({
    queryKey: standardsKeys.cycles(query),
    queryFn: () => call(E.cyclePage, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDimensions(query: DimensionPageQuery) {
  return useQuery({
    queryKey: standardsKeys.dimensions(query),
    queryFn: () => call(E.dimensionPage, { query }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: counts on categories and tree nodes move with the points, so reload the feature. */
export function useRefreshStandards() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: standardsKeys.all }), [queryClient]);
}

/** Writes need `standards.manage`; without it the screens are read-only. */
export function useCanManage(): boolean {
  const { user } = useSession();
  return (user?.actions ?? []).includes('standards.manage');
}

/** Hands a downloaded file to the browser under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
