import {
  type BodyOf,
  type DataOf,
  annualEndpoints as E,
  type Endpoint,
  goalsEndpoints,
  type QueryOf,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download } from '../../../shared/api/client.ts';
import { saveBlob } from '../../../shared/api/save-blob.ts';
import { type FiltersOf, usePagedQuery } from '../../../shared/api/use-paged-query.ts';

export type TreeQuery = QueryOf<typeof E.yearTaskTree>;
export type AverageQuery = QueryOf<typeof E.averageTargets>;
export type TargetTypeQuery = QueryOf<typeof E.targetTypes>;
export type ChargerQuery = QueryOf<typeof E.chargers>;
export type MissionQuery = QueryOf<typeof E.missionStatements>;

export type TreeRow = DataOf<typeof E.yearTaskTree>['records'][number];
export type AnnualTaskRow = DataOf<typeof E.yearTasks>['records'][number];
export type AverageRow = DataOf<typeof E.averageTargets>['records'][number];
export type TargetTypeRow = DataOf<typeof E.targetTypes>['records'][number];
export type ChargerRow = DataOf<typeof E.chargers>['records'][number];
export type MissionRow = DataOf<typeof E.missionStatements>['records'][number];

/** Query keys of 年度目标分解; any change drops everything under `all`, and the goal screens' data too. */
export const annualKeys = {
  all: ['annual'] as const,
  tree: (query: TreeQuery) => ['annual', 'tree', query] as const,
  tasks: (query: QueryOf<typeof E.yearTasks>) => ['annual', 'tasks', query] as const,
  averages: (query: AverageQuery) => ['annual', 'averages', query] as const,
  types: (query: TargetTypeQuery) => ['annual', 'types', query] as const,
  chargers: (query: ChargerQuery) => ['annual', 'chargers', query] as const,
  missions: (query: MissionQuery) => ['annual', 'missions', query] as const,
};

const paged = <E extends Endpoint>(
  endpoint: E,
  key: readonly unknown[],
  query: QueryOf<E>,
  enabled = true,
) => ({
  queryKey: key,
  queryFn: () => call(endpoint, { query } as never) as Promise<DataOf<E>>,
  placeholderData: keepPreviousData,
  enabled,
});

export const useTaskTree = (query: TreeQuery, enabled: boolean) =>
  useQuery(paged(E.yearTaskTree, annualKeys.tree(query), query, enabled));
export const useAnnualTasks = (query: QueryOf<typeof E.yearTasks>) =>
  useQuery(paged(E.yearTasks, annualKeys.tasks(query), query));
export const useAverageTargets = (filters: FiltersOf<AverageQuery>) =>
  usePagedQuery({
    queryKey: annualKeys.averages,
    queryFn: (query) => call(E.averageTargets, { query }),
    filters,
  });
export const useTargetTypes = (filters: FiltersOf<TargetTypeQuery>) =>
  usePagedQuery({ queryKey: annualKeys.types, queryFn: (query) => call(E.targetTypes, { query }), filters });
export const useChargers = (filters: FiltersOf<ChargerQuery>) =>
  usePagedQuery({ queryKey: annualKeys.chargers, queryFn: (query) => call(E.chargers, { query }), filters });
export const useMissions = (filters: FiltersOf<MissionQuery>) =>
  usePagedQuery({
    queryKey: annualKeys.missions,
    queryFn: (query) => call(E.missionStatements, { query }),
    filters,
  });

const ALL_TYPES = { pageNum: 1, pageSize: 1000 };
/** Every target type, for selects. */
export const useTargetTypeOptions = () =>
  useQuery(paged(E.targetTypes, annualKeys.types(ALL_TYPES), ALL_TYPES));

/** A POST of the annual service as JSON. */
export function post<P extends Endpoint>(endpoint: P, body: BodyOf<P>): Promise<DataOf<P>> {
  return call(endpoint, { body, json: true });
}

export async function saveDownload(path: string, name: string, query?: Record<string, unknown>) {
  try {
    saveBlob(await download(path, query ? { query } : {}), name);
  } catch {
    // The client has shown the message.
  }
}

/** Every year target, newest year first (spec 1 §7: one page of 1,000,000). */
export function useYearTargetOptions() {
  return useQuery({
    queryKey: ['annual', 'yearTargets'],
    queryFn: async () =>
      (await call(goalsEndpoints.yearTargets, { query: { pageNum: 1, pageSize: 1_000_000 } })).records
        .slice()
        .sort((a, b) => b.cycleYear - a.cycleYear),
  });
}
