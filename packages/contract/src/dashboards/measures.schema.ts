import { z } from 'zod';
import { MEASURE_KEYS } from './dashboards.enums.ts';

/** One series of a chart measure. */
export const MeasureSeriesSchema = z.object({
  name: z.string().describe('系列名称'),
  data: z.array(z.number().nullable()).describe('按类目排列的数值，缺值为 null'),
});

/**
 * What a built-in measure (or an algorithm-bound card) answers, whatever draws it: a single number,
 * categories with series (line, bar, pie use the first series), table rows, or a progress ratio.
 */
export const MeasureResultSchema = z.object({
  key: z.string().describe('指标键（内置指标为 MEASURE_KEYS 之一，算法卡片为卡片 id）'),
  label: z.string().describe('指标名称'),
  shape: z.enum(['number', 'series', 'table', 'progress']).describe('数据形态：数字、系列、表格、进度'),
  value: z.number().nullable().optional().describe('数字或进度（百分比 0–100）'),
  unit: z.string().optional().describe('单位'),
  categories: z.array(z.string()).optional().describe('类目（横轴或饼图扇区）'),
  series: z.array(MeasureSeriesSchema).optional().describe('系列'),
  columns: z.array(z.string()).optional().describe('表格列名'),
  rows: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))
    .optional()
    .describe('表格行'),
  isDemo: z.boolean().optional().describe('是否含演示数据'),
  note: z.string().optional().describe('统计范围说明（如年度、诊断任务、对标院校）'),
  asOf: z.string().describe('计算时间（ISO 8601）'),
});
export type MeasureResult = z.infer<typeof MeasureResultSchema>;

export const MeasureKeySchema = z.enum(MEASURE_KEYS, { error: '内置指标不正确' }).describe('内置指标');

/** The columns of the peerRank table (rows are keyed by these names, in this order). */
export const PEER_RANK_COLUMNS = {
  indicator: '指标',
  unit: '单位',
  value: '本校值',
  rank: '排名',
  of: '有数据院校数',
} as const;

/** Query of one built-in measure. */
export const MeasureQuerySchema = z.object({ key: MeasureKeySchema });
export type MeasureQuery = z.infer<typeof MeasureQuerySchema>;

/** Which screen the overview is for: a 画像 entry of kind screen, checked against the caller's screen authority. */
export const ScreenOverviewQuerySchema = z.object({
  screenId: z
    .string()
    .trim()
    .max(64, { error: '大屏 id 不正确' })
    .optional()
    .describe('大屏 id（画像中的大屏条目，须已授权给本人角色）；不传为内置的学校质量总览'),
});
export type ScreenOverviewQuery = z.infer<typeof ScreenOverviewQuerySchema>;

/** 数据大屏 学校概览: every measure of the screen in one answer (one round-trip per refresh). */
export const ScreenOverviewSchema = z.object({
  schoolName: z.string().nullable().describe('本校名称（智能分析设置的本校；未设置为 null）'),
  asOf: z.string().describe('计算时间（ISO 8601）'),
  measures: z.array(MeasureResultSchema).describe('各内置指标，按 MEASURE_KEYS 的顺序'),
});
export type ScreenOverview = z.infer<typeof ScreenOverviewSchema>;
