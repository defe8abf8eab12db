import {
  type BodyOf,
  diagnosisEndpoints as D,
  type DataOf,
  qualityReportEndpoints as E,
  type Endpoint,
  type FutureTask,
  fromObjectTaskWire,
  fromQualityRowWire,
  fromReportSummaryWire,
  fromReportViewWire,
  fromTaskWire,
  fromWarningRowWire,
  mapPage,
  type QueryOf,
  qualityReportFutureTasks,
  type ReportBatchResult,
  ReportBatchResultSchema,
  type ReviewResult,
  type SealKind,
  type TaskPageType,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download, upload } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import type { JobStatus } from '../../shared/jobs/use-job.ts';

export type ReportListFilters = Omit<
  QueryOf<typeof E.selectPage>,
  'pageNum' | 'pageSize' | 'rwid' | 'bmid'
> & {
  taskId?: string;
  departmentId?: string;
};
export type ReportListView = NonNullable<ReportListFilters['view']>;
export type PointTableName = QueryOf<typeof E.pointTable>['table'];
export type TemplateQuery = QueryOf<typeof E.templates>;
export type ReportInsert = Omit<BodyOf<typeof E.insert>, 'rwid' | 'dxrwid' | 'bmid'> & {
  taskId: string;
  objectTaskId?: string;
  departmentId?: string;
};
export type ExpertReviewInput = Omit<BodyOf<typeof E.expertReview>, 'fhjg' | 'bgid'> & {
  result: ReviewResult;
};
export type SchoolReviewInput = Omit<BodyOf<typeof E.schoolReview>, 'fhjg' | 'bgid'> & {
  result: ReviewResult;
};

const paging = (pageNum: number, pageSize: number) => ({ pageNum, pageSize });

/** Query keys of 质量报告; a change drops everything under `all` (the sidebar's 待我评审 count too). */
export const reportKeys = {
  all: ['reports'] as const,
  list: (query: object) => ['reports', 'list', query] as const,
  todoCount: ['reports', 'todoCount'] as const,
  view: (id: string) => ['reports', 'view', id] as const,
  reviews: (id: string) => ['reports', 'reviews', id] as const,
  discussions: (id: string) => ['reports', 'discussions', id] as const,
  candidates: ['reports', 'candidates'] as const,
  table: (query: object) => ['reports', 'table', query] as const,
  templates: (query: TemplateQuery) => ['reports', 'templates', query] as const,
  covers: (query: object) => ['reports', 'covers', query] as const,
  seals: ['reports', 'seals'] as const,
  tasks: (query: object) => ['reports', 'tasks', query] as const,
  objectTasks: (query: object) => ['reports', 'objectTasks', query] as const,
};

/** A POST of the report service as JSON (the explain items and share lists are arrays). */
function post<P extends Endpoint>(endpoint: P, body: BodyOf<P>): Promise<DataOf<P>> {
  return call(endpoint, { body, json: true });
}

// ------------------------------------------------------------------------------------------ reads

export async function fetchReports(filters: ReportListFilters & { pageNum: number; pageSize: number }) {
  const { taskId, departmentId, ...rest } = filters;
  const query = {
    ...rest,
    ...(taskId ? { rwid: taskId } : {}),
    ...(departmentId ? { bmid: departmentId } : {}),
  };
  return mapPage(await call(E.selectPage, { query }), fromReportSummaryWire);
}

/** 待我评审: only the total is needed for the sidebar badge. */
export function useTodoCount() {
  return useQuery({
    queryKey: reportKeys.todoCount,
    queryFn: async () => (await call(E.selectPage, { query: { view: 'todo', ...paging(1, 1) } })).total,
  });
}

export function useReportView(id: string) {
  return useQuery({
    queryKey: reportKeys.view(id),
    queryFn: async () => fromReportViewWire(await call(E.selectById, { query: { bgid: id } })),
  });
}

export function useReviews(id: string) {
  return useQuery({
    queryKey: reportKeys.reviews(id),
    queryFn: () => call(E.reviews, { query: { bgid: id } }),
  });
}

