import { z } from 'zod';
import { requiredId } from '../platform/text.ts';
import {
  CALC_MODES,
  DATA_TYPES,
  DIRECTIONS,
  OBJECT_LEVELS,
  WARNING_CONDITIONS,
  WARNING_MODES,
} from '../standards/standards.enums.ts';
import { PEER_TABLE_KINDS } from './analysis.enums.ts';
import { TARGET_BAND_SCOPES } from './target-band.ts';

/**
 * 目标定位 of a quality point (目标标准): the peer band of its linked indicator and its past cycles judged
 * against a proposed target. Not in the spec, so the fields are English (no legacy names to keep).
 */

const BAND_POSITIONS = ['belowP25', 'p25to50', 'p50to75', 'p75to90', 'aboveP90'] as const;
const BandPositionSchema = z.enum(BAND_POSITIONS);

export const TargetBandQuerySchema = z.object({
  pointId: requiredId('质控点'),
  target: z
    .string({ error: '拟定目标值必须是文本' })
    .trim()
    .max(32, { error: '拟定目标值最多只能输入32个字符' })
    .optional()
    .describe('拟定目标值（留空则用质控点当前的标准值）'),
  scope: z
    .enum(TARGET_BAND_SCOPES, { error: '同类院校范围不正确' })
    .default('level')
    .describe('同类院校范围：level 全国同层次，province 同省同层次'),
});
export type TargetBandQuery = z.output<typeof TargetBandQuerySchema>;

const num = (label: string) => z.number().nullable().describe(label);

export const TargetBandYearSchema = z.object({
  year: z.number().int().describe('年份'),
  p25: num('P25'),
  p50: num('P50（中位数）'),
  p75: num('P75'),
  p90: num('P90'),
  count: z.number().int().describe('同类院校数'),
  ownValue: num('本校值'),
  ownSource: z
    .enum(['published', 'result'])
    .nullable()
    .describe('本校值来源：published 年报，result 诊断结果'),
  ownPosition: BandPositionSchema.nullable().describe('本校所处区间'),
});

export const TargetReadingSchema = z.object({
  year: z.number().int().describe('解读所依据的年份'),
  targetPosition: BandPositionSchema.nullable().describe('拟定目标所处区间'),
  suggested: BandPositionSchema.describe('建议区间'),
  suggestedFrom: z.number().describe('建议区间下界（按指标方向）'),
  suggestedTo: z.number().nullable().describe('建议区间上界（空为不设上界）'),
  text: z.string().describe('解读'),
});

export const SimulatedCycleSchema = z.object({
  taskId: z.string().describe('诊断任务id'),
  taskName: z.string().describe('诊断任务名称'),
  period: z.string().describe('周期'),
  endDate: z.string().describe('结束日期'),
  closed: z.boolean().describe('是否已结束'),
  objectCount: z.number().int().describe('诊断对象数'),
  result: z.string().nullable().describe('实际结果（单个对象时）'),
  grade: z.string().nullable().describe('实际等级（单个对象时）'),
  actualTargets: z.array(z.string()).describe('实际目标值'),
  actualBelowCount: z.number().int().describe('实际未达标对象数'),
  simulatedBelowCount: z.number().int().describe('按拟定目标未达标对象数'),
  unfinishedCount: z.number().int().describe('未完成对象数'),
  warningCount: z.number().int().describe('实际预警次数'),
  simulatedWarningCount: z.number().int().describe('按拟定目标的预警次数'),
});

export const TargetBandSchema = z.object({
  point: z
    .object({
      id: z.string().describe('质控点id'),
      name: z.string().describe('质控点名称'),
      level: z.enum(OBJECT_LEVELS).describe('诊断层次'),
      dataType: z.enum(DATA_TYPES).describe('数据类型'),
      direction: z.enum(DIRECTIONS).describe('期望方向'),
      calcMode: z.enum(CALC_MODES).describe('计算方式'),
      currentTarget: z.string().nullable().describe('当前标准值（目标值）'),
      warningMode: z.enum(WARNING_MODES).nullable().describe('预警方式'),
      warningCondition: z.enum(WARNING_CONDITIONS).nullable().describe('预警条件'),
      warningValue: z.string().nullable().describe('预警值'),
    })
    .describe('质控点'),
  proposedTarget: z.string().nullable().describe('拟定目标值（未给出时为当前标准值）'),
  proposedValue: z.number().nullable().describe('拟定目标的数值（是否、有无、等级类为空）'),
  band: z
    .object({
      scope: z.enum(TARGET_BAND_SCOPES).describe('同类院校范围'),
      indicator: z
        .object({
          id: z.string().describe('指标id'),
          name: z.string().describe('指标名称'),
          unit: z.string().describe('单位'),
          direction: z.enum(DIRECTIONS).describe('指标方向'),
          tableKind: z.enum(PEER_TABLE_KINDS).describe('年报表'),
        })
        .nullable()
        .describe('关联的同类院校指标'),
      ownSchool: z
        .object({
          code: z.string().describe('学校标识码'),
          name: z.string().describe('学校名称'),
          province: z.string().describe('省份'),
          level: z.string().describe('办学层次'),
        })
        .nullable()
        .describe('本校'),
      isDemo: z.boolean().describe('是否含演示数据'),
      emptyReason: z.string().nullable().describe('无区间时的原因'),
      years: z.array(TargetBandYearSchema).describe('逐年区间'),
      reading: TargetReadingSchema.nullable().describe('拟定目标的解读'),
    })
    .describe('同类院校区间'),
  simulation: z
    .object({
      warningsFollowTarget: z.boolean().describe('预警是否随目标值变化'),
      note: z.string().describe('说明'),
      cycles: z.array(SimulatedCycleSchema).describe('历史周期（按结束日期）'),
    })
    .describe('按拟定目标回看历史周期'),
});
export type TargetBand = z.output<typeof TargetBandSchema>;
