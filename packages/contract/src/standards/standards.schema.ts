import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { type CalRuleItem, CalRuleItemSchema } from './cal-rule.ts';
import { pointConfigProblems } from './point-config.ts';
import {
  CALC_MODES,
  CATEGORY_ICONS,
  type CalcMode,
  type CategoryIcon,
  COLLECTION_METHODS,
  type CollectionMethod,
  DATA_TYPES,
  type DataType,
  DIMENSIONS,
  DIRECTIONS,
  DISPLAY_MODES,
  type Dimension,
  type Direction,
  type DisplayMode,
  GRADES,
  type Grade,
  OBJECT_LEVELS,
  type ObjectLevel,
  PERIODS,
  type Period,
  SAMPLING_PERIODS,
  type SamplingPeriod,
  WARNING_CONDITIONS,
  WARNING_MODES,
  type WarningCondition,
  type WarningMode,
} from './standards.enums.ts';

/** Internal (English) shapes of the standards domain. The wire shapes are in standards.wire.ts. */
export interface IndicatorCategory {
  id: string;
  name: string;
  icon: CategoryIcon;
  level: ObjectLevel;
  tableName: string | null;
  sort: number;
  indicatorCount: number;
}

export interface Indicator {
  id: string;
  categoryId: string;
  parentId: string | null;
  code: string | null;
  name: string;
  depth: number;
  sort: number;
  /** 权重 among its siblings for an object task's score (score.ts); null counts as 1. */
  weight: number | null;
}

export interface IndicatorNode extends Indicator {
  pointCount: number;
  children: IndicatorNode[];
}

export interface PointConfig {
  level: ObjectLevel;
  dimension: Dimension;
  period: Period;
  direction: Direction;
  dataType: DataType;
  calcMode: CalcMode;
  samplingPeriod: SamplingPeriod;
  warningPeriod: SamplingPeriod;
  isQuantitative: boolean;
  isJoin: boolean;
  hideNoReachTarget: boolean;
  hideNoCompleteTarget: boolean;
  notAllowChange: boolean;
  isFilePoint: boolean;
  warningMode: WarningMode | null;
  warningCondition: WarningCondition | null;
  warningValue: string | null;
  grades: Grade[];
  calRule: CalRuleItem[];
  collectionMethod: CollectionMethod;
  displayMode: DisplayMode;
  standardValue: string | null;
}

export interface QualityPoint extends PointConfig {
  id: string;
  indicatorId: string;
  code: string | null;
  name: string;
  connotation: string;
  diagnosticStandard: string;
  sort: number;
  categoryId: string;
  categoryName: string;
  /** Names of the indicator path, level 1 first. */
  indicatorPath: Array<{ id: string; name: string }>;
}

export interface CycleType {
  id: string;
  name: string;
  sort: number;
}

export interface Cycle {
  id: string;
  typeId: string;
  typeName: string;
  number: string;
  isDefault: boolean;
  isHidden: boolean;
  sort: number;
}

export interface DimensionType {
  id: string;
  name: string;
  displayName: string;
  sort: number;
}

// ---------------------------------------------------------------------------------------------
// request schemas (field names are the wire's)

