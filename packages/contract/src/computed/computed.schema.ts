import { z } from 'zod';
import { RESULT_SOURCES, SAMPLE_SOURCES } from '../diagnosis/result-source.ts';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, text } from '../platform/text.ts';
import { COLLECTION_METHODS, DISPLAY_MODES, SAMPLING_PERIODS } from '../standards/standards.enums.ts';
import { GATE_FLAGS, RUN_STATES } from './computed.enums.ts';

const optionalNumber = (label: string) =>
  z
    .union([
      z.coerce
        .number({ error: `${label}必须是数字` })
        .refine(Number.isFinite, { error: `${label}必须是数字` }),
      z.literal('').transform(() => undefined),
      z.null().transform(() => undefined),
    ])
    .optional()
    .describe(label);

/** A JSON path of dotted names ('data.list'), or a field name; empty means the top level. */
const path = (label: string) =>
  text(label, 200)
    .regex(/^[\p{L}\p{N}_$-]*(\.[\p{L}\p{N}_$-]+)*$/u, { error: `${label}只能是以点分隔的字段名` })
    .optional();

export const ComputedBindingPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('关键字').optional(),
  collectionMethod: z.enum(COLLECTION_METHODS, { error: '采集方式不正确' }).optional().describe('采集方式'),
});

/** 采集配置 but the point: the algorithm groups of algorithm/sql points, the endpoint and mapping of interface points. */
export const ComputedBindingFieldsSchema = z.object({
  resultGroupId: text('结果算法组', 64).optional(),
  detailGroupId: text('明细算法组', 64).optional(),
  endpointUrl: text('接口地址', 500).optional(),
  listPath: path('列表路径'),
  codeField: path('对象编码字段'),
  valueField: path('数值字段'),
  dateField: path('日期字段'),
  plausibleMin: optionalNumber('合理范围下限'),
  plausibleMax: optionalNumber('合理范围上限'),
});
export type ComputedBindingFields = z.output<typeof ComputedBindingFieldsSchema>;

/** The rules of a binding's fields beyond each field's own: an ordered range, a web address. */
export function checkBindingFields(value: ComputedBindingFields, ctx: z.RefinementCtx) {
  if (
    value.plausibleMin !== undefined &&
    value.plausibleMax !== undefined &&
    value.plausibleMin > value.plausibleMax
  )
    ctx.addIssue({ code: 'custom', path: ['plausibleMin'], message: '合理范围下限不能大于上限' });
  if (value.endpointUrl && !/^https?:\/\/[^\s]+$/i.test(value.endpointUrl))
    ctx.addIssue({
      code: 'custom',
      path: ['endpointUrl'],
      message: '接口地址必须以 http:// 或 https:// 开头',
    });
}

export const ComputedRunQuerySchema = z.object({ runId: requiredId('采集批次') });
export const ComputedRunValuesQuerySchema = PagingQuerySchema.extend({
  runId: requiredId('采集批次'),
  flaggedOnly: flag('只看异常').optional(),
});

/** Accept a run's values into samples, keeping the held ones out. */
export const ComputedAcceptBodySchema = z.object({
  runId: requiredId('采集批次'),
  heldIds: idList('暂缓的数据').optional(),
});
export const ComputedRunIdBodySchema = z.object({ runId: requiredId('采集批次') });

/**
 * What a service takes once a route has mapped the wire (computed.wire.ts): the point, task and object
 * task ids under English names.
 */
export type ComputedBindingInput = ComputedBindingFields & { pointId: string };
export interface ComputedRunInput {
  taskId: string;
  objectTaskIds?: string[] | undefined;
  autoApply?: boolean | undefined;
}
export interface ComputedDetailInput {
  assignedPointId: string;
  cycleKey?: string | undefined;
}
export interface ComputedCompareInput {
  taskId: string;
  pointId: string;
  fromVersion: number;
  toVersion: number;
  /** One sampling cycle; absent compares every cycle of the task so far. */
  cycleKey?: string | undefined;
}

/** A quality point that is not reported by hand, with its binding (null fields when none is saved). */
export const ComputedBindingSchema = z.object({
  pointId: z.string().describe('质控点编号'),
  pointName: z.string().describe('质控点名称'),
  collectionMethod: z.enum(COLLECTION_METHODS).describe('采集方式'),
  displayMode: z.enum(DISPLAY_MODES).describe('展示方式'),
  samplingPeriod: z.enum(SAMPLING_PERIODS).describe('采样周期'),
  bound: z.boolean().describe('是否已配置'),
  resultGroupId: z.string().nullable().describe('结果算法组'),
  resultGroupName: z.string().nullable().describe('结果算法组名称'),
  detailGroupId: z.string().nullable().describe('明细算法组'),
  detailGroupName: z.string().nullable().describe('明细算法组名称'),
  endpointUrl: z.string().nullable().describe('接口地址'),
  listPath: z.string().nullable().describe('列表路径'),
  codeField: z.string().nullable().describe('对象编码字段'),
  valueField: z.string().nullable().describe('数值字段'),
  dateField: z.string().nullable().describe('日期字段'),
  plausibleMin: z.number().nullable().describe('合理范围下限'),
  plausibleMax: z.number().nullable().describe('合理范围上限'),
  updateTime: z.string().nullable().describe('修改时间'),
});
export type ComputedBinding = z.infer<typeof ComputedBindingSchema>;

