import { z } from 'zod';
import { DIRECTIONS } from '../standards/standards.enums.ts';
import {
  DEFAULT_ANALYSIS_START_YEAR,
  DEFAULT_DOUBLE_HIGH_RANGE,
  DOUBLE_HIGH_RANGES,
  PEER_TABLE_KINDS,
  SCHOOL_LEVELS,
  SCHOOL_NATURES,
} from './analysis.enums.ts';
import { BAND_POSITION_LABELS, type BandPosition } from './peer-stats.ts';

/**
 * Internal (English) shapes of 对标分析 (spec 2 §7.1 rivalAnalysis, queryOperationMonitoring): the schools
 * and indicators chosen, and the answers of the analyses. The wire shapes are in rival.wire.ts.
 */

export const ANALYSIS_YEAR_MIN = 2000;
export const ANALYSIS_YEAR_MAX = 2100;
/** At most this many schools and indicators in one analysis. */
export const MAX_ANALYSIS_SCHOOLS = 30;
export const MAX_ANALYSIS_INDICATORS = 40;

/** A year of the analyses: 2000–2100. */
export function analysisYear(label: string) {
  return z.coerce
    .number({ error: `${label}必须是年份` })
    .int({ error: `${label}必须是整数年份` })
    .min(ANALYSIS_YEAR_MIN, { error: `${label}应在${ANALYSIS_YEAR_MIN}–${ANALYSIS_YEAR_MAX}年之间` })
    .max(ANALYSIS_YEAR_MAX, { error: `${label}应在${ANALYSIS_YEAR_MIN}–${ANALYSIS_YEAR_MAX}年之间` })
    .describe(label);
}

