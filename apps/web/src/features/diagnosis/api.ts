import {
  type BodyOf,
  diagnosisEndpoints as E,
  fromAuditRecordWire,
  fromDiagnosisObjectWire,
  fromObjectAuthorityWire,
  fromObjectTaskWire,
  fromQualityRowWire,
  fromReviewObjectTaskWire,
  fromSampleWire,
  fromTaskWire,
  fromWarnCountWire,
  fromWarningRecordWire,
  fromWarningRowWire,
  mapPage,
  type QueryOf,
} from '@eduqa/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, download } from '../../shared/api/client.ts';
import { type CallMode, refetchUnlessJustFetched } from '../../shared/api/prefetch.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import { usePagedQuery } from '../../shared/api/use-paged-query.ts';

/** Which points a list covers: one task's, one object task's, or (neither) every visible one. */
export interface DiagnosisScope {
  taskId?: string;
  objectTaskId?: string;
}

export type TaskListQuery = QueryOf<typeof E.taskList>;
export type ObjectTasksQuery = Omit<QueryOf<typeof E.objectTasks>, 'rwid'> & { taskId: string };
export type ObjectsQuery = QueryOf<typeof E.objects>;
export type ReviewQueueQuery = Omit<QueryOf<typeof E.reviewQueue>, 'rwid'> & { taskId?: string };
export type DisqualifiedQuery = Omit<QueryOf<typeof E.disqualified>, 'rwid' | 'dxrwid'> & DiagnosisScope;
export type WarnGridQuery = Omit<QueryOf<typeof E.warnGrid>, 'rwid' | 'dxrwid'> & DiagnosisScope;
export type WarnQuery = DiagnosisScope;
export type SamplesQuery = Omit<QueryOf<typeof E.samples>, 'zgzkdid'> & { pointId: string };
export type TaskInput = Omit<BodyOf<typeof E.taskInsert>, 'rwmc'> & { name: string };

function scopeWire({ taskId, objectTaskId, ...rest }: DiagnosisScope) {
  return { ...rest, ...(taskId ? { rwid: taskId } : {}), ...(objectTaskId ? { dxrwid: objectTaskId } : {}) };
}

/** Query keys of 诊断改进; a change drops everything under `all` (counts appear on many screens). */
export const diagnosisKeys = {
  all: ['diagnosis'] as const,
  tasks: (query: TaskListQuery) => ['diagnosis', 'tasks', query] as const,
  task: (id: string) => ['diagnosis', 'task', id] as const,
  taskCount: ['diagnosis', 'taskCount'] as const,
  objectTasks: (query: ObjectTasksQuery) => ['diagnosis', 'objectTasks', query] as const,
  objectTask: (objectTaskId: string) => ['diagnosis', 'objectTask', objectTaskId] as const,
  objects: (query: ObjectsQuery) => ['diagnosis', 'objects', query] as const,
  reviewQueue: (query: ReviewQueueQuery) => ['diagnosis', 'reviewQueue', query] as const,
  points: (objectTaskId: string) => ['diagnosis', 'points', objectTaskId] as const,
  point: (id: string) => ['diagnosis', 'point', id] as const,
  samples: (query: SamplesQuery) => ['diagnosis', 'samples', query] as const,
  disqualified: (query: DisqualifiedQuery) => ['diagnosis', 'disqualified', query] as const,
  warnGrid: (query: WarnGridQuery) => ['diagnosis', 'warnGrid', query] as const,
  warnCount: (query: WarnQuery) => ['diagnosis', 'warnCount', query] as const,
  warnList: (pointId: string) => ['diagnosis', 'warnList', pointId] as const,
  audit: (pointId: string) => ['diagnosis', 'audit', pointId] as const,
};

export function useTasks(query: TaskListQuery) {
  return useQuery({
    queryKey: diagnosisKeys.tasks(query),
    queryFn: async () => mapPage(await call(E.taskList, { query }), fromTaskWire),
    placeholderData: keepPreviousData,
  });
}

export function useTask(id: string) {
  return useQuery({
    queryKey: diagnosisKeys.task(id),
    queryFn: async () => fromTaskWire(await call(E.taskDetail, { query: { id } })),
  });
}

export function useTaskCount(enabled: boolean) {
  return useQuery({ queryKey: diagnosisKeys.taskCount, queryFn: () => call(E.taskCount), enabled });
}

export function useObjectTasks(query: ObjectTasksQuery) {
  return useQuery({
    queryKey: diagnosisKeys.objectTasks(query),
    queryFn: async () => {
      const { taskId, ...rest } = query;
      return mapPage(await call(E.objectTasks, { query: { ...rest, rwid: taskId } }), fromObjectTaskWire);
    },
    placeholderData: keepPreviousData,
  });
}

