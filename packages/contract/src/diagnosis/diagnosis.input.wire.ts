import type { z } from 'zod';
import type * as S from './diagnosis.schema.ts';

/**
 * The diagnosis requests from the spec's names to the services' English ones, once, at the routes.
 * One way only: the server never sends a request.
 */
type Wire<T extends z.ZodType> = z.output<T>;

const paging = (query: S.PageInput): S.PageInput => ({ pageNum: query.pageNum, pageSize: query.pageSize });

export const fromTaskBodyWire = (body: Wire<typeof S.TaskBodySchema>): S.TaskInput => ({
  name: body.rwmc,
  level: body.level,
  cycleId: body.cycleId,
  period: body.period,
  startDate: body.startDate,
  endDate: body.endDate,
});

export const fromTaskUpdateBodyWire = (body: Wire<typeof S.TaskUpdateBodySchema>): S.TaskUpdateInput => ({
  ...fromTaskBodyWire(body),
  id: body.id,
});

export const fromObjectTasksQueryWire = (
  query: Wire<typeof S.ObjectTasksQuerySchema>,
): S.ObjectTasksInput => ({
  ...paging(query),
  taskId: query.rwid,
  keyword: query.keyword,
});

export const fromReviewQueueQueryWire = (
  query: Wire<typeof S.ReviewQueueQuerySchema>,
): S.ReviewQueueInput => ({
  ...paging(query),
  taskId: query.rwid,
  level: query.level,
  departmentId: query.departmentId,
  keyword: query.keyword,
});

export const fromObjectTasksInsertBodyWire = (
  body: Wire<typeof S.ObjectTasksInsertBodySchema>,
): S.ObjectTasksInsertInput => ({ taskId: body.rwid, objectIds: body.objectIds, chargerId: body.chargerId });

export const fromRefreshTargetBodyWire = (
  body: Wire<typeof S.RefreshTargetBodySchema>,
): S.RefreshTargetInput => ({
  objectTaskIds: body.dxrwids,
  pointIds: body.zkdids,
});

/** The one object task a query names (obj/detail, quality/list, warnCount of an object, …). */
export const fromObjectTaskQueryWire = (query: Wire<typeof S.ObjectTaskQuerySchema>) => ({
  objectTaskId: query.dxrwid,
});

/** The one assigned point a query names: quality/detail and audit/dynamic spell it zgzkkid. */
export const fromPointQueryWire = (query: Wire<typeof S.PointQuerySchema>) => ({
  assignedPointId: query.zgzkkid,
});

export const fromWarnListQueryWire = (query: Wire<typeof S.WarnListQuerySchema>) => ({
  assignedPointId: query.zgzkdid,
});

export const fromSamplesQueryWire = (query: Wire<typeof S.SamplesQuerySchema>): S.SamplesInput => ({
  assignedPointId: query.zgzkdid,
  startTime: query.startTime,
  endTime: query.endTime,
});

export const fromTargetsBodyWire = (body: Wire<typeof S.TargetsBodySchema>): S.TargetsInput => ({
  list: body.list.map((item) => ({ assignedPointId: item.zgzkdid, target: item.mbz })),
});

export const fromResultBodyWire = (body: Wire<typeof S.ResultBodySchema>): S.ResultInput => ({
  assignedPointId: body.zgzkdid,
  result: body.jgz,
  revisedResult: body.xzjgz,
  revisedTarget: body.xzmbz,
});

export const fromSampleBodyWire = (body: Wire<typeof S.SampleBodySchema>): S.SampleInput => ({
  assignedPointId: body.zgzkdid,
  value: body.cjz,
  time: body.sj,
});

export const fromDisqualifiedBodyWire = (body: Wire<typeof S.DisqualifiedBodySchema>): S.CauseInput => ({
  id: body.id,
  cause: body.yyfx,
  measure: body.gjcs,
});

export const fromMyPointsQueryWire = (query: Wire<typeof S.MyPointsQuerySchema>): S.MyPointsInput => ({
  ...paging(query),
  auditState: query.shzt,
  keyword: query.keyword,
});

export const fromDisqualifiedQueryWire = (
  query: Wire<typeof S.DisqualifiedQuerySchema>,
): S.DisqualifiedInput => ({
  ...paging(query),
  taskId: query.rwid,
  objectTaskId: query.dxrwid,
  keyword: query.keyword,
});

export const fromDisqualifiedExportQueryWire = (
  query: Wire<typeof S.DisqualifiedExportQuerySchema>,
): S.DisqualifiedFilter => ({ taskId: query.rwid, objectTaskId: query.dxrwid, keyword: query.keyword });

export const fromFocusBodyWire = (body: Wire<typeof S.FocusBodySchema>): S.FocusInput => ({
  assignedPointId: body.zgzkdid,
  focus: body.focus,
});

export const fromDisposeBodyWire = (body: Wire<typeof S.DisposeBodySchema>): S.CauseInput => ({
  id: body.id,
  cause: body.yyfx,
  measure: body.clcs,
});

export const fromWarnQueryWire = (query: Wire<typeof S.WarnQuerySchema>): S.ObjectTaskScopeInput => ({
  taskId: query.rwid,
  objectTaskId: query.dxrwid,
});

export const fromWarnGridQueryWire = (query: Wire<typeof S.WarnGridQuerySchema>): S.WarnGridInput => ({
  ...paging(query),
  taskId: query.rwid,
  objectTaskId: query.dxrwid,
  keyword: query.keyword,
  state: query.state,
  chargedOnly: query.mine,
});

export const fromWarnGridExportQueryWire = (
  query: Wire<typeof S.WarnGridExportQuerySchema>,
): S.WarnGridFilter => ({
  taskId: query.rwid,
  objectTaskId: query.dxrwid,
  keyword: query.keyword,
  state: query.state,
  chargedOnly: query.mine,
});

export const fromObjectTaskListBodyWire = (body: Wire<typeof S.ObjectTaskListBodySchema>) => ({
  objectTaskIds: body.dxrwids,
});

export const fromObjectTaskRefuseBodyWire = (
  body: Wire<typeof S.ObjectTaskRefuseBodySchema>,
): S.ObjectTaskRefuseInput => ({ objectTaskIds: body.dxrwids, reason: body.reason });

export const fromAnalysisObjectsQueryWire = (
  query: Wire<typeof S.AnalysisObjectsQuerySchema>,
): S.AnalysisObjectsInput => ({ ...paging(query), taskId: query.rwid, keyword: query.keyword });

export const fromAnalysisQualityQueryWire = (
  query: Wire<typeof S.AnalysisQualityQuerySchema>,
): S.AnalysisQualityInput => ({ taskId: query.rwid, objectTaskId: query.dxrwid });

export const fromAnalysisCacheBodyWire = (body: Wire<typeof S.AnalysisCacheBodySchema>) => ({
  taskId: body.rwid,
});
