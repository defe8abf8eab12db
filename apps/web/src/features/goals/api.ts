import { type BodyOf, type DataOf, goalsEndpoints as E, type Endpoint, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, download, upload } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { saveBlob } from '../attachments/api.ts';

export type YearTargetQuery = QueryOf<typeof E.yearTargets>;
export type TaskListQuery = QueryOf<typeof E.targetTasks>;
export type WarningTaskQuery = QueryOf<typeof E.warningTasks>;
export type WarningCountQuery = QueryOf<typeof E.warningCount>;
export type UrgeQuery = QueryOf<typeof E.urges>;
export type HistoryQuery = QueryOf<typeof E.warningConditionHistory>;

export type YearTargetRow = DataOf<typeof E.yearTargets>['records'][number];
export type TaskRow = DataOf<typeof E.targetTasks>['records'][number];
export type TaskDetailData = DataOf<typeof E.targetTaskDetail>;
export type NodeRow = TaskDetailData['nodes'][number];
export type ProgressRow = TaskDetailData['progress'][number];
export type DelayRow = TaskDetailData['delays'][number];
export type AuditRow = TaskDetailData['audits'][number];
export type WarningTaskRow = DataOf<typeof E.warningTasks>['records'][number];
export type UrgeRow = DataOf<typeof E.urges>['records'][number];
export type ConditionRow = DataOf<typeof E.warningConditions>[number];
export type UploadedGoalFile = DataOf<typeof E.fileUpload>;

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
    queryFn: () => call(E.yearTargets, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Tasks of a view; the collaboration view has its own endpoint (getCooperationTask). */
export function useTasks(query: TaskListQuery, enabled = true) {
  return useQuery({
    queryKey: goalKeys.tasks(query),
    queryFn: () => call(query.view === 'collaboration' ? E.cooperationTasks : E.targetTasks, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTaskDetail(id: string | null) {
  return useQuery({
    queryKey: goalKeys.task(id ?? ''),
    queryFn: () => call(E.targetTaskDetail, { query: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useWarningTasks(query: WarningTaskQuery, enabled = true) {
  return useQuery({
    queryKey: goalKeys.warningTasks(query),
    queryFn: () => call(E.warningTasks, { query }),
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

/**
 * Runs a change, toasts `done` and reloads the goal screens. A refusal has already been shown by the
 * client (the server's Chinese message); it resolves false so the caller can keep its dialog open.
 */
export function useGoalAction() {
  const refresh = useRefreshGoals();
  return useCallback(
    async (work: () => Promise<unknown>, done?: string): Promise<boolean> => {
      try {
        await work();
      } catch {
        return false;
      }
      if (done) notify.success(done);
      await refresh();
      return true;
    },
    [refresh],
  );
}

/** One attachment through the goal service (the caller may attach it only to what it may change). */
export function uploadGoalFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload(E.fileUpload, form, { onProgress, silent: true, ...(signal ? { signal } : {}) });
}

export type TaskExportQuery = QueryOf<typeof E.exportTaskDetail>;
export type ImportAnswer = DataOf<typeof E.targetTaskImport>;

/** 导出目标任务明细 (Excel) with the list's filters. */
export async function exportTasks(query: TaskExportQuery): Promise<void> {
  saveBlob(await download(E.exportTaskDetail.path, { query }), '目标任务明细.xlsx');
}

export async function downloadTaskTemplate(): Promise<void> {
  saveBlob(await download(E.targetTaskTemplate.path), '目标任务导入模板.xlsx');
}

/** All-or-nothing import of a workbook's tasks into a year target; the field goes before the file part. */
export function importTasks(
  yearTargetId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('yearTargetId', yearTargetId);
  form.append('file', file, file.name);
  return upload(E.targetTaskImport, form, { onProgress });
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
