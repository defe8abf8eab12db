import { goalAnalysisEndpoints as E, goalsEndpoints, YEAR_TARGET_PAGE_SIZE } from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { type AnalysisFilters, toAnalysisRequest } from './summary-filters.ts';

/** Query keys of 汇总分析, under the goal area's `goals` key so any goal change reloads them too. */
export const analysisKeys = {
  all: ['goals', 'analysis'] as const,
  of: (name: string, filters: AnalysisFilters) =>
    ['goals', 'analysis', name, toAnalysisRequest(filters)] as const,
  yearTargets: ['goals', 'analysis', 'yearTargets'] as const,
};

/** One chart's data; the previous answer stays on screen while a new filter loads. */
function useAnalysis<T>(name: string, filters: AnalysisFilters, fetch: () => Promise<T>) {
  return useQuery({
    queryKey: analysisKeys.of(name, filters),
    queryFn: fetch,
    placeholderData: keepPreviousData,
  });
}

/** The three POST calls of targetTaskSummaryAnalysis go as JSON (the server accepts form too). */
export const useTaskStatus = (filters: AnalysisFilters) =>
  useAnalysis('taskStatus', filters, () =>
    call(E.taskStatusAnalysis, { body: toAnalysisRequest(filters), json: true }),
  );
export const useDepartmentFinishRate = (filters: AnalysisFilters) =>
  useAnalysis('departmentFinishRate', filters, () =>
    call(E.departmentTaskFinishRate, { body: toAnalysisRequest(filters), json: true }),
  );
export const useFinishRateRank = (filters: AnalysisFilters) =>
  useAnalysis('finishRateRank', filters, () =>
    call(E.finishRateRank, { body: toAnalysisRequest(filters), json: true }),
  );
export const useGather = (filters: AnalysisFilters) =>
  useAnalysis('gather', filters, () => call(E.gatherAnalysis, { query: toAnalysisRequest(filters) }));
export const useTypeAnalysis = (filters: AnalysisFilters) =>
  useAnalysis('types', filters, () => call(E.typeAnalysis, { query: toAnalysisRequest(filters) }));
export const useGrid = (filters: AnalysisFilters) =>
  useAnalysis('grid', filters, () => call(E.grid, { query: toAnalysisRequest(filters) }));

/** Every year target for the filter (spec 1 §7: one page of 1,000,000). */
export function useAnalysisYearTargets() {
  return useQuery({
    queryKey: analysisKeys.yearTargets,
    queryFn: async () =>
      (await call(goalsEndpoints.yearTargets, { query: { pageNum: 1, pageSize: YEAR_TARGET_PAGE_SIZE } }))
        .records,
  });
}
