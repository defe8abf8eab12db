import { z } from 'zod';
import { ALGORITHM_VERSION_MAX } from '../algorithms/algorithms.schema.ts';
import { requiredId, requiredText, text } from '../platform/text.ts';
import { DYNAMIC_CHART_WIDTH } from './dashboards.enums.ts';
import {
  DYNAMIC_CHART_KINDS,
  DYNAMIC_CHART_SOURCE_TYPES,
  DYNAMIC_CHARTS_MAX,
  type DynamicChart,
  DynamicChartSourceTypeSchema,
  type DynamicChartsReplaceInput,
} from './dynamic-charts.schema.ts';

/**
 * Wire shapes of 动态图表 (`dynamicYbpDy`): the GLOSSARY's names — `sfzid` 算法组 id, `sfbb` its detail
 * version, `lw` the width in grid units, `tbsj` the last update time, `px` the order — English elsewhere.
 */
export const DynamicChartWireSchema = z.object({
  id: z.string().describe('图表编号'),
  sourceId: z.string().describe('来源编号（画像等）'),
  type: z.enum(DYNAMIC_CHART_SOURCE_TYPES).describe('来源类型'),
  name: z.string().describe('图表名称'),
  chartType: z.enum(DYNAMIC_CHART_KINDS).describe('图表类型'),
  sfzid: z.string().nullable().describe('算法组编号'),
  sfzmc: z.string().nullable().describe('算法组名称'),
  sfbb: z.number().int().nullable().describe('详情算法版本（空为当前版本）'),
  lw: z.number().int().describe('宽度（格，每行 24 格）'),
  px: z.number().int().describe('排序'),
  tbsj: z.string().describe('更新时间'),
});
export type DynamicChartWire = z.infer<typeof DynamicChartWireSchema>;

export function toDynamicChartWire(c: DynamicChart): DynamicChartWire {
  return {
    id: c.id,
    sourceId: c.sourceId,
    type: c.sourceType,
    name: c.name,
    chartType: c.chartKind,
    sfzid: c.algorithmGroupId,
    sfzmc: c.algorithmGroupName,
    sfbb: c.algorithmVersion,
    lw: c.width,
    px: c.sortOrder,
    tbsj: c.updatedAt.toISOString(),
  };
}

export function fromDynamicChartWire(w: DynamicChartWire): DynamicChart {
  return {
    id: w.id,
    sourceId: w.sourceId,
    sourceType: w.type,
    name: w.name,
    chartKind: w.chartType,
    algorithmGroupId: w.sfzid,
    algorithmGroupName: w.sfzmc,
    algorithmVersion: w.sfbb,
    width: w.lw,
    sortOrder: w.px,
    updatedAt: new Date(w.tbsj),
  };
}

export const DynamicChartItemBodySchema = z.object({
  id: text('图表', 64).optional(),
  name: requiredText('图表名称'),
  chartType: z.enum(DYNAMIC_CHART_KINDS, { error: '图表类型不正确' }).describe('图表类型'),
  sfzid: requiredId('算法组'),
  sfbb: z.coerce
    .number({ error: '算法版本必须是正整数' })
    .int({ error: '算法版本必须是正整数' })
    .min(1, { error: '算法版本必须是正整数' })
    .max(ALGORITHM_VERSION_MAX, { error: '算法版本不存在' })
    .nullish()
    .describe('详情算法版本（不填则用当前版本）'),
  lw: z.coerce
    .number({ error: '宽度必须是整数' })
    .int({ error: '宽度必须是整数' })
    .min(1, { error: '宽度不能小于1' })
    .max(24, { error: '宽度不能大于24' })
    .default(DYNAMIC_CHART_WIDTH)
    .describe('宽度（格，每行 24 格，默认 8）'),
});

/** updateList: the source's charts replaced by these, in this order. */
export const DynamicChartUpdateBodySchema = z.object({
  sourceId: requiredId('来源'),
  type: DynamicChartSourceTypeSchema,
  list: z
    .array(DynamicChartItemBodySchema, { error: '图表列表格式不正确' })
    .max(DYNAMIC_CHARTS_MAX, { error: `一个来源最多 ${DYNAMIC_CHARTS_MAX} 个图表` })
    .describe('图表（按顺序）'),
});
export type DynamicChartUpdateBody = z.output<typeof DynamicChartUpdateBodySchema>;

export function fromDynamicChartUpdateBodyWire(body: DynamicChartUpdateBody): DynamicChartsReplaceInput {
  return {
    sourceId: body.sourceId,
    sourceType: body.type,
    charts: body.list.map((item) => ({
      id: item.id,
      name: item.name,
      chartKind: item.chartType,
      algorithmGroupId: item.sfzid,
      algorithmVersion: item.sfbb ?? null,
      width: item.lw,
    })),
  };
}

export const DynamicChartDataWireSchema = z.object({
  columns: z.array(z.string()).describe('列名'),
  list: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))
    .describe('数据行（空为暂无数据）'),
  truncated: z.boolean().describe('是否超出行数上限被截断'),
});
