import {
  type BodyOf,
  type DataOf,
  goalReportsEndpoints as E,
  type Endpoint,
  type QueryOf,
} from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, download } from '../../../shared/api/client.ts';
import { saveBlob } from '../../../shared/api/save-blob.ts';
import type { JobStatus } from '../../../shared/jobs/use-job.ts';

export type ReportQuery = QueryOf<typeof E.reportPage>;
export type TemplateQuery = QueryOf<typeof E.templates>;
export type CoverQuery = QueryOf<typeof E.covers>;
export type ReportRow = DataOf<typeof E.reportPage>['records'][number];
export type TemplateRow = DataOf<typeof E.templates>['records'][number];
export type CoverRow = DataOf<typeof E.covers>['records'][number];
export type ReportJob = DataOf<typeof E.futureTaskResult>;

/** Query keys of 目标报告; they sit under the goal screens' `['goals']`, so a goal change reloads them too. */
export const reportKeys = {
  all: ['goals', 'reports'] as const,
  reports: (query: ReportQuery) => ['goals', 'reports', 'list', query] as const,
  templates: (query: TemplateQuery) => ['goals', 'reports', 'templates', query] as const,
  covers: (query: CoverQuery) => ['goals', 'reports', 'covers', query] as const,
};

/** The subject of a row: a task's id, else the year target's. */
export const subjectOf = (row: ReportRow) =>
  row.taskId ? { taskId: row.taskId } : { yearTargetId: row.yearTargetId };
export const rowKey = (row: ReportRow) => row.taskId ?? row.yearTargetId;

export function useReports(query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.reports(query),
    queryFn: () => call(E.reportPage, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(query: TemplateQuery) {
  return useQuery({
    queryKey: reportKeys.templates(query),
    queryFn: () => call(E.templates, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCovers(query: CoverQuery) {
  return useQuery({
    queryKey: reportKeys.covers(query),
    queryFn: () => call(E.covers, { query }),
    placeholderData: keepPreviousData,
  });
}

/** A generation job as the shared progress bar reads it: done is finished. */
export const reportJobStatus = (job: ReportJob): JobStatus => ({
  state: job.state === 'done' ? 'finished' : job.state,
  progress: job.progress,
  message: job.message,
});

/** A POST of the report service as JSON. */
export function post<P extends Endpoint>(endpoint: P, body: BodyOf<P>): Promise<DataOf<P>> {
  return call(endpoint, { body, json: true });
}

export function useRefreshReports() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: reportKeys.all }), [queryClient]);
}

/** Downloads the report's latest document under its Chinese name. */
export async function downloadReport(row: ReportRow): Promise<void> {
  if (!row.id || !row.fileName) return;
  saveBlob(await download(E.download.path, { query: { id: row.id } }), row.fileName);
}