export const ComputedRunSchema = z.object({
  id: z.string().describe('采集批次编号'),
  taskId: z.string().describe('诊断任务编号'),
  jobId: z.string().nullable().describe('后台任务编号'),
  state: z.enum(RUN_STATES).describe('状态'),
  actorName: z.string().describe('发起人'),
  objectCount: z.number().int().describe('对象数'),
  valueCount: z.number().int().describe('采集值数'),
  flaggedCount: z.number().int().describe('异常数'),
  appliedCount: z.number().int().describe('入库数'),
  heldCount: z.number().int().describe('暂缓数'),
  unmappedCodes: z.array(z.string()).describe('未匹配到对象的编码'),
  message: z.string().describe('说明'),
  startTime: z.string().describe('开始时间'),
  endTime: z.string().nullable().describe('结束时间'),
  applyTime: z.string().nullable().describe('入库时间'),
});
export type ComputedRun = z.infer<typeof ComputedRunSchema>;

export const ComputedRunValueSchema = z.object({
  id: z.string().describe('编号'),
  assignedPointId: z.string().describe('诊改质控点编号'),
  objectName: z.string().describe('诊断对象'),
  objectCode: z.string().describe('对象编码'),
  pointName: z.string().describe('质控点'),
  cycleKey: z.string().describe('采样周期'),
  value: z.string().nullable().describe('采集值'),
  flags: z.array(z.enum(GATE_FLAGS)).describe('异常标记'),
  reasons: z.array(z.string()).describe('异常原因（没有采集值时即未取得数值的原因）'),
  held: z.boolean().describe('是否暂缓'),
  version: z.number().int().nullable().describe('算法版本'),
});
export type ComputedRunValue = z.infer<typeof ComputedRunValueSchema>;

export const ComputedStartRunSchema = z.object({
  taskId: z.string().describe('后台任务编号（getFutureTaskResult 轮询）'),
  runId: z.string().describe('采集批次编号'),
});
export type ComputedStartRun = z.infer<typeof ComputedStartRunSchema>;

export const SampleLineageSchema = z.object({
  sampleId: z.string().describe('采样编号'),
  sampledAt: z.string().describe('采样时间'),
  value: z.string().describe('采样值'),
  cycleKey: z.string().describe('采样周期'),
  method: z.string().describe('采集方式'),
  groupId: z.string().nullable().describe('算法组'),
  groupName: z.string().nullable().describe('算法组名称'),
  version: z.number().int().nullable().describe('算法版本'),
  sqlHash: z.string().nullable().describe('SQL 摘要'),
  params: z.record(z.string(), z.unknown()).describe('参数'),
  dataSourceName: z.string().nullable().describe('数据源'),
  endpointUrl: z.string().nullable().describe('接口地址'),
  inputRows: z.number().int().describe('输入行数'),
  runId: z.string().nullable().describe('采集批次编号'),
  runLabel: z.string().nullable().describe('采集批次：谁在何时发起的采集'),
  jobId: z.string().nullable().describe('后台任务编号'),
  collectedAt: z.string().describe('采集时间'),
  appliedBy: z.string().nullable().describe('确认入库人'),
});
export type SampleLineage = z.infer<typeof SampleLineageSchema>;

export const ComputedAlgorithmSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  currentVersion: z.number().int(),
  changedBy: z.string().nullable().describe('最后修改人'),
  changedAt: z.string().describe('最后修改时间'),
});

/**
 * Where the result actually used came from (issue 26), by `RESULT_SOURCE_RULE`: a typed sample (who,
 * when), a collected one (its lineage: group, version, run, input rows), the revised value, or nothing.
 */
export const ResultOriginSchema = z.object({
  kind: z.enum(RESULT_SOURCES).describe('来源：手工录入、算法计算、修正结果值或暂无结果'),
  value: z.string().nullable().describe('所用的值'),
  cycleKey: z.string().nullable().describe('所用值的采样周期'),
  sampledAt: z.string().nullable().describe('所用采样的时间'),
  enteredBy: z.string().nullable().describe('录入人或修正人'),
  enteredAt: z.string().nullable().describe('录入或修正时间'),
  lineage: SampleLineageSchema.nullable().describe('算法计算的值的来源'),
});
export type ResultOrigin = z.infer<typeof ResultOriginSchema>;

