import { diagnosisEndpoints as E, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../shared/api/client.ts';

export type TaskListQuery = QueryOf<typeof E.taskList>;
export type ObjectTasksQuery = QueryOf<typeof E.objectTasks>;
export type ObjectsQuery = QueryOf<typeof E.objects>;
export type DisqualifiedQuery = QueryOf<typeof E.disqualified>;
export type WarnGridQuery = QueryOf<typeof E.warnGrid>;
export type WarnQuery = QueryOf<typeof E.warnCount>;
export type SamplesQuery = QueryOf<typeof E.samples>;

/** Query keys of 诊断改进; a change drops everything under `all` (counts appear on many screens). */
export const diagnosisKeys = {
  all: ['diagnosis'] as const,
  tasks: (query: TaskListQuery) => ['diagnosis', 'tasks', query] as const,
  task: (id: string) => ['diagnosis', 'task', id] as const,
  taskCount: ['diagnosis', 'taskCount'] as const,
  objectTasks: (query: ObjectTasksQuery) => ['diagnosis', 'objectTasks', query] as const,
  objectTask: (dxrwid: string) => ['diagnosis', 'objectTask', dxrwid] as const,
  objects: (query: ObjectsQuery) => ['diagnosis', 'objects', query] as const,
  points: (dxrwid: string) => ['diagnosis', 'points', dxrwid] as const,
  point: (id: string) => ['diagnosis', 'point', id] as const,
  samples: (query: SamplesQuery) => ['diagnosis', 'samples', query] as const,
  disqualified: (query: DisqualifiedQuery) => ['diagnosis', 'disqualified', query] as const,
  warnGrid: (query: WarnGridQuery) => ['diagnosis', 'warnGrid', query] as const,
  warnCount: (query: WarnQuery) => ['diagnosis', 'warnCount', query] as const,
  warnList: (zgzkdid: string) => ['diagnosis', 'warnList', zgzkdid] as const,
  audit: (zgzkdid: string) => ['diagnosis', 'audit', zgzkdid] as const,
};

export function useTasks(query: TaskListQuery) {
  return useQuery({
    queryKey: diagnosisKeys.tasks(query),
    queryFn: () => call(E.taskList, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: string) {
  return useQuery({ queryKey: diagnosisKeys.task(id), queryFn: () => call(E.taskDetail, { query: { id } }) });
}

export function useTaskCount(enabled: boolean) {
  return useQuery({ queryKey: diagnosisKeys.taskCount, queryFn: () => call(E.taskCount), enabled });
}

export function useObjectTasks(query: ObjectTasksQuery) {
  return useQuery({
    queryKey: diagnosisKeys.objectTasks(query),
    queryFn: () => call(E.objectTasks, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useObjectTask(dxrwid: string) {
  return useQuery({
    queryKey: diagnosisKeys.objectTask(dxrwid),
    queryFn: () => call(E.objectTaskDetail, { query: { dxrwid } }),
  });
}

export function useObjects(query: ObjectsQuery, enabled: boolean) {
  return useQuery({
    queryKey: diagnosisKeys.objects(query),
    queryFn: () => call(E.objects, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePoints(dxrwid: string) {
  return useQuery({
    queryKey: diagnosisKeys.points(dxrwid),
    queryFn: () => call(E.points, { query: { dxrwid } }),
  });
}

/** One point (the drawer): a failed load shows meta.message through the client. */
export function usePoint(id: string | null) {
  return useQuery({
    queryKey: diagnosisKeys.point(id ?? ''),
    queryFn: () => call(E.point, { query: { zgzkkid: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useSamples(query: SamplesQuery, enabled = true) {
  return useQuery({
    queryKey: diagnosisKeys.samples(query),
    queryFn: () => call(E.samples, { query }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDisqualified(query: DisqualifiedQuery) {
  return useQuery({
    queryKey: diagnosisKeys.disqualified(query),
    queryFn: () => call(E.disqualified, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useWarnGrid(query: WarnGridQuery) {
  return useQuery({
    queryKey: diagnosisKeys.warnGrid(query),
    queryFn: () => call(E.warnGrid, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useWarnCount(query: WarnQuery) {
  return useQuery({ queryKey: diagnosisKeys.warnCount(query), queryFn: () => call(E.warnCount, { query }) });
}

export function useWarnList(zgzkdid: string, enabled = true) {
  return useQuery({
    queryKey: diagnosisKeys.warnList(zgzkdid),
    queryFn: () => call(E.warnList, { query: { zgzkdid } }),
    enabled,
  });
}

export function useAuditRecords(zgzkdid: string, enabled = true) {
  return useQuery({
    queryKey: diagnosisKeys.audit(zgzkdid),
    queryFn: () => call(E.auditDynamic, { query: { zgzkkid: zgzkdid } }),
    enabled,
  });
}

/** After any change: grades, flags and counts show on several screens, so all of them reload. */
export function useRefreshDiagnosis() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: diagnosisKeys.all }), [queryClient]);
}
