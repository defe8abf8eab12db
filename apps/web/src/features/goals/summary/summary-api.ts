import { goalAnalysisEndpoints as E, goalsEndpoints, YEAR_TARGET_PAGE_SIZE } from '@eduqa/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RoutePrefetch } from '../../../app/route-leaf.ts';
import { call } from '../../../shared/api/client.ts';
import { type CallMode, refetchUnlessJustFetched } from '../../../shared/api/prefetch.ts';
import { preloadCharts } from '../../../shared/charts/lazy-chart.tsx';
import { chargeDepartmentsOf } from '../api.ts';
import { type AnalysisFilters, initialFilters, toAnalysisRequest } from './summary-filters.ts';

/** Query keys of 汇总分析, under the goal area's `goals` key so any goal change reloads them too. */
export const analysisKeys = {
  all: ['goals', 'analysis'] as const,
  of: (name: string, filters: AnalysisFilters) =>
    ['goals', 'analysis', name, toAnalysisRequest(filters)] as const,
  yearTargets: ['goals', 'analysis', 'yearTargets'] as const,
};

/** One chart's data; the previous answer stays on screen while a new filter loads. */
function analysisQuery<T>(name: string, filters: AnalysisFilters, fetch: () => Promise<T>) {
  return queryOptions({
    queryKey: analysisKeys.of(name, filters),
    queryFn: fetch,
    placeholderData: keepPreviousData,
    refetchOnMount: refetchUnlessJustFetched,
  });
}

/** The three POST calls of targetTaskSummaryAnalysis go as JSON (the server accepts form too). */
const taskStatusQuery = (filters: AnalysisFilters, mode: CallMode = {}) =>
  analysisQuery('taskStatus', filters, () =>
    call(E.taskStatusAnalysis, { body: toAnalysisRequest(filters), json: true, ...mode }),
  );
const departmentFinishRateQuery = (filters: AnalysisFilters, mode: CallMode = {}) =>
  analysisQuery('departmentFinishRate', filters, () =>
    call(E.departmentTaskFinishRate, { body: toAnalysisRequest(filters), json: true, ...mode }),
  );
const finishRateRankQuery = (filters: AnalysisFilters, mode: CallMode = {}) =>
  analysisQuery('finishRateRank', filters, () =>
    call(E.finishRateRank, { body: toAnalysisRequest(filters), json: true, ...mode }),
  );
const gatherQuery = (filters: AnalysisFilters, mode: CallMode = {}) =>
  analysisQuery('gather', filters, () =>
    call(E.gatherAnalysis, { query: toAnalysisRequest(filters), ...mode }),
  );
const typeAnalysisQuery = (filters: AnalysisFilters, mode: CallMode = {}) =>
  analysisQuery('types', filters, () => call(E.typeAnalysis, { query: toAnalysisRequest(filters), ...mode }));
const gridQuery = (filters: AnalysisFilters, mode: CallMode = {}) =>
  analysisQuery('grid', filters, () => call(E.grid, { query: toAnalysisRequest(filters), ...mode }));

export const useTaskStatus = (filters: AnalysisFilters) => useQuery(taskStatusQuery(filters));
export const useDepartmentFinishRate = (filters: AnalysisFilters) =>
  useQuery(departmentFinishRateQuery(filters));
export const useFinishRateRank = (filters: AnalysisFilters) => useQuery(finishRateRankQuery(filters));
export const useGather = (filters: AnalysisFilters) => useQuery(gatherQuery(filters));
export const useTypeAnalysis = (filters: AnalysisFilters) => useQuery(typeAnalysisQuery(filters));
export const useGrid = (filters: AnalysisFilters) => useQuery(gridQuery(filters));

/**
 * 汇总分析 opened cold: the cards', charts' and grid's data for the filters the page starts with (the
 * caller's first headed department), and ECharts, asked for at once and silently (the page asks again
 * and says why when one failed).
 */
export const prefetchSummaryAnalysis: RoutePrefetch = ({ client, user }) => {
  preloadCharts();
  const filters = initialFilters(chargeDepartmentsOf(user));
  const silent = { silent: true };
  void client.prefetchQuery(gatherQuery(filters, silent));
  void client.prefetchQuery(taskStatusQuery(filters, silent));
  void client.prefetchQuery(departmentFinishRateQuery(filters, silent));
  void client.prefetchQuery(finishRateRankQuery(filters, silent));
  void client.prefetchQuery(typeAnalysisQuery(filters, silent));
  void client.prefetchQuery(gridQuery(filters, silent));
};

/** Every year target for the filter (spec 1 §7: one page of 1,000,000). */
export function useAnalysisYearTargets() {
  return useQuery({
    queryKey: analysisKeys.yearTargets,
    queryFn: async () =>
      (await call(goalsEndpoints.yearTargets, { query: { pageNum: 1, pageSize: YEAR_TARGET_PAGE_SIZE } }))
        .records,
  });
}