export function useDiscussions(id: string) {
  return useQuery({
    queryKey: reportKeys.discussions(id),
    queryFn: () => call(E.discussions, { query: { bgid: id } }),
  });
}

export function useExpertCandidates(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.candidates,
    queryFn: () => call(E.expertCandidates, { query: {} }),
    enabled,
  });
}

/** 目标监测统计 / 未达标指标统计 / 未完成目标统计 of a report, a page at a time. */
export function usePointTable(input: { reportId: string; table: PointTableName; pageNum: number }) {
  const query = { bgid: input.reportId, table: input.table, ...paging(input.pageNum, 10) };
  return useQuery({
    queryKey: reportKeys.table(query),
    queryFn: async () => mapPage(await call(E.pointTable, { query }), fromQualityRowWire),
    placeholderData: keepPreviousData,
  });
}

/** 为什么是这个值 of a point of the report, read through the report (its readers may lack 诊断改进). */
export function useReportWhy(reportId: string, pointId: string | null) {
  return useQuery({
    queryKey: ['reports', 'why', reportId, pointId] as const,
    queryFn: () => call(E.why, { query: { bgid: reportId, zgzkdid: pointId ?? '' } }),
    enabled: pointId !== null,
  });
}

/** 预警记录 of a report: one row per warned point. */
export function useWarningTable(input: { reportId: string; pageNum: number; enabled: boolean }) {
  const query = { bgid: input.reportId, ...paging(input.pageNum, 10) };
  return useQuery({
    queryKey: reportKeys.table({ ...query, table: 'warnings' }),
    queryFn: async () => mapPage(await call(E.warningTable, { query }), fromWarningRowWire),
    placeholderData: keepPreviousData,
    enabled: input.enabled,
  });
}

/** A printed table lists at most this many rows, as the Word document does (WORD_TABLE_ROWS on the server). */
export const PRINT_TABLE_ROWS = 2000;

/** The four statistics tables of a report, for the print view: each at most PRINT_TABLE_ROWS rows. */
export function usePrintTables(reportId: string) {
  return useQuery({
    queryKey: ['reports', 'print', reportId] as const,
    queryFn: async () => {
      const page = paging(1, PRINT_TABLE_ROWS);
      const table = async (name: PointTableName) =>
        mapPage(
          await call(E.pointTable, { query: { bgid: reportId, table: name, ...page } }),
          fromQualityRowWire,
        );
      // One after another: the server answers one query at a time on the embedded database anyway.
      const points = await table('points');
      const below = await table('below');
      const unfinished = await table('unfinished');
      const warnings = mapPage(
        await call(E.warningTable, { query: { bgid: reportId, ...page } }),
        fromWarningRowWire,
      );
      return { points, below, unfinished, warnings };
    },
  });
}

