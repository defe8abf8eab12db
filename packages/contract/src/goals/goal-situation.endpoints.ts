import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { requiredId } from '../platform/text.ts';
import * as S from './goal-situation.schema.ts';
import { GOALS_BASE } from './goals.endpoints.ts';

const tag = '目标任务管理';
const TaskQuerySchema = z.object({ id: requiredId('目标任务') });

/**
 * 完成情况 of a target task under `/api/herm-mbrwgl` (spec 1 §7: "targetTaskDetail (plus GET
 * getDetailSituationCatalog, getPerformAccessDetailSituation, export); targetTaskSituation"). The detail
 * itself is getTargetTaskVo. The get… names sit at the base like getTargetTaskVo and getCooperationTask.
 */
export const goalSituationEndpoints = {
  detailSituationCatalog: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/getDetailSituationCatalog`,
    summary: '任务及其子任务的完成情况目录（树序）',
    tag,
    query: TaskQuerySchema,
    data: z.array(S.SituationCatalogItemSchema),
  }),
  performSituation: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/getPerformAccessDetailSituation`,
    summary: '任务各节点的执行与考核情况（进度上报、审核、延期）',
    tag,
    query: TaskQuerySchema,
    data: S.PerformSituationSchema,
  }),
  performSituationExport: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/targetTaskDetail/export`,
    summary: '导出任务的完成情况（Excel：任务、子任务目录、节点执行与考核情况）',
    tag,
    query: TaskQuerySchema,
    download: true,
    data: z.unknown(),
  }),
  taskSituation: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/targetTaskSituation`,
    summary: '任务的完成情况说明',
    tag,
    query: TaskQuerySchema,
    data: S.TaskSituationSchema,
  }),
  taskSituationUpdate: defineEndpoint({
    method: 'POST',
    path: `${GOALS_BASE}/targetTaskSituation/update`,
    summary: '填写任务的完成情况说明（任务创建人或负责人）',
    tag,
    body: S.TaskSituationBodySchema,
    data: S.TaskSituationSchema,
  }),
};
