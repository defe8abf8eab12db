import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { text } from '../platform/text.ts';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import { PEER_TABLE_KINDS } from './analysis.enums.ts';
import {
  AnalysisSchoolSchema,
  analysisYear,
  BAND_POSITIONS,
  indicatorIdList,
  PEER_SCOPES,
  PeerIndicatorSchema,
  schoolCodeList,
} from './rival.schema.ts';

/**
 * Internal (English) shapes of the 质量年报 indicators and their values (年报指标, 目标定位). The wire shapes
 * are in peers.wire.ts.
 */

const optionalYear = (label: string) =>
  z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), analysisYear(label).optional());

/** Link an indicator to a quality point of the own school (or unlink it with an empty point). */
export const PeerIndicatorUpdateBodySchema = z.object({
  id: z.string({ error: '请选择指标' }).trim().min(1, { error: '请选择指标' }).max(64).describe('指标编号'),
  pointId: z
    .string()
    .trim()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null)
    .describe('质控点编号（空为取消关联）'),
});
export type PeerIndicatorUpdateBody = z.output<typeof PeerIndicatorUpdateBodySchema>;

/** 年报数据 filters (indicatorDataShow body and its export's query). */
export const PeerValueFilterSchema = z
  .object({
    keyword: text('学校名称').optional().describe('学校名称（包含）'),
    tableKind: z.enum(PEER_TABLE_KINDS, { error: '报表不正确' }).optional().describe('所属报表'),
    schoolCodes: schoolCodeList(0),
    indicatorIds: indicatorIdList(0).describe('指标编号（不选时为报表或全部指标）'),
    startYear: optionalYear('起始年份'),
    endYear: optionalYear('结束年份'),
  })
  .refine((q) => q.startYear === undefined || q.endYear === undefined || q.startYear <= q.endYear, {
    error: '起始年份不能晚于结束年份',
    path: ['startYear'],
  });
export type PeerValueFilter = z.output<typeof PeerValueFilterSchema>;
export const PeerValuePageQuerySchema = PagingQuerySchema;

/** Which schools of the directory have a value of the chosen indicators in the chosen years (选择学校's 有数据). */
export const SchoolsWithDataQuerySchema = z
  .object({
    indicatorIds: indicatorIdList(1),
    startYear: analysisYear('起始年份'),
    endYear: analysisYear('结束年份'),
  })
  .refine((q) => q.startYear <= q.endYear, { error: '起始年份不能晚于结束年份', path: ['startYear'] });
export type SchoolsWithDataQuery = z.output<typeof SchoolsWithDataQuerySchema>;

/** Where a value comes from: an imported (or seeded) report, or the own school's quality point results. */
export const PEER_VALUE_SOURCES = ['import', 'point'] as const;
export type PeerValueSource = (typeof PEER_VALUE_SOURCES)[number];
export const PEER_VALUE_SOURCE_LABELS: Record<PeerValueSource, string> = {
  import: '年报导入',
  point: '质控点结果',
};

/** One school's values of one year: a row of the 年报数据 table. */
export const PeerValueRowSchema = z.object({
  school: AnalysisSchoolSchema,
  year: z.number().int().describe('年份'),
  isDemo: z.boolean().describe('是否含演示数据'),
  values: z.array(
    z.object({
      indicatorId: z.string(),
      value: z.number(),
      source: z.enum(PEER_VALUE_SOURCES).describe('来源'),
      isDemo: z.boolean(),
    }),
  ),
});
export type PeerValueRow = z.infer<typeof PeerValueRowSchema>;

/** 目标定位: one indicator, the peers' percentile bands per year and the own school inside them. */
export const IndicatorBandQuerySchema = z
  .object({
    indicatorId: z
      .string({ error: '请选择指标' })
      .trim()
      .min(1, { error: '请选择指标' })
      .max(64)
      .describe('指标编号'),
    schoolCodes: schoolCodeList(0).describe('对标学校（不选时为本校同层次、同省份的全部学校）'),
    startYear: analysisYear('起始年份').default(2017),
    endYear: analysisYear('结束年份').default(() => new Date().getFullYear()),
  })
  .refine((q) => q.startYear <= q.endYear, { error: '起始年份不能晚于结束年份', path: ['startYear'] });
export type IndicatorBandQuery = z.output<typeof IndicatorBandQuerySchema>;

export const IndicatorBandPointSchema = z.object({
  year: z.number().int(),
  p25: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
  count: z.number().int().describe('有值的对标学校数'),
  own: z.number().nullable().describe('本校的值'),
  position: z.enum(BAND_POSITIONS).nullable().describe('本校所在区间'),
});
export type IndicatorBandPoint = z.infer<typeof IndicatorBandPointSchema>;

export const IndicatorBandSchema = z.object({
  indicator: PeerIndicatorSchema,
  startYear: z.number().int(),
  endYear: z.number().int(),
  isDemo: z.boolean(),
  ownSchool: AnalysisSchoolSchema.nullable(),
  peerScope: z.enum(PEER_SCOPES),
  peerCount: z.number().int().describe('对标学校数（不含本校）'),
  points: z.array(IndicatorBandPointSchema).describe('起止之间的每一年'),
});
export type IndicatorBand = z.infer<typeof IndicatorBandSchema>;

export const PeerImportResultSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  schools: z.number().int().describe('涉及的学校数'),
  values: z.number().int().describe('写入（新增或更新）的指标值数'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});
export type PeerImportResult = z.infer<typeof PeerImportResultSchema>;
