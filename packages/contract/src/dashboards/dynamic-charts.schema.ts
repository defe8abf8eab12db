import { z } from 'zod';
import { requiredId, text } from '../platform/text.ts';

/**
 * 动态图表 (spec 2 §2.8, §7.1 `dynamicYbpDy/updateList`, `query`; §7.2 "Dynamic chart"): the charts of a
 * source (a portrait entry by default), each drawing the rows of its algorithm group's detail algorithm
 * over a date range, in panels 8 of 24 units wide and 353 px high.
 */
export const DYNAMIC_CHART_KINDS = ['line', 'bar', 'pie', 'table', 'number'] as const;
export type DynamicChartKind = (typeof DYNAMIC_CHART_KINDS)[number];

export const DYNAMIC_CHART_SOURCE_TYPES = ['portrayal', 'dashboard'] as const;
export type DynamicChartSourceType = (typeof DYNAMIC_CHART_SOURCE_TYPES)[number];

export const DYNAMIC_CHARTS_MAX = 30;

export interface DynamicChart {
  id: string;
  sourceId: string;
  sourceType: DynamicChartSourceType;
  name: string;
  chartKind: DynamicChartKind;
  algorithmGroupId: string | null;
  algorithmGroupName: string | null;
  /** The detail algorithm's version; null follows the group's current one. */
  algorithmVersion: number | null;
  /** Grid units of a 24-unit row. */
  width: number;
  sortOrder: number;
  updatedAt: Date;
}

/** One chart of an updateList as the service takes it (dynamic-charts.wire.ts maps the request). */
export interface DynamicChartItemInput {
  /** A chart of the source keeps its id; anything else is a new chart. */
  id?: string | undefined;
  name: string;
  chartKind: DynamicChartKind;
  algorithmGroupId: string;
  /** null: the group's current detail version. */
  algorithmVersion: number | null;
  width: number;
}

/** updateList: the source's charts replaced by these, in this order. */
export interface DynamicChartsReplaceInput {
  sourceId: string;
  sourceType: DynamicChartSourceType;
  charts: DynamicChartItemInput[];
}

/** A chart's rows: what the detail algorithm answered for the range (empty: the empty placeholder). */
export interface DynamicChartData {
  columns: string[];
  rows: Array<Record<string, string | number | null>>;
  truncated: boolean;
}

export const DynamicChartSourceTypeSchema = z
  .enum(DYNAMIC_CHART_SOURCE_TYPES, { error: '来源类型不正确' })
  .default('portrayal')
  .describe('来源类型：portrayal 画像，dashboard 仪表盘');

export const DynamicChartQuerySchema = z.object({
  sourceId: requiredId('来源'),
  type: DynamicChartSourceTypeSchema,
});

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const date = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .refine((raw) => DATE_RE.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw), {
      error: `${label}格式不正确，应为 yyyy-MM-dd`,
    })
    .describe(label);

export const DynamicChartDataQuerySchema = z
  .object({
    id: requiredId('图表'),
    startDate: date('开始日期').optional(),
    endDate: date('结束日期').optional(),
    objectId: text('诊断对象', 64)
      .optional()
      .describe('诊断对象（画像的对象；不填为调用者自己的对象或学校）'),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: '开始日期不能晚于结束日期',
    path: ['endDate'],
  });