/** 待审核: the object tasks with submitted points (auditors only). */
export function useReviewQueue(query: ReviewQueueQuery) {
  return useQuery({
    queryKey: diagnosisKeys.reviewQueue(query),
    queryFn: async () => {
      const { taskId, ...rest } = query;
      const wire = { ...rest, ...(taskId ? { rwid: taskId } : {}) };
      return mapPage(await call(E.reviewQueue, { query: wire }), fromReviewObjectTaskWire);
    },
    placeholderData: keepPreviousData,
  });
}

/** An object task's facts; its page's route prefetches it (prefetch.ts). */
export const objectTaskQuery = (objectTaskId: string, mode: CallMode = {}) =>
  queryOptions({
    queryKey: diagnosisKeys.objectTask(objectTaskId),
    queryFn: async () =>
      fromObjectTaskWire(await call(E.objectTaskDetail, { query: { dxrwid: objectTaskId }, ...mode })),
    refetchOnMount: refetchUnlessJustFetched,
  });

export function useObjectTask(objectTaskId: string) {
  return useQuery(objectTaskQuery(objectTaskId));
}

/** What the caller may do with an object task (obj/authority): the page shows its buttons from it. */
export const objectAuthorityQuery = (objectTaskId: string, mode: CallMode = {}) =>
  queryOptions({
    queryKey: [...diagnosisKeys.objectTask(objectTaskId), 'authority'],
    queryFn: async () =>
      fromObjectAuthorityWire(await call(E.authority, { query: { dxrwid: objectTaskId }, ...mode })),
    refetchOnMount: refetchUnlessJustFetched,
  });

export function useObjectAuthority(objectTaskId: string) {
  return useQuery(objectAuthorityQuery(objectTaskId));
}

