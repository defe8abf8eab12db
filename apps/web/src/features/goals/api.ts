import {
  type BodyOf,
  type DataOf,
  goalsEndpoints as E,
  type Endpoint,
  fromSessionUserWire,
  fromTargetTaskWire,
  fromTaskDetailWire,
  fromWarningTaskWire,
  fromYearTargetWire,
  GOAL_FILE_DOWNLOAD_PATH,
  goalSituationEndpoints,
  mapPage,
  type PerformSituation,
  type QueryOf,
  type SessionUser,
  type SessionUserWire,
  type TargetTask,
  type TaskDetail,
  type WarningTask,
  type YearTarget,
} from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, download, upload } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';

export type YearTargetQuery = QueryOf<typeof E.yearTargets>;
export type TaskListQuery = QueryOf<typeof E.targetTasks>;
export type WarningTaskQuery = QueryOf<typeof E.warningTasks>;
export type WarningCountQuery = QueryOf<typeof E.warningCount>;
export type UrgeQuery = QueryOf<typeof E.urges>;
export type HistoryQuery = QueryOf<typeof E.warningConditionHistory>;

export type YearTargetRow = YearTarget;
export type TaskRow = TargetTask;
export type TaskDetailData = TaskDetail;
export type NodeRow = TaskDetailData['nodes'][number];
export type ProgressRow = TaskDetailData['progress'][number];
export type DelayRow = TaskDetailData['delays'][number];
export type AuditRow = TaskDetailData['audits'][number];
export type WarningTaskRow = WarningTask;
export type UrgeRow = DataOf<typeof E.urges>['records'][number];
export type ConditionRow = DataOf<typeof E.warningConditions>[number];
export type UploadedGoalFile = DataOf<typeof E.fileUpload>;

export type ChargeDepartment = SessionUser['headedDepartments'][number];

/** The departments the signed-in user heads, from the session as the server sent it. */
export function chargeDepartmentsOf(user: SessionUserWire | null | undefined): ChargeDepartment[] {
  return user ? fromSessionUserWire(user).headedDepartments : [];
}

/** Where a goal file downloads: through the goal service, which checks the caller may read the task. */
export function goalFileUrl(fileId: string): string {
  return `${GOAL_FILE_DOWNLOAD_PATH}?id=${encodeURIComponent(fileId)}`;
}

/** Query keys of 目标任务管理; a change drops everything under `all` (counts show in the sidebar too). */
export const goalKeys = {
  all: ['goals'] as const,
  yearTargets: (query: YearTargetQuery) => ['goals', 'yearTargets', query] as const,
  tasks: (query: TaskListQuery) => ['goals', 'tasks', query] as const,
  task: (id: string) => ['goals', 'task', id] as const,
  warningTasks: (query: WarningTaskQuery) => ['goals', 'warningTasks', query] as const,
  warningCount: (query: WarningCountQuery) => ['goals', 'warningCount', query] as const,
  conditions: ['goals', 'conditions'] as const,
  history: (query: HistoryQuery) => ['goals', 'history', query] as const,
  urges: (query: UrgeQuery) => ['goals', 'urges', query] as const,
  departManage: (query: DepartManageQuery) => ['goals', 'departManage', query] as const,
};

/** Every year target (spec 1 §7: one page of 1,000,000), for lists and selects. */
export function useYearTargets(query: YearTargetQuery = {}) {
  return useQuery({
    queryKey: goalKeys.yearTargets(query),
    queryFn: async () => mapPage(await call(E.yearTargets, { query }), fromYearTargetWire),
    placeholderData: keepPreviousData,
  });
}

/** Tasks of a view; the collaboration view has its own endpoint (getCooperationTask). */
export function useTasks(query: TaskListQuery, enabled = true) {
  return useQuery({
    queryKey: goalKeys.tasks(query),
    queryFn: async () =>
      mapPage(
        await call(query.view === 'collaboration' ? E.cooperationTasks : E.targetTasks, { query }),
        fromTargetTaskWire,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaskDetail(id: string | null) {
  return useQuery({
    queryKey: goalKeys.task(id ?? ''),
    queryFn: async () => fromTaskDetailWire(await call(E.targetTaskDetail, { query: { id: id ?? '' } })),
    enabled: id !== null,
  });
}

export function useWarningTasks(query: WarningTaskQuery, enabled = true) {
  return useQuery({
    queryKey: goalKeys.warningTasks(query),
    queryFn: async () => mapPage(await call(E.warningTasks, { query }), fromWarningTaskWire),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Spec 1 §4: the counts are reset before each reload, so no stale number shows while one runs. */
export function useWarningCount(query: WarningCountQuery, enabled = true) {
  return useQuery({
    queryKey: goalKeys.warningCount(query),
    queryFn: () => call(E.warningCount, { query, silent: true }),
    enabled,
  });
}

export function useWarningConditions() {
  return useQuery({ queryKey: goalKeys.conditions, queryFn: () => call(E.warningConditions) });
}

export function useConditionHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: goalKeys.history(query),
    queryFn: () => call(E.warningConditionHistory, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useUrges(query: UrgeQuery) {
  return useQuery({
    queryKey: goalKeys.urges(query),
    queryFn: () => call(E.urges, { query }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: tasks, counts and badges show on several screens, so all of them reload. */
export function useRefreshGoals() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: goalKeys.all }), [queryClient]);
}

/** A POST of the goal service as JSON (lists of ids and nested lists stay lists). */
export function post<P extends Endpoint>(endpoint: P, body: BodyOf<P>): Promise<DataOf<P>> {
  return call(endpoint, { body, json: true });
}

/** One attachment through the goal service (the caller may attach it only to what it may change). */
export function uploadGoalFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload(E.fileUpload, form, { onProgress, silent: true, ...(signal ? { signal } : {}) });
}

export type TaskExportQuery = QueryOf<typeof E.exportTaskDetail>;

/** 导出目标任务明细 (Excel) with the list's filters. */
export async function exportTasks(query: TaskExportQuery): Promise<void> {
  saveBlob(await download(E.exportTaskDetail.path, { query }), '目标任务明细.xlsx');
}

/** 完成情况 of a task: each node's execution and assessment (English on the wire: no mapping needed). */
export function usePerformSituation(id: string) {
  return useQuery({
    queryKey: [...goalKeys.task(id), 'situation'],
    queryFn: (): Promise<PerformSituation> =>
      call(goalSituationEndpoints.performSituation, { query: { id } }),
  });
}

/** 导出完成情况 (Excel: the sub-task catalog and the nodes). */
export async function exportSituation(task: { id: string; name: string }): Promise<void> {
  const blob = await download(goalSituationEndpoints.performSituationExport.path, { query: { id: task.id } });
  saveBlob(blob, `${task.name}完成情况.xlsx`);
}

export type DepartManageQuery = QueryOf<typeof E.departManage>;
export type DepartmentSummaryRow = DataOf<typeof E.departManage>[number];

export function useDepartManage(query: DepartManageQuery) {
  return useQuery({
    queryKey: goalKeys.departManage(query),
    queryFn: () => call(E.departManage, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The year target's task catalogue (top-level tasks and their sub-tasks). */
export function useTaskTree(yearTargetId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['goals', 'tree', yearTargetId] as const,
    queryFn: () => call(E.targetTaskTree, { query: { yearTargetId } }),
    enabled,
  });
}
