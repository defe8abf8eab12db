import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import * as A from './goal-summary.schema.ts';
import { GOALS_BASE } from './goals.endpoints.ts';

/**
 * 汇总分析 of target tasks. spec 1 §7 names targetTaskSummaryAnalysis with three POST calls (form or JSON
 * bodies) and, in the annual-targets service, the reads gatherAnaylse, findAnalyse, findAnalyseDepartemnt
 * and queryGrid; the spec's spellings are kept in the paths. All take the same filters.
 */
const tag = '目标任务汇总分析';
const SUMMARY = `${GOALS_BASE}/targetTaskSummaryAnalysis`;
const ANNUAL = `${GOALS_BASE}/analysis`;

const post = <D extends z.ZodType>(path: string, summary: string, data: D) =>
  defineEndpoint({
    method: 'POST',
    path: `${SUMMARY}/${path}`,
    summary,
    tag,
    body: A.GoalAnalysisFilterSchema,
    data,
  });
const get = <D extends z.ZodType>(path: string, summary: string, data: D) =>
  defineEndpoint({
    method: 'GET',
    path: `${ANNUAL}/${path}`,
    summary,
    tag,
    query: A.GoalAnalysisFilterSchema,
    data,
  });

export const goalAnalysisEndpoints = {
  taskStatusAnalysis: post(
    'taskStatusAnalysis',
    '任务状态分析：各进度状态、各任务状态的任务数',
    A.TaskStatusAnalysisSchema,
  ),
  departmentTaskFinishRate: post(
    'departmentTaskFinishRate',
    '各责任部门的任务完成率与平均进度',
    z.array(A.DepartmentFinishRateSchema),
  ),
  finishRateRank: post('finishRateRank', '责任部门完成率排名（高到低）', z.array(A.FinishRateRankSchema)),
  gatherAnalysis: get(
    'gatherAnaylse',
    '汇总：任务数、已完成、进行中、未开始、逾期、预警任务数与完成率',
    A.GatherAnalysisSchema,
  ),
  typeAnalysis: get('findAnalyse', '按任务类型（A、B、C）汇总', z.array(A.TypeAnalysisSchema)),
  departmentAnalysis: get(
    'findAnalyseDepartemnt',
    '按责任部门汇总（含部门负责人、平均进度）',
    z.array(A.DepartmentAnalysisSchema),
  ),
  grid: get('queryGrid', '责任部门 × 任务类型 的任务数、完成数与完成率', A.AnalysisGridSchema),
};