/** A list given as repeated fields or one comma-joined string (query strings and form bodies alike). */
function codeList(input: { label: string; max: number; min?: number }) {
  const { label, max, min = 0 } = input;
  return z
    .union([z.array(z.string()), z.string()], { error: `${label}格式不正确` })
    .optional()
    .transform((value) => [
      ...new Set(
        (Array.isArray(value) ? value : (value ?? '').split(',')).map((v) => v.trim()).filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(64, { error: `${label}编号过长` }))
        .min(min, { error: `请选择${label}` })
        .max(max, { error: `最多选择${max}个${label}` }),
    )
    .describe(`${label}（逗号分隔，最多${max}个）`);
}

export const schoolCodeList = (min = 0) =>
  codeList({ label: '学校', max: MAX_ANALYSIS_SCHOOLS, min }).describe(
    `学校标识码（逗号分隔，最多${MAX_ANALYSIS_SCHOOLS}所；本校总会列出）`,
  );
export const indicatorIdList = (min = 1) =>
  codeList({ label: '指标', max: MAX_ANALYSIS_INDICATORS, min }).describe(
    `指标编号（逗号分隔，最多${MAX_ANALYSIS_INDICATORS}个）`,
  );

const currentYear = () => new Date().getFullYear();
const startYear = analysisYear('起始年份').default(DEFAULT_ANALYSIS_START_YEAR);
const endYear = analysisYear('结束年份').default(currentYear);
const yearOrder = { error: '起始年份不能晚于结束年份', path: ['startYear'] };
const inOrder = (q: { startYear: number; endYear: number }) => q.startYear <= q.endYear;

/** querySchoolRival: the year as a parameter, the schools and indicators in the body (spec: body plus params). */
export const RivalQuerySchema = z.object({ year: analysisYear('年份').default(currentYear) });
export const RivalBodySchema = z.object({
  schoolCodes: schoolCodeList(1),
  indicatorIds: indicatorIdList(1),
});

export const TrendQuerySchema = z
  .object({
    schoolCodes: schoolCodeList(0),
    indicatorIds: indicatorIdList(1),
    startYear,
    endYear,
  })
  .refine(inOrder, yearOrder);
export type TrendQuery = z.output<typeof TrendQuerySchema>;

export const RankQuerySchema = z.object({
  schoolCodes: schoolCodeList(0),
  indicatorId: z
    .string({ error: '请选择指标' })
    .trim()
    .min(1, { error: '请选择指标' })
    .max(64)
    .describe('指标编号'),
  year: analysisYear('年份').default(currentYear),
});
export type RankQuery = z.output<typeof RankQuerySchema>;

export const AverageQuerySchema = TrendQuerySchema;
export type AverageQuery = TrendQuery;

export const DoubleHighRivalQuerySchema = z.object({
  range: z
    .enum(DOUBLE_HIGH_RANGES, { error: '双高档次不正确' })
    .default(DEFAULT_DOUBLE_HIGH_RANGE)
    .describe('双高档次（默认高水平学校建设单位 A 档）'),
  indicatorIds: indicatorIdList(1),
  year: analysisYear('年份').default(currentYear),
});
export type DoubleHighRivalQuery = z.output<typeof DoubleHighRivalQuerySchema>;

export const OperationQuerySchema = z.object({
  year: analysisYear('年份').default(currentYear),
  schoolCodes: schoolCodeList(0).describe('对标学校（不选时为本校同层次、同省份的全部学校）'),
  indicatorIds: indicatorIdList(0).describe('指标编号（不选时为全部指标）'),
});
export type OperationQuery = z.output<typeof OperationQuerySchema>;

/** A school as the analyses show it; the own school is flagged and drawn highlighted. */
export const AnalysisSchoolSchema = z.object({
  code: z.string().describe('学校标识码'),
  name: z.string().describe('学校名称'),
  province: z.string().describe('所在省份'),
  city: z.string().describe('所在城市'),
  level: z.enum(SCHOOL_LEVELS).describe('办学层次'),
  nature: z.enum(SCHOOL_NATURES).describe('办学性质'),
  isOwn: z.boolean().describe('是否本校'),
});
export type AnalysisSchool = z.infer<typeof AnalysisSchoolSchema>;

/** An indicator of the 质量年报 catalogue. */
export const PeerIndicatorSchema = z.object({
  id: z.string().describe('指标编号'),
  tableKind: z.enum(PEER_TABLE_KINDS).describe('所属报表'),
  name: z.string().describe('指标名称'),
  unit: z.string().describe('单位'),
  direction: z.enum(DIRECTIONS).describe("方向：'>' 越大越好，'<' 越小越好"),
  sortOrder: z.number().int().describe('排序'),
  pointId: z.string().nullable().describe('关联的本校质控点（其学校层面结果即本校的值）'),
  pointName: z.string().nullable().describe('关联质控点名称'),
});
export type PeerIndicator = z.infer<typeof PeerIndicatorSchema>;

const value = z.number().nullable().describe('指标值（未公布时为空）');

/** One cell of the rival table: a school's value of an indicator and its rank among the table's schools. */
export const RivalCellSchema = z.object({
  indicatorId: z.string().describe('指标编号'),
  value,
  rank: z.number().int().nullable().describe('名次（按指标方向；并列同名次；无值为空）'),
});
export type RivalCell = z.infer<typeof RivalCellSchema>;

export const IndicatorAverageSchema = z.object({
  indicatorId: z.string().describe('指标编号'),
  value: z.number().nullable().describe('平均值（只计有值的学校）'),
  count: z.number().int().describe('有值的学校数'),
});
export type IndicatorAverage = z.infer<typeof IndicatorAverageSchema>;

/** 竞争对手分析 / 双高对标: the schools × indicators of one year, each cell ranked, and the average row. */
export const RivalTableSchema = z.object({
  year: z.number().int().describe('年份'),
  isDemo: z.boolean().describe('是否用到了演示数据'),
  indicators: z.array(PeerIndicatorSchema).describe('指标（按所选顺序）'),
  schools: z.array(AnalysisSchoolSchema).describe('学校（本校在前）'),
  rows: z
    .array(z.object({ schoolCode: z.string().describe('学校标识码'), cells: z.array(RivalCellSchema) }))
    .describe('每校一行，每个指标一格'),
  average: z.array(IndicatorAverageSchema).describe('平均值行（表中本校以外的学校）'),
});
export type RivalTable = z.infer<typeof RivalTableSchema>;

export const DoubleHighTableSchema = RivalTableSchema.extend({
  range: z.enum(DOUBLE_HIGH_RANGES).describe('双高档次'),
});
export type DoubleHighTable = z.infer<typeof DoubleHighTableSchema>;

/** 趋势分析: one series per school and indicator over the years. */
export const TrendAnalysisSchema = z.object({
  startYear: z.number().int(),
  endYear: z.number().int(),
  years: z.array(z.number().int()).describe('年份（起止之间的每一年）'),
  isDemo: z.boolean().describe('是否用到了演示数据'),
  indicators: z.array(PeerIndicatorSchema),
  schools: z.array(AnalysisSchoolSchema).describe('学校（本校在前）'),
  series: z
    .array(
      z.object({
        indicatorId: z.string(),
        schoolCode: z.string(),
        values: z.array(z.number().nullable()).describe('与 years 一一对应'),
      }),
    )
    .describe('序列'),
});
export type TrendAnalysis = z.infer<typeof TrendAnalysisSchema>;

export const RankEntrySchema = z.object({
  schoolCode: z.string(),
  value,
  rank: z.number().int().nullable().describe('所选学校中的名次'),
});
export type RankEntry = z.infer<typeof RankEntrySchema>;

/** 排名分析: one indicator, one year; the chosen schools by rank, and the own school among its whole level. */
export const RankAnalysisSchema = z.object({
  year: z.number().int(),
  isDemo: z.boolean(),
  indicator: PeerIndicatorSchema,
  schools: z.array(AnalysisSchoolSchema),
  ranks: z.array(RankEntrySchema).describe('按名次排列（无值的在后）'),
  levelRank: z
    .object({
      level: z.string().describe('本校办学层次'),
      rank: z.number().int().nullable().describe('本校在同层次全部有值学校中的名次'),
      count: z.number().int().describe('同层次有值的学校数（名次的分母）'),
      total: z.number().int().describe('高校名录中同层次的学校数（含无数据的）'),
    })
    .nullable()
    .describe(
      '本校在同层次有数据的学校中的名次（如 有数据的 29 所中第 10，名录中共 1,556 所）；未设置本校时为空',
    ),
});
export type RankAnalysis = z.infer<typeof RankAnalysisSchema>;

/** 均值分析: per indicator and year, the own school's value against the chosen schools' average. */
export const AverageAnalysisSchema = z.object({
  startYear: z.number().int(),
  endYear: z.number().int(),
  years: z.array(z.number().int()),
  isDemo: z.boolean(),
  indicators: z.array(PeerIndicatorSchema),
  schools: z.array(AnalysisSchoolSchema).describe('本校与所选学校'),
  items: z.array(
    z.object({
      indicatorId: z.string(),
      points: z.array(
        z.object({
          year: z.number().int(),
          own: value.describe('本校的值'),
          average: z.number().nullable().describe('所选学校（不含本校）的平均值'),
          count: z.number().int().describe('有值的所选学校数'),
        }),
      ),
    }),
  ),
});
export type AverageAnalysis = z.infer<typeof AverageAnalysisSchema>;

export const BAND_POSITIONS = Object.keys(BAND_POSITION_LABELS) as [BandPosition, ...BandPosition[]];

/** The trend of the own school's value against last year in the indicator's direction. */
export const MONITOR_TRENDS = ['better', 'worse', 'same'] as const;
export type MonitorTrend = (typeof MONITOR_TRENDS)[number];
export const MONITOR_TREND_LABELS: Record<MonitorTrend, string> = {
  better: '向好',
  worse: '下滑',
  same: '持平',
};

/** Whose values the peers' percentiles are drawn from. */
export const PEER_SCOPES = ['chosen', 'levelProvince'] as const;
export type PeerScope = (typeof PEER_SCOPES)[number];
export const PEER_SCOPE_LABELS: Record<PeerScope, string> = {
  chosen: '所选学校',
  levelProvince: '本校同层次、同省份的学校',
};

/** 运行监测: the own school's indicators this year against last year and the peers' P50. */
export const OperationMonitoringSchema = z.object({
  year: z.number().int(),
  isDemo: z.boolean(),
  ownSchool: AnalysisSchoolSchema.nullable().describe('本校（未设置时为空）'),
  peerScope: z.enum(PEER_SCOPES).describe('对标范围'),
  peerCount: z.number().int().describe('对标学校数'),
  items: z.array(
    z.object({
      indicator: PeerIndicatorSchema,
      value: value.describe('本校今年的值'),
      previous: value.describe('本校去年的值'),
      change: z.number().nullable().describe('较去年的变化（今年 − 去年）'),
      trend: z.enum(MONITOR_TRENDS).nullable().describe('按指标方向：向好、下滑、持平'),
      p50: z.number().nullable().describe('对标学校今年的 P50'),
      position: z.enum(BAND_POSITIONS).nullable().describe('本校在对标学校百分位中的位置'),
    }),
  ),
});
export type OperationMonitoring = z.infer<typeof OperationMonitoringSchema>;
