import {
  algorithmGroupEndpoints,
  type BodyOf,
  type ComputedBindingWire,
  type ComputedCompare,
  type ComputedTaskPoint,
  computedFutureTasks,
  computedEndpoints as E,
  fromComputedCompareWire,
  fromComputedTaskPointWire,
  type QueryOf,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { type FiltersOf, usePagedQuery } from '../../shared/api/use-paged-query.ts';

export type BindingPageQuery = QueryOf<typeof E.bindingPage>;
export type BindingBody = BodyOf<typeof E.saveBinding>;
export type RunValuesQuery = QueryOf<typeof E.runValues>;

/** Query keys of 采集; everything under `all` is dropped after a change. */
export const computedKeys = {
  all: ['computed'] as const,
  bindings: (query: BindingPageQuery) => ['computed', 'bindings', query] as const,
  runs: (taskId: string) => ['computed', 'runs', taskId] as const,
  run: (runId: string) => ['computed', 'run', runId] as const,
  values: (query: RunValuesQuery) => ['computed', 'values', query] as const,
  why: (pointId: string) => ['computed', 'why', pointId] as const,
  detail: (pointId: string, cycleKey: string | undefined) =>
    ['computed', 'detail', pointId, cycleKey] as const,
};

export const computedJobEndpoint = computedFutureTasks.result;

export const useBindings = (filters: FiltersOf<BindingPageQuery>) =>
  usePagedQuery({
    queryKey: computedKeys.bindings,
    queryFn: async (query) => {
      const page = await call(E.bindingPage, { query });
      return { ...page, records: page.records.map((b) => ({ ...b, pointId: b.zkdid })) };
    },
    filters,
  });

export const startRun = (taskId: string, autoApply: boolean) =>
  call(E.run, { body: { rwid: taskId, autoApply }, json: true });

/** A row of 采集配置: the binding with its point under an English name, the table's row key. */
export type BindingRow = ComputedBindingWire & { pointId: string };

/** The form's values of 采集配置 (everything but the point). */
export type BindingValues = Omit<BindingBody, 'zkdid'>;

export const saveBinding = (pointId: string, values: BindingValues): Promise<ComputedBindingWire> =>
  call(E.saveBinding, { body: { ...values, zkdid: pointId }, json: true });

export const useRuns = (taskId: string | null) =>
  useQuery({
    queryKey: computedKeys.runs(taskId ?? ''),
    queryFn: () => call(E.runs, { query: { rwid: taskId!, pageNum: 1, pageSize: 5 } }),
    enabled: taskId !== null,
  });

export const useRun = (runId: string | null) =>
  useQuery({
    queryKey: computedKeys.run(runId ?? ''),
    queryFn: () => call(E.runDetail, { query: { runId: runId! } }),
    enabled: runId !== null,
  });

export const useRunValues = (filters: FiltersOf<RunValuesQuery> | null) =>
  usePagedQuery({
    queryKey: computedKeys.values,
    queryFn: (query) => call(E.runValues, { query }),
    filters: filters ?? { runId: '' },
    enabled: filters !== null,
  });

/** The task's computed points, each with its group's versions and the task's cycles (for 版本对比). */
export const useTaskPoints = (taskId: string | null) =>
  useQuery({
    queryKey: ['computed', 'taskPoints', taskId ?? ''] as const,
    queryFn: async (): Promise<ComputedTaskPoint[]> =>
      (await call(E.taskPoints, { query: { rwid: taskId! } })).map(fromComputedTaskPointWire),
    enabled: taskId !== null,
  });

export interface CompareInput {
  pointId: string;
  fromVersion: number;
  toVersion: number;
  /** One cycle; empty or absent compares every cycle of the task. */
  cycleKey?: string | undefined;
}

export const compareVersions = async (taskId: string, input: CompareInput): Promise<ComputedCompare> =>
  fromComputedCompareWire(
    await call(E.compare, {
      body: {
        rwid: taskId,
        zkdid: input.pointId,
        fromVersion: input.fromVersion,
        toVersion: input.toVersion,
        ...(input.cycleKey ? { cycleKey: input.cycleKey } : {}),
      },
      json: true,
    }),
  );

/** The task's computed points as select options. */
export const taskPointOptions = (points: ReadonlyArray<{ pointId: string; pointName: string }>) =>
  points.map((p) => ({ value: p.pointId, label: p.pointName }));

export const acceptRun = (runId: string, heldIds: string[]) =>
  call(E.accept, { body: { runId, heldIds }, json: true });
export const discardRun = (runId: string) => call(E.discard, { body: { runId }, json: true });

export const useWhy = (pointId: string) =>
  useQuery({
    queryKey: computedKeys.why(pointId),
    queryFn: () => call(E.why, { query: { zgzkdid: pointId } }),
  });

/** The detail algorithm's rows; silent, since "no detail algorithm" is shown in the tab itself. */
export const useDetailRows = (pointId: string, cycleKey: string | undefined) =>
  useQuery({
    queryKey: computedKeys.detail(pointId, cycleKey),
    queryFn: () =>
      call(E.detail, { query: { zgzkdid: pointId, ...(cycleKey ? { cycleKey } : {}) }, silent: true }),
    retry: false,
  });

/** Algorithm groups whose name contains `name` (all when empty), for choosing a point's algorithm. */
export const findAlgorithmGroups = (name: string) =>
  call(algorithmGroupEndpoints.likeName, { query: name ? { name } : {} });