export function useTemplates(query: TemplateQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.templates(query),
    queryFn: () => call(E.templates, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCovers(pageNum: number, pageSize = 10) {
  return useQuery({
    queryKey: reportKeys.covers(paging(pageNum, pageSize)),
    queryFn: () => call(E.covers, { query: paging(pageNum, pageSize) }),
    placeholderData: keepPreviousData,
  });
}

export function useSeals(enabled: boolean) {
  return useQuery({ queryKey: reportKeys.seals, queryFn: () => call(E.seals, { query: {} }), enabled });
}

/**
 * The diagnosis tasks a report may be generated for, searched by name. The report contract has no list of
 * its own, so this reads the diagnosis task list of the page type the caller can see most of.
 */
export function useDiagnosisTasks(input: { keyword: string; pageType: TaskPageType; enabled: boolean }) {
  const query = {
    pageType: input.pageType,
    ...paging(1, 50),
    ...(input.keyword ? { keyword: input.keyword } : {}),
  };
  return useQuery({
    queryKey: reportKeys.tasks(query),
    queryFn: async () => mapPage(await call(D.taskList, { query, silent: true }), fromTaskWire).records,
    placeholderData: keepPreviousData,
    enabled: input.enabled,
  });
}

/** The object tasks of a diagnosis task, for an 对象分析报告. */
export function useObjectTasks(input: { taskId: string | undefined; keyword: string }) {
  const query = {
    rwid: input.taskId ?? '',
    ...paging(1, 50),
    ...(input.keyword ? { keyword: input.keyword } : {}),
  };
  return useQuery({
    queryKey: reportKeys.objectTasks(query),
    queryFn: async () => mapPage(await call(D.objectTasks, { query }), fromObjectTaskWire).records,
    placeholderData: keepPreviousData,
    enabled: Boolean(input.taskId),
  });
}

// ------------------------------------------------------------------------------------------ changes

export async function insertReport(input: ReportInsert) {
  const { taskId, objectTaskId, departmentId, ...rest } = input;
  return fromReportSummaryWire(
    await post(E.insert, {
      ...rest,
      rwid: taskId,
      ...(objectTaskId ? { dxrwid: objectTaskId } : {}),
      ...(departmentId ? { bmid: departmentId } : {}),
    }),
  );
}

export async function updateReport(input: {
  id: string;
  name: string;
  templateId?: string | undefined;
  coverId?: string | undefined;
}) {
  return fromReportSummaryWire(
    await post(E.update, {
      bgid: input.id,
      reportName: input.name,
      ...(input.templateId ? { templateId: input.templateId } : {}),
      ...(input.coverId ? { coverId: input.coverId } : {}),
    }),
  );
}

export const removeReports = (ids: string[]) => post(E.remove, { ids });

export async function submitReport(id: string) {
  return fromReportSummaryWire(await post(E.submit, { bgid: id }));
}

export async function assignExperts(id: string, userIds: string[]) {
  return fromReportSummaryWire(await post(E.experts, { bgid: id, userIds }));
}

export async function expertReview(id: string, input: ExpertReviewInput) {
  const { result, ...rest } = input;
  return fromReportSummaryWire(await post(E.expertReview, { ...rest, bgid: id, fhjg: result }));
}

export async function schoolReview(id: string, input: SchoolReviewInput) {
  const { result, ...rest } = input;
  return fromReportSummaryWire(await post(E.schoolReview, { ...rest, bgid: id, fhjg: result }));
}

export async function rejectReport(id: string, reason: string) {
  return fromReportSummaryWire(await post(E.reject, { bgid: id, reason }));
}

export async function shareReport(id: string, input: { userIds: string[]; departmentIds: string[] }) {
  return fromReportSummaryWire(await post(E.share, { bgid: id, ...input }));
}

export const saveExplains = (id: string, items: Array<{ name: string; text: string }>) =>
  post(E.explainSave, { bgid: id, items });

export const discuss = (id: string, input: { content: string; replyToId?: string }) =>
  post(E.discuss, { bgid: id, ...input });

export type TemplateBody = BodyOf<typeof E.templateInsert>;
export const insertTemplate = (body: TemplateBody) => post(E.templateInsert, body);
export const updateTemplate = (id: string, body: TemplateBody) => post(E.templateUpdate, { ...body, id });
export const removeTemplates = (ids: string[]) => post(E.templateDelete, { ids });

export const insertCover = (body: BodyOf<typeof E.coverInsert>) => post(E.coverInsert, body);
export const removeCover = (id: string) => post(E.coverDelete, { id });
export const setDefaultCover = (id: string) => post(E.coverDefault, { id });

/** 印章: a PNG or JPG for one kind and review result (multipart: file, kind, fhjg). */
export function uploadSeal(input: { kind: SealKind; result: ReviewResult; file: File }) {
  const form = new FormData();
  form.append('file', input.file);
  form.append('kind', input.kind);
  form.append('fhjg', input.result);
  return upload(E.sealUpload, form);
}

// ------------------------------------------------------------------------------------------ Word

/** The Word generation job, polled with useJob. */
export const wordJobEndpoint = qualityReportFutureTasks.result;
export const wordJobStatus = (job: FutureTask): JobStatus => ({
  state: job.state,
  progress: job.progress,
  message: job.message,
});

export async function startWord(id: string): Promise<string> {
  return (await post(E.downloadWord, { bgid: id })).taskId;
}

/** Downloads the report's latest Word document under the report's name. */
export async function downloadWord(input: { id: string; name: string }) {
  saveBlob(await download(E.wordFile.path, { query: { bgid: input.id } }), `${input.name}.docx`);
}

/** Acknowledges an ended job so the server can forget it; a failure here changes nothing for the user. */
export function forgetWordJob(taskId: string) {
  return call(qualityReportFutureTasks.done, { body: { taskId }, json: true, silent: true }).catch(
    () => null,
  );
}

// ------------------------------------------------------------------------------------------ 批量生成

/** Starts 批量生成 (an object report per object task of the task); answers the job's id. */
export async function startReportBatch(input: {
  taskId: string;
  templateId?: string | undefined;
  coverId?: string | undefined;
}): Promise<string> {
  const body = {
    rwid: input.taskId,
    ...(input.templateId ? { templateId: input.templateId } : {}),
    ...(input.coverId ? { coverId: input.coverId } : {}),
  };
  return (await post(E.batchInsert, body)).taskId;
}

/** The batch job is polled and acknowledged through the same future-task pair as the Word job. */
export const batchJobEndpoint = qualityReportFutureTasks.result;
export const forgetBatchJob = forgetWordJob;

/** A finished batch's counts and failures; null when the answer is not one (then the job's message says it). */
export function batchResultOf(job: FutureTask): ReportBatchResult | null {
  const parsed = ReportBatchResultSchema.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

// ------------------------------------------------------------------------------------------ templates

/**
 * The placeholders a section narrative may use (the keys of `narrativeValues`, named after the spec's
 * overview fields) with what each shows; report-overview.ts renders them.
 */
export const NARRATIVE_PLACEHOLDERS: ReadonlyArray<{ key: string; meaning: string }> = [
  { key: 'zkdzsl', meaning: '质控点总数（可点击，打开目标监测统计）' },
  { key: 'ycjgsl', meaning: '已出结果的质控点数' },
  { key: 'dbsl', meaning: '达标数' },
  { key: 'dbl', meaning: '达标率，后附所按的已出结果数：69.61%（按已出结果的102个质控点计）' },
  { key: 'dbqk', meaning: '达标情况：已出结果的102个质控点中达标71个，达标率69.61%' },
  { key: 'wdbzkdsl', meaning: '未达标质控点数（可点击，打开未达标指标统计）' },
  { key: 'wdbzkdmcs', meaning: '未达标质控点名称' },
  { key: 'wdbzkdejzbs', meaning: '未达标质控点所在二级指标' },
  {
    key: 'wdbqk',
    meaning:
      '未达标情况：未达标31个，主要集中在教学质量、学生服务，有未达标时可点击，打开未达标指标统计；没有未达标时为“无未达标质控点”',
  },
  { key: 'wcl', meaning: '完成率，后附所按的质控点数：91.07%（按全部112个质控点计）' },
  { key: 'wcqk', meaning: '完成情况：112个质控点中已出结果102个，完成率91.07%' },
  { key: 'wwczkdsl', meaning: '未完成质控点数（可点击，打开未完成目标统计）' },
  { key: 'wwczkdmcs', meaning: '未完成质控点名称' },
  { key: 'wwczkdejzbs', meaning: '未完成质控点所在二级指标' },
  {
    key: 'wwcqk',
    meaning:
      '未完成情况：尚有10个质控点未完成（实训开出率、就业率等），有未完成时可点击，打开未完成目标统计；质控点都已出结果时为“质控点均已出结果”',
  },
  { key: 'yjcs', meaning: '预警次数' },
  { key: 'yjzkdsl', meaning: '预警质控点数（可点击，打开预警记录）' },
  { key: 'yjclsl', meaning: '已处理预警次数' },
  { key: 'yjcll', meaning: '预警处理率，后附所按的预警次数：66.67%（按18次预警计）' },
  { key: 'yjclqk', meaning: '预警处理情况：18次预警中已处理12次，处理率66.67%' },
  { key: 'zkdmcs', meaning: '预警较多的质控点名称' },
];
