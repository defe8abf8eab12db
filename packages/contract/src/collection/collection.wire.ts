import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, text } from '../platform/text.ts';
import { COLLECTION_METHODS, DISPLAY_MODES, SAMPLING_PERIODS } from '../standards/standards.enums.ts';
import { GATE_FLAGS, RUN_STATES } from './collection.enums.ts';
import {
  CollectionAlgorithmSchema,
  type CollectionBinding,
  CollectionBindingFieldsSchema,
  type CollectionBindingInput,
  type CollectionChange,
  type CollectionCompare,
  type CollectionCompareInput,
  type CollectionDetailInput,
  CollectionDetailSchema,
  type CollectionRun,
  type CollectionRunInput,
  type CollectionRunValue,
  CollectionStartRunSchema,
  type CollectionTaskPoint,
  type CollectionWhy,
  checkBindingFields,
  SampleLineageSchema,
} from './collection.schema.ts';

/**
 * The requests of the collection endpoints: the diagnosis ids under the names the other herm calls give
 * them (zkdid, zgzkdid, rwid, dxrwids); everything else is English on the wire too.
 */
export const CollectionBindingQuerySchema = z.object({ zkdid: requiredId('质控点') });

export const CollectionBindingBodySchema = z
  .object({ zkdid: requiredId('质控点'), ...CollectionBindingFieldsSchema.shape })
  .superRefine(checkBindingFields);
export type CollectionBindingBody = z.output<typeof CollectionBindingBodySchema>;

export const CollectionRunBodySchema = z.object({
  rwid: requiredId('诊断任务'),
  dxrwids: idList('对象任务').optional(),
  autoApply: flag('无异常时自动入库').optional(),
});

export const CollectionRunPageQuerySchema = PagingQuerySchema.extend({ rwid: requiredId('诊断任务') });
export const CollectionTaskQuerySchema = z.object({ rwid: requiredId('诊断任务') });
export const CollectionWhyQuerySchema = z.object({ zgzkdid: requiredId('质控点') });
export const CollectionDetailQuerySchema = z.object({
  zgzkdid: requiredId('质控点'),
  cycleKey: text('采样周期', 20).optional(),
});

const version = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int({ error: `${label}必须是整数` })
    .min(1, { error: `${label}必须大于0` })
    .describe(label);

/** Side by side: version `fromVersion` and `toVersion` of the point's result algorithm over the task. */
export const CollectionCompareBodySchema = z
  .object({
    rwid: requiredId('诊断任务'),
    zkdid: requiredId('质控点'),
    fromVersion: version('原版本'),
    toVersion: version('新版本'),
  })
  .refine((v) => v.fromVersion !== v.toVersion, { path: ['toVersion'], message: '请选择两个不同的版本' });

export const fromCollectionBindingQueryWire = (query: z.output<typeof CollectionBindingQuerySchema>) => ({
  pointId: query.zkdid,
});
export const fromCollectionTaskQueryWire = (query: z.output<typeof CollectionTaskQuerySchema>) => ({
  taskId: query.rwid,
});
export const fromCollectionRunPageQueryWire = (query: z.output<typeof CollectionRunPageQuerySchema>) => ({
  taskId: query.rwid,
  pageNum: query.pageNum,
  pageSize: query.pageSize,
});
export const fromCollectionWhyQueryWire = (query: z.output<typeof CollectionWhyQuerySchema>) => ({
  assignedPointId: query.zgzkdid,
});

export function fromCollectionBindingBodyWire(body: CollectionBindingBody): CollectionBindingInput {
  const { zkdid, ...fields } = body;
  return { ...fields, pointId: zkdid };
}

export function fromCollectionRunBodyWire(
  body: z.output<typeof CollectionRunBodySchema>,
): CollectionRunInput {
  return { taskId: body.rwid, objectTaskIds: body.dxrwids, autoApply: body.autoApply };
}