/** A sample of the point, typed or collected, and what the rule made of it. */
export const WhySampleSchema = z.object({
  sampleId: z.string().describe('采样编号'),
  sampledAt: z.string().describe('采样时间'),
  cycleKey: z.string().describe('采样周期'),
  value: z.string().describe('采样值'),
  source: z.enum(SAMPLE_SOURCES).describe('来源：手工录入或算法计算'),
  enteredBy: z.string().nullable().describe('录入人（手工录入）'),
  enteredAt: z.string().describe('录入或入库时间'),
  used: z.boolean().describe('是否为当前结果所用的采样'),
  replaced: z.boolean().describe('手工录入值是否已被同周期的采集值替换'),
});
export type WhySample = z.infer<typeof WhySampleSchema>;

export const ComputedWhySchema = z.object({
  assignedPointId: z.string().describe('诊改质控点编号'),
  result: z.string().nullable().describe('结果值'),
  grade: z.string().nullable().describe('等级'),
  collectionMethod: z.enum(COLLECTION_METHODS).describe('采集方式'),
  source: ResultOriginSchema.describe('当前结果的来源'),
  rule: z.string().describe('结果取值规则'),
  samples: z.array(WhySampleSchema).describe('全部采样（新的在前），手工录入与算法计算分别标明'),
  lineage: z.array(SampleLineageSchema).describe('各次采样的来源（新的在前）'),
  algorithm: ComputedAlgorithmSchema.nullable().describe('结果算法的当前版本'),
  note: z.string().describe('说明'),
});
export type ComputedWhy = z.infer<typeof ComputedWhySchema>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ComputedDetailSchema = z.object({
  displayMode: z.enum(DISPLAY_MODES).describe('展示方式'),
  cycleKey: z.string().describe('采样周期'),
  version: z.number().int().nullable().describe('明细算法版本'),
  columns: z.array(z.string()).describe('列'),
  rows: z.array(z.record(z.string(), cell)).describe('明细行'),
  truncated: z.boolean().describe('是否截断'),
  elapsedMs: z.number().describe('耗时（毫秒）'),
});
export type ComputedDetail = z.infer<typeof ComputedDetailSchema>;

/** One object in one cycle whose value or grade differs between the two versions (null: 无数据). */
export const ComputedChangeSchema = z.object({
  assignedPointId: z.string().describe('诊改质控点编号'),
  objectName: z.string().describe('诊断对象'),
  objectCode: z.string().describe('对象编码'),
  cycleKey: z.string().describe('采样周期'),
  fromValue: z.string().nullable().describe('原版本结果（空为无数据）'),
  toValue: z.string().nullable().describe('新版本结果（空为无数据）'),
  fromGrade: z.string().nullable().describe('原版本等级'),
  toGrade: z.string().nullable().describe('新版本等级'),
  gradeChanged: z.boolean().describe('等级是否变化'),
});
export type ComputedChange = z.infer<typeof ComputedChangeSchema>;

export const ComputedCompareSchema = z.object({
  fromVersion: z.number().int().describe('原版本'),
  toVersion: z.number().int().describe('新版本'),
  cycleKeys: z.array(z.string()).describe('比较的采样周期（旧的在前）'),
  objectCount: z.number().int().describe('对象数'),
  comparedCount: z.number().int().describe('比较的对象×周期数'),
  emptyCount: z.number().int().describe('两个版本都无数据的对象×周期数'),
  changes: z.array(ComputedChangeSchema).describe('结果或等级会变化的对象和周期'),
});
export type ComputedCompare = z.infer<typeof ComputedCompareSchema>;

/** A version of a result algorithm group, as the compare picker offers it. */
export const ComputedVersionOptionSchema = z.object({
  version: z.number().int().describe('版本号'),
  published: z.boolean().describe('是否已发布（否为草稿）'),
  current: z.boolean().describe('是否当前版本'),
  remark: z.string().describe('版本说明'),
});
export type ComputedVersionOption = z.infer<typeof ComputedVersionOptionSchema>;

/** A computed point of a task, for choosing what to compare: its group's versions and the task's cycles. */
export const ComputedTaskPointSchema = z.object({
  pointId: z.string().describe('质控点编号'),
  pointName: z.string().describe('质控点名称'),
  collectionMethod: z.enum(COLLECTION_METHODS).describe('采集方式'),
  resultGroupId: z.string().nullable().describe('结果算法组'),
  versions: z.array(ComputedVersionOptionSchema).describe('结果算法组的版本（新的在前）'),
  cycleKeys: z.array(z.string()).describe('任务至今的采样周期（旧的在前）'),
});
export type ComputedTaskPoint = z.infer<typeof ComputedTaskPointSchema>;
