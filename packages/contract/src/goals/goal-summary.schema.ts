import { z } from 'zod';
import { requiredId } from '../platform/text.ts';
import { SCHEDULE_STATUSES, TASK_TYPES, YEAR_TASK_STATES } from './goals.enums.ts';

/**
 * 汇总分析 of target tasks (spec 1 §7 targetTaskSummaryAnalysis and the annual-targets analysis reads;
 * spec 2 §2.7 filters). The spec names the calls but not their payloads, so these shapes are ours,
 * in English, documented on the OpenAPI page. Every count covers the tasks the caller may read, the
 * same tasks the target-task lists show, withdrawn tasks left out.
 */

/** 预警类型筛选 (spec 2 §2.7): all tasks, those with a process warning, those with an overdue one. */
export const ANALYSIS_WARNING_FILTERS = ['all', 'process', 'expired'] as const;
export type AnalysisWarningFilter = (typeof ANALYSIS_WARNING_FILTERS)[number];
export const ANALYSIS_WARNING_FILTER_LABELS: Record<AnalysisWarningFilter, string> = {
  all: '全部',
  process: '过程预警',
  expired: '逾期预警',
};

export const ANALYSIS_MESSAGES = {
  year: '年度不正确',
  taskType: '任务类型不正确',
  warningType: '预警类型不正确',
} as const;

/** A select cleared in a form-encoded body arrives as ''; it means "no filter". */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema);

export const GoalAnalysisFilterSchema = z.object({
  yearTargetId: blankAsMissing(requiredId('年度目标').optional()).describe('年度目标编号；缺省为全部'),
  cycleYear: blankAsMissing(
    z.coerce
      .number({ error: ANALYSIS_MESSAGES.year })
      .int({ error: ANALYSIS_MESSAGES.year })
      .min(2000, { error: ANALYSIS_MESSAGES.year })
      .max(2100, { error: ANALYSIS_MESSAGES.year })
      .optional(),
  ).describe('年度；缺省为全部'),
  taskType: blankAsMissing(z.enum(TASK_TYPES, { error: ANALYSIS_MESSAGES.taskType }).optional()).describe(
    '任务类型 A 重点 / B 常规 / C 一般；缺省为全部',
  ),
  warningType: blankAsMissing(
    z.enum(ANALYSIS_WARNING_FILTERS, { error: ANALYSIS_MESSAGES.warningType }).default('all'),
  ).describe('预警类型 all 全部 / process 过程预警 / expired 逾期预警'),
  departmentId: blankAsMissing(requiredId('责任部门').optional()).describe('责任部门编号；缺省为全部'),
});
export type GoalAnalysisFilter = z.output<typeof GoalAnalysisFilterSchema>;

const count = (label: string) => z.number().int().min(0).describe(label);
const percent = (label: string) => z.number().min(0).max(100).describe(`${label}（0–100，两位小数）`);

/** taskStatusAnalysis: how many tasks in each schedule status (with its colour) and each task state. */
export const TaskStatusAnalysisSchema = z.object({
  total: count('任务总数'),
  scheduleStatuses: z
    .array(z.object({ status: z.enum(SCHEDULE_STATUSES).describe('进度状态'), count: count('任务数') }))
    .describe('各进度状态的任务数（未开始、受阻、正常、已完成，顺序固定）'),
  states: z
    .array(z.object({ state: z.enum(YEAR_TASK_STATES).describe('任务状态'), count: count('任务数') }))
    .describe('各任务状态的任务数（待分解、已分解、进行中、已完成，顺序固定）'),
});
export type TaskStatusAnalysis = z.infer<typeof TaskStatusAnalysisSchema>;

const department = {
  departmentId: z.string().describe('部门编号'),
  departmentName: z.string().describe('部门名称'),
  headId: z.string().nullable().describe('部门负责人编号'),
  headName: z.string().nullable().describe('部门负责人'),
};

/** departmentTaskFinishRate: finished / total per responsible department, with the mean node progress. */
export const DepartmentFinishRateSchema = z.object({
  ...department,
  taskCount: count('任务数'),
  finishedCount: count('已完成任务数'),
  unfinishedCount: count('未完成任务数'),
  finishRate: percent('完成率'),
  progress: percent('平均进度：各任务已完成节点占比的平均'),
});
export type DepartmentFinishRate = z.infer<typeof DepartmentFinishRateSchema>;

/** finishRateRank: departments by finish rate, best first; equal rates share a rank (1, 1, 3). */
export const FinishRateRankSchema = z.object({
  rank: z.number().int().min(1).describe('名次'),
  ...department,
  taskCount: count('任务数'),
  finishedCount: count('已完成任务数'),
  finishRate: percent('完成率'),
});
export type FinishRateRank = z.infer<typeof FinishRateRankSchema>;

/**
 * The counts every summary shows. The four schedule counts add up to the task count (a task is
 * unstarted, in progress, overdue or finished); a task counts once under a warning however many of
 * its nodes warn.
 */
const summary = {
  taskCount: count('任务数'),
  finishedCount: count('已完成任务数'),
  inProgressCount: count('进行中任务数（进度正常）'),
  unstartCount: count('未开始任务数'),
  overdueCount: count('逾期任务数（已过结束日期仍未完成，进度受阻）'),
  processWarningCount: count('有过程预警的任务数'),
  expiredWarningCount: count('有逾期预警的任务数（含节点逾期）'),
  finishRate: percent('完成率'),
};
export const AnalysisSummarySchema = z.object(summary);
export type AnalysisSummary = z.infer<typeof AnalysisSummarySchema>;

/** gatherAnaylse: the totals of the filtered tasks. */
export const GatherAnalysisSchema = z.object({
  ...summary,
  departmentCount: count('涉及的责任部门数'),
  progress: percent('平均进度'),
});
export type GatherAnalysis = z.infer<typeof GatherAnalysisSchema>;

/** findAnalyse: the summary per task type (A, B, C, always all three). */
export const TypeAnalysisSchema = z.object({
  type: z.enum(TASK_TYPES).describe('任务类型'),
  ...summary,
});
export type TypeAnalysis = z.infer<typeof TypeAnalysisSchema>;

/** findAnalyseDepartemnt: the summary per responsible department, with its head and mean progress. */
export const DepartmentAnalysisSchema = z.object({
  ...department,
  ...summary,
  progress: percent('平均进度'),
});
export type DepartmentAnalysis = z.infer<typeof DepartmentAnalysisSchema>;

const GridCellSchema = z.object({
  taskCount: count('任务数'),
  finishedCount: count('已完成任务数'),
  overdueCount: count('逾期任务数'),
  finishRate: percent('完成率'),
});
export type GridCell = z.infer<typeof GridCellSchema>;

/** queryGrid: responsible department × task type, each cell its counts and finish rate, with totals. */
export const AnalysisGridSchema = z.object({
  types: z.array(z.enum(TASK_TYPES)).describe('列：任务类型'),
  rows: z
    .array(
      z.object({
        ...department,
        cells: z.array(GridCellSchema).describe('按 types 顺序的各类型单元格'),
        total: GridCellSchema.describe('该部门合计'),
      }),
    )
    .describe('行：责任部门'),
  totals: z.array(GridCellSchema).describe('各类型合计'),
  total: GridCellSchema.describe('总计'),
});
export type AnalysisGrid = z.infer<typeof AnalysisGridSchema>;