export function fromCollectionDetailQueryWire(
  query: z.output<typeof CollectionDetailQuerySchema>,
): CollectionDetailInput {
  return { assignedPointId: query.zgzkdid, cycleKey: query.cycleKey };
}

export function fromCollectionCompareBodyWire(
  body: z.output<typeof CollectionCompareBodySchema>,
): CollectionCompareInput {
  return { taskId: body.rwid, pointId: body.zkdid, fromVersion: body.fromVersion, toVersion: body.toVersion };
}

/**
 * The answers of the collection endpoints. They have no pinyin in the spec, so the wire names are the
 * English ones, except the diagnosis ids the other herm calls already name (zkdid, zgzkdid, rwid).
 */
export const CollectionBindingWireSchema = z.object({
  zkdid: z.string().describe('质控点编号'),
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
export type CollectionBindingWire = z.infer<typeof CollectionBindingWireSchema>;

export const CollectionRunWireSchema = z.object({
  id: z.string().describe('采集批次编号'),
  rwid: z.string().describe('诊断任务编号'),
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
export type CollectionRunWire = z.infer<typeof CollectionRunWireSchema>;

export const CollectionRunValueWireSchema = z.object({
  id: z.string().describe('编号'),
  zgzkdid: z.string().describe('诊改质控点编号'),
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
export type CollectionRunValueWire = z.infer<typeof CollectionRunValueWireSchema>;

/** No pinyin in these: the wire is the English shape. */
export const CollectionStartRunWireSchema = CollectionStartRunSchema;
export const SampleLineageWireSchema = SampleLineageSchema;
export type SampleLineageWire = z.infer<typeof SampleLineageWireSchema>;
export const CollectionDetailWireSchema = CollectionDetailSchema;
export type CollectionDetailWire = z.infer<typeof CollectionDetailWireSchema>;

export const CollectionWhyWireSchema = z.object({
  zgzkdid: z.string().describe('诊改质控点编号'),
  result: z.string().nullable().describe('结果值'),
  grade: z.string().nullable().describe('等级'),
  collectionMethod: z.enum(COLLECTION_METHODS).describe('采集方式'),
  lineage: z.array(SampleLineageWireSchema).describe('各次采样的来源（新的在前）'),
  algorithm: CollectionAlgorithmSchema.nullable().describe('结果算法的当前版本'),
  note: z.string().describe('说明'),
});
export type CollectionWhyWire = z.infer<typeof CollectionWhyWireSchema>;

export const CollectionCompareWireSchema = z.object({
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  cycleKey: z.string().describe('比较的采样周期'),
  objectCount: z.number().int().describe('对象数'),
  changes: z
    .array(
      z.object({
        zgzkdid: z.string(),
        objectName: z.string(),
        objectCode: z.string(),
        fromValue: z.string().nullable(),
        toValue: z.string().nullable(),
        fromGrade: z.string().nullable(),
        toGrade: z.string().nullable(),
        gradeChanged: z.boolean(),
      }),
    )
    .describe('结果或等级会变化的对象'),
});
export type CollectionCompareWire = z.infer<typeof CollectionCompareWireSchema>;

/** A computed point of a task, for choosing what to compare. */
export const CollectionTaskPointWireSchema = z.object({
  zkdid: z.string().describe('质控点编号'),
  pointName: z.string().describe('质控点名称'),
  collectionMethod: z.enum(COLLECTION_METHODS).describe('采集方式'),
  resultGroupId: z.string().nullable().describe('结果算法组'),
});
export type CollectionTaskPointWire = z.infer<typeof CollectionTaskPointWireSchema>;

export function toCollectionBindingWire(b: CollectionBinding): CollectionBindingWire {
  return {
    zkdid: b.pointId,
    pointName: b.pointName,
    collectionMethod: b.collectionMethod,
    displayMode: b.displayMode,
    samplingPeriod: b.samplingPeriod,
    bound: b.bound,
    resultGroupId: b.resultGroupId,
    resultGroupName: b.resultGroupName,
    detailGroupId: b.detailGroupId,
    detailGroupName: b.detailGroupName,
    endpointUrl: b.endpointUrl,
    listPath: b.listPath,
    codeField: b.codeField,
    valueField: b.valueField,
    dateField: b.dateField,
    plausibleMin: b.plausibleMin,
    plausibleMax: b.plausibleMax,
    updateTime: b.updateTime,
  };
}

export function fromCollectionBindingWire(w: CollectionBindingWire): CollectionBinding {
  const { zkdid, ...rest } = w;
  return { pointId: zkdid, ...rest };
}

export function toCollectionRunWire(r: CollectionRun): CollectionRunWire {
  return {
    id: r.id,
    rwid: r.taskId,
    jobId: r.jobId,
    state: r.state,
    actorName: r.actorName,
    objectCount: r.objectCount,
    valueCount: r.valueCount,
    flaggedCount: r.flaggedCount,
    appliedCount: r.appliedCount,
    heldCount: r.heldCount,
    unmappedCodes: r.unmappedCodes,
    message: r.message,
    startTime: r.startTime,
    endTime: r.endTime,
    applyTime: r.applyTime,
  };
}

export function fromCollectionRunWire(w: CollectionRunWire): CollectionRun {
  const { rwid, ...rest } = w;
  return { ...rest, taskId: rwid };
}

export function toCollectionRunValueWire(v: CollectionRunValue): CollectionRunValueWire {
  return {
    id: v.id,
    zgzkdid: v.assignedPointId,
    objectName: v.objectName,
    objectCode: v.objectCode,
    pointName: v.pointName,
    cycleKey: v.cycleKey,
    value: v.value,
    flags: v.flags,
    reasons: v.reasons,
    held: v.held,
    version: v.version,
  };
}

export function fromCollectionRunValueWire(w: CollectionRunValueWire): CollectionRunValue {
  const { zgzkdid, ...rest } = w;
  return { ...rest, assignedPointId: zgzkdid };
}

export function toCollectionWhyWire(w: CollectionWhy): CollectionWhyWire {
  return {
    zgzkdid: w.assignedPointId,
    result: w.result,
    grade: w.grade,
    collectionMethod: w.collectionMethod,
    lineage: w.lineage,
    algorithm: w.algorithm,
    note: w.note,
  };
}

export function fromCollectionWhyWire(w: CollectionWhyWire): CollectionWhy {
  const { zgzkdid, ...rest } = w;
  return { ...rest, assignedPointId: zgzkdid };
}

function toChangeWire(c: CollectionChange): CollectionCompareWire['changes'][number] {
  return {
    zgzkdid: c.assignedPointId,
    objectName: c.objectName,
    objectCode: c.objectCode,
    fromValue: c.fromValue,
    toValue: c.toValue,
    fromGrade: c.fromGrade,
    toGrade: c.toGrade,
    gradeChanged: c.gradeChanged,
  };
}

export function toCollectionCompareWire(c: CollectionCompare): CollectionCompareWire {
  return {
    fromVersion: c.fromVersion,
    toVersion: c.toVersion,
    cycleKey: c.cycleKey,
    objectCount: c.objectCount,
    changes: c.changes.map(toChangeWire),
  };
}

export function fromCollectionCompareWire(w: CollectionCompareWire): CollectionCompare {
  return {
    ...w,
    changes: w.changes.map(({ zgzkdid, ...rest }) => ({ ...rest, assignedPointId: zgzkdid })),
  };
}

export function toCollectionTaskPointWire(p: CollectionTaskPoint): CollectionTaskPointWire {
  return {
    zkdid: p.pointId,
    pointName: p.pointName,
    collectionMethod: p.collectionMethod,
    resultGroupId: p.resultGroupId,
  };
}

export function fromCollectionTaskPointWire(w: CollectionTaskPointWire): CollectionTaskPoint {
  const { zkdid, ...rest } = w;
  return { pointId: zkdid, ...rest };
}
