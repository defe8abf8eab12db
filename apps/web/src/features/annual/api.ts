import { type BodyOf, type DataOf, annualEndpoints as E, type Endpoint, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, download, upload } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { saveBlob } from '../attachments/api.ts';

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
export type ImportResult = DataOf<typeof E.chargerImport>;

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
export const useAverageTargets = (query: AverageQuery) =>
  useQuery(paged(E.averageTargets, annualKeys.averages(query), query));
export const useTargetTypes = (query: TargetTypeQuery) =>
  useQuery(paged(E.targetTypes, annualKeys.types(query), query));
export const useChargers = (query: ChargerQuery) =>
  useQuery(paged(E.chargers, annualKeys.chargers(query), query));
export const useMissions = (query: MissionQuery) =>
  useQuery(paged(E.missionStatements, annualKeys.missions(query), query));
/** Every target type, for selects. */
export const useTargetTypeOptions = () => useTargetTypes({ pageNum: 1, pageSize: 1000 });

/** A POST of the annual service as JSON. */
export function post<P extends Endpoint>(endpoint: P, body: BodyOf<P>): Promise<DataOf<P>> {
  return call(endpoint, { body, json: true });
}

/**
 * Runs a change, toasts `done` and reloads the annual and goal screens (they show the same tasks). A refusal
 * has been shown by the client; it resolves false so a dialog can stay open.
 */
export function useAnnualAction() {
  const queryClient = useQueryClient();
  return useCallback(
    async (work: () => Promise<unknown>, done?: string): Promise<boolean> => {
      try {
        await work();
      } catch {
        return false;
      }
      if (done) notify.success(done);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: annualKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['goals'] }),
      ]);
      return true;
    },
    [queryClient],
  );
}

export async function saveDownload(path: string, name: string, query?: Record<string, unknown>) {
  try {
    saveBlob(await download(path, query ? { query } : {}), name);
  } catch {
    // The client has shown the message.
  }
}

export function importChargers(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload(E.chargerImport, form, { onProgress });
}