const sort = z.coerce
  .number({ error: '排序必须是数字' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(99999, { error: '排序不能大于99999' })
  .optional()
  .describe('排序');

/** An option of an enum with a Chinese message naming the field. */
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label}不正确` }).describe(label);

/** Empty string → null, so a form may clear an optional choice. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.enum(values, { error: `${label}不正确` }).nullable(),
    )
    .describe(label);

export const StandardIdParamsSchema = z.object({ id: requiredId('记录') });
export const StandardIdQuerySchema = z.object({ id: requiredId('记录') });
export const StandardIdsBodySchema = z.object({
  ids: idList('编号').pipe(z.array(z.string()).min(1, { error: '请选择记录' })),
});

// categories

export const CategoryBodySchema = z.object({
  name: requiredText('分类名称'),
  icon: choice(CATEGORY_ICONS, '分类图标'),
  level: choice(OBJECT_LEVELS, '层级'),
  tableName: text('数据表名称', TEXT_LIMITS.default).optional().describe('数据表名称'),
  sort,
});
export const CategoryUpdateBodySchema = CategoryBodySchema.extend({ id: requiredId('分类') });

// indicators

export const INDICATOR_WEIGHT_MAX = 10000;

/**
 * Why a value is no indicator weight (权重): a positive number, at most two decimals, within the bound;
 * null when it is one. The form, the API and the Excel import all ask this.
 */
export function indicatorWeightError(value: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return '权重须为大于0的数字';
  if (value > INDICATOR_WEIGHT_MAX) return `权重不能大于${INDICATOR_WEIGHT_MAX}`;
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return '权重最多两位小数';
  return null;
}

/**
 * 权重 on the wire (`qz`): a number, or null / '' to clear it (null counts as 1); left out, an update
 * keeps the stored one. Form-encoded bodies carry it as text.
 */
const weight = z
  .preprocess(
    (value) =>
      value === '' || value === null ? null : typeof value === 'string' ? Number(value.trim()) : value,
    z
      .number({ error: '权重必须是数字' })
      .nullable()
      .superRefine((value, ctx) => {
        const error = value === null ? null : indicatorWeightError(value);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      }),
  )
  .optional()
  .describe('权重（选填，大于0，最多两位小数；为空时按1计）');

export const IndicatorTreeQuerySchema = z.object({ categoryId: requiredId('分类') });
export const IndicatorBodySchema = z.object({
  categoryId: requiredId('分类'),
  parentId: z.string().trim().max(64).optional().describe('上级指标'),
  name: requiredText('指标名称', TEXT_LIMITS.content),
  code: text('指标编号', TEXT_LIMITS.small).optional().describe('指标编号'),
  qz: weight,
});
export const IndicatorUpdateBodySchema = z.object({
  id: requiredId('指标'),
  name: requiredText('指标名称', TEXT_LIMITS.content),
  code: text('指标编号', TEXT_LIMITS.small).optional().describe('指标编号'),
  qz: weight,
});
export const IndicatorMoveBodySchema = z.object({
  direction: choice(['up', 'down'] as const, '移动方向'),
});

// quality points

export const QualityPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('质控点名称').optional(),
  level: choice(OBJECT_LEVELS, '层级').optional(),
  categoryId: z.string().trim().max(64).optional().describe('分类'),
  indicatorId: z.string().trim().max(64).optional().describe('指标'),
});

/** Form-encoded bodies carry the rule as JSON text. */
const calRule = z
  .preprocess(
    (value) => {
      if (typeof value !== 'string') return value ?? [];
      if (value.trim() === '') return [];
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.array(CalRuleItemSchema, { error: '计算规则格式不正确' }).max(20, { error: '计算规则最多20项' }),
  )
  .describe('计算规则');

const grades = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((v) => v.trim() !== '') : (value ?? [])),
    z.array(z.enum(GRADES, { error: '等级只能是A、B、C、D、Y、N' })),
  )
  .describe('等级');

const optionalValue = (label: string) =>
  z
    .preprocess(
      (value) => (value === undefined || value === null ? null : String(value).trim() || null),
      z
        .string()
        .max(32, { error: `${label}最多只能输入32个字符` })
        .nullable(),
    )
    .describe(label);

const pointFields = {
  indicatorId: requiredId('指标'),
  code: text('质控点编号', TEXT_LIMITS.small).optional().describe('质控点编号'),
  zkdmc: requiredText('质控点名称', TEXT_LIMITS.content),
  nh: text('内涵', TEXT_LIMITS.longContent).optional().describe('内涵'),
  zdbz: text('诊断标准', TEXT_LIMITS.longContent).optional().describe('诊断标准'),
  bzz: optionalValue('标准值'),
  level: choice(OBJECT_LEVELS, '层级').optional(),
  dimension: choice(DIMENSIONS, '维度'),
  period: choice(PERIODS, '周期'),
  direction: choice(DIRECTIONS, '期望方向'),
  dataType: choice(DATA_TYPES, '数据类型'),
  calcMode: choice(CALC_MODES, '计算方式'),
  samplingPeriod: choice(SAMPLING_PERIODS, '采样周期'),
  warningPeriod: choice(SAMPLING_PERIODS, '预警周期'),
  isQuantitative: flag('是否定量').optional(),
  isJoin: flag('是否参与计算').optional(),
  hideNoReachTarget: flag('隐藏未达标').optional(),
  hideNoCompleteTarget: flag('隐藏未完成').optional(),
  notAllowChange: flag('不允许修改目标值').optional(),
  isFilePoint: flag('文件类质控点').optional(),
  warningMode: optionalChoice(WARNING_MODES, '预警方式'),
  warningCondition: optionalChoice(WARNING_CONDITIONS, '预警条件'),
  warningValue: optionalValue('预警值'),
  grades,
  calRule,
  collectionMethod: choice(COLLECTION_METHODS, '采集方式'),
  displayMode: choice(DISPLAY_MODES, '展示方式'),
  sort,
};

type PointBodyShape = {
  dataType: DataType;
  calcMode: CalcMode;
  direction: Direction;
  bzz: string | null;
  warningMode: WarningMode | null;
  warningCondition: WarningCondition | null;
  warningValue: string | null;
  grades: Grade[];
  calRule: CalRuleItem[];
};

/** The cross-field rules of spec 1 §3 (point-config.ts), as zod issues on the field they concern. */
function checkPointConfig(body: PointBodyShape, ctx: z.RefinementCtx) {
  for (const problem of pointConfigProblems({
    dataType: body.dataType,
    calcMode: body.calcMode,
    direction: body.direction,
    standardValue: body.bzz,
    warningMode: body.warningMode,
    warningCondition: body.warningCondition,
    warningValue: body.warningValue,
    grades: body.grades,
    calRule: body.calRule,
  })) {
    ctx.addIssue({ code: 'custom', message: problem.message, path: [WIRE_FIELD[problem.field]] });
  }
}

/** point-config.ts speaks English; the issue names the wire field. */
const WIRE_FIELD = {
  standardValue: 'bzz',
  warningMode: 'warningMode',
  warningCondition: 'warningCondition',
  warningValue: 'warningValue',
  grades: 'grades',
  calRule: 'calRule',
} as const;

export const QualityPointBodySchema = z.object(pointFields).superRefine(checkPointConfig);
export const QualityPointUpdateBodySchema = z
  .object({ ...pointFields, zkdid: requiredId('质控点') })
  .superRefine(checkPointConfig);
export type QualityPointBody = z.output<typeof QualityPointBodySchema>;

// cycles

export const CycleTypeBodySchema = z.object({ lxmc: requiredText('周期类型名称', TEXT_LIMITS.small), sort });
export const CycleTypeUpdateBodySchema = CycleTypeBodySchema.extend({ id: requiredId('周期类型') });
export const CyclePageQuerySchema = PagingQuerySchema.extend({
  typeId: z.string().trim().max(64).optional().describe('周期类型'),
  keyword: text('周期').optional(),
});
export const CycleByTypeNameQuerySchema = z.object({
  typeName: requiredText('周期类型名称', TEXT_LIMITS.small),
  /** Hidden values are left out unless asked for. */
  withHidden: flag('包含隐藏').optional(),
});
export const CycleBodySchema = z.object({
  typeId: requiredId('周期类型'),
  cycleNumber: requiredText('周期', TEXT_LIMITS.small),
  sort,
});
export const CycleUpdateBodySchema = z.object({
  cycleId: requiredId('周期'),
  cycleNumber: requiredText('周期', TEXT_LIMITS.small),
  sort,
});
export const CycleDeleteBodySchema = z.object({ cycleId: requiredId('周期') });
/** Absent status toggles. */
export const CycleStatusBodySchema = z.object({ status: flag('状态').optional() });

// dimensions

export const DimensionPageQuerySchema = PagingQuerySchema.extend({ keyword: text('维度名称').optional() });
export const DimensionDetailQuerySchema = z.object({ pk_Dimension_Id: requiredId('维度') });
export const DimensionBodySchema = z.object({
  dimension_Name: requiredText('维度名称'),
  display_Name: requiredText('显示名称'),
  sort,
});
export const DimensionUpdateBodySchema = DimensionBodySchema.extend({ pk_Dimension_Id: requiredId('维度') });
export const DimensionDeleteBodySchema = z.object({ pk_Dimension_Id: requiredId('维度') });

// Excel import

export const ImportRowErrorSchema = z.object({
  row: z.number().int().describe('行号（含表头，从1起）'),
  column: z.string().describe('列名'),
  message: z.string().describe('原因'),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** Present only when an import has errors: how many in all; `errors` lists the first 1,000. */
export const ImportErrorCountSchema = z
  .number()
  .int()
  .optional()
  .describe('有误之处的总数（有误时给出；errors 只列出前 1000 条）');