export function useObjects(query: ObjectsQuery, enabled: boolean) {
  return useQuery({
    queryKey: diagnosisKeys.objects(query),
    queryFn: async () => mapPage(await call(E.objects, { query }), fromDiagnosisObjectWire),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** An object task's points (its page's table). */
export const pointsQuery = (objectTaskId: string, mode: CallMode = {}) =>
  queryOptions({
    queryKey: diagnosisKeys.points(objectTaskId),
    queryFn: async () =>
      (await call(E.points, { query: { dxrwid: objectTaskId }, ...mode })).map(fromQualityRowWire),
    refetchOnMount: refetchUnlessJustFetched,
  });

export function usePoints(objectTaskId: string) {
  return useQuery(pointsQuery(objectTaskId));
}

/** One point (the drawer): a failed load shows meta.message through the client. */
export function usePoint(id: string | null) {
  return useQuery({
    queryKey: diagnosisKeys.point(id ?? ''),
    queryFn: () => fetchPoint(id ?? ''),
    enabled: id !== null,
  });
}

export function useSamples(query: SamplesQuery, enabled = true) {
  return useQuery({
    queryKey: diagnosisKeys.samples(query),
    queryFn: async () => {
      const { pointId, ...rest } = query;
      return (await call(E.samples, { query: { ...rest, zgzkdid: pointId } })).map(fromSampleWire);
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDisqualified(query: DisqualifiedQuery) {
  return useQuery({
    queryKey: diagnosisKeys.disqualified(query),
    queryFn: async () => mapPage(await call(E.disqualified, { query: scopeWire(query) }), fromQualityRowWire),
    placeholderData: keepPreviousData,
  });
}

/** 我负责的质控点 in one to-do state (the home page's 待填报 / 退回待修改), paged by the server. */
/** The charger's points in one to-do state across running tasks; the wire's `shzt` is the state. */
export const useMyPoints = (filters: { state: QueryOf<typeof E.myPoints>['shzt']; keyword?: string }) =>
  usePagedQuery({
    queryKey: (query) => ['diagnosis', 'myPoints', query] as const,
    queryFn: async ({ state, ...query }) =>
      mapPage(await call(E.myPoints, { query: { ...query, shzt: state } }), fromQualityRowWire),
    filters,
  });

export function useWarnGrid(query: WarnGridQuery) {
  return useQuery({
    queryKey: diagnosisKeys.warnGrid(query),
    queryFn: async () => mapPage(await call(E.warnGrid, { query: scopeWire(query) }), fromWarningRowWire),
    placeholderData: keepPreviousData,
  });
}

/** The filters of a paged list without its paging: what its export takes. */
type ExportFilter<Q> = Omit<Q, 'pageNum' | 'pageSize'>;

/** 导出 of an object task's result table (every point). */
export async function exportPoints(objectTaskId: string) {
  saveBlob(await download(E.pointsExport.path, { query: { dxrwid: objectTaskId } }), '质控点结果表.xlsx');
}

/** 导出 of the below-standard list under the filters on screen. */
export async function exportDisqualified(filter: ExportFilter<DisqualifiedQuery>) {
  saveBlob(await download(E.disqualifiedExport.path, { query: scopeWire(filter) }), '未达标质控点.xlsx');
}

/** 导出 of the warning table under the filters on screen. */
export async function exportWarnGrid(filter: ExportFilter<WarnGridQuery>) {
  saveBlob(await download(E.warnGridExport.path, { query: scopeWire(filter) }), '预警表.xlsx');
}

export function useWarnCount(query: WarnQuery) {
  return useQuery({
    queryKey: diagnosisKeys.warnCount(query),
    queryFn: async () => fromWarnCountWire(await call(E.warnCount, { query: scopeWire(query) })),
  });
}

export function useWarnList(pointId: string, enabled = true) {
  return useQuery({
    queryKey: diagnosisKeys.warnList(pointId),
    queryFn: async () => (await call(E.warnList, { query: { zgzkdid: pointId } })).map(fromWarningRecordWire),
    enabled,
  });
}

export function useAuditRecords(pointId: string, enabled = true) {
  return useQuery({
    queryKey: diagnosisKeys.audit(pointId),
    queryFn: async () =>
      (await call(E.auditDynamic, { query: { zgzkkid: pointId } })).map(fromAuditRecordWire),
    enabled,
  });
}

/** After any change: grades, flags and counts show on several screens, so all of them reload. */
export function useRefreshDiagnosis() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: diagnosisKeys.all }), [queryClient]);
}

export async function fetchPoint(id: string) {
  return fromQualityRowWire(await call(E.point, { query: { zgzkkid: id } }));
}

export async function saveTask(input: TaskInput, id?: string) {
  const { name, ...rest } = input;
  const body = { ...rest, rwmc: name };
  const task = id
    ? await call(E.taskUpdate, { body: { ...body, id }, json: true })
    : await call(E.taskInsert, { body, json: true });
  return fromTaskWire(task);
}

export function addObjectTasks(taskId: string, objectIds: string[]) {
  return call(E.objectTasksInsert, { body: { rwid: taskId, objectIds }, json: true });
}

/** Assigns the standard's points to the object tasks (their standard values become targets). */
export function assignPoints(objectTaskIds: string[]) {
  return call(E.refreshTarget, { body: { dxrwids: objectTaskIds }, json: true });
}

export async function saveDiagnosisText(pointId: string, text: { cause: string; measure: string }) {
  const body = { id: pointId, yyfx: text.cause, gjcs: text.measure };
  return fromQualityRowWire(await call(E.disqualifiedUpdate, { body }));
}

export async function disposeWarning(warningId: string, text: { cause: string; measure: string }) {
  const body = { id: warningId, yyfx: text.cause, clcs: text.measure };
  return fromWarningRecordWire(await call(E.dispose, { body }));
}

export async function addSample(sample: { pointId: string; value: string; sampledAt?: string }) {
  const body = {
    zgzkdid: sample.pointId,
    cjz: sample.value,
    ...(sample.sampledAt ? { sj: sample.sampledAt } : {}),
  };
  return fromQualityRowWire(await call(E.sampleInsert, { body }));
}

/** The charger's result, or the revisions (a revised target only where the point allows one). */
export async function saveResult(
  pointId: string,
  values: { result?: string; revisedResult?: string; revisedTarget?: string },
) {
  const body = {
    zgzkdid: pointId,
    ...(values.result === undefined ? {} : { jgz: values.result }),
    ...(values.revisedResult === undefined ? {} : { xzjgz: values.revisedResult }),
    ...(values.revisedTarget === undefined ? {} : { xzmbz: values.revisedTarget }),
  };
  return fromQualityRowWire(await call(E.resultUpdate, { body, json: true }));
}

/** `json` as each screen has always sent it: the table posts JSON, the drawer a form. */
export function setFocus(pointId: string, focus: boolean, json = false) {
  return call(E.focus, { body: { zgzkdid: pointId, focus }, json });
}

/* ------------------------------------------------------------------ writes of the task and object lists */

export const setObjectTaskCharger = (body: { id: string; chargerId: string; sharerIds: string[] }) =>
  call(E.objectTaskCharger, { body, json: true });

export const diagnoseAgain = (objectTaskId: string) =>
  call(E.diagnoseAgain, { body: { id: objectTaskId }, json: true });

export const removeObjectTask = (objectTaskId: string) =>
  call(E.objectTaskDelete, { params: { id: objectTaskId }, body: undefined, json: true });

export const submitPointsForAudit = (ids: string[]) => call(E.auditSubmit, { body: { ids }, json: true });

export const passPoints = (ids: string[]) => call(E.auditPass, { body: { ids }, json: true });

export const refusePoints = (ids: string[], reason: string) =>
  call(E.auditRefuse, { body: { ids, reason }, json: true });

export const setTaskState = (id: string, state: BodyOf<typeof E.taskState>['state']) =>
  call(E.taskState, { body: { id, state }, json: true });

export const deleteTask = (id: string) => call(E.taskDelete, { body: { ids: [id] }, json: true });

export const closeOutdatedTasks = () => call(E.taskCloseOutdated, { body: {}, json: true });
