import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, text } from '../platform/text.ts';
import {
  type CollectionBinding,
  CollectionBindingFieldsSchema,
  type CollectionBindingInput,
  CollectionBindingSchema,
  type CollectionChange,
  CollectionChangeSchema,
  type CollectionCompare,
  type CollectionCompareInput,
  CollectionCompareSchema,
  type CollectionDetailInput,
  CollectionDetailSchema,
  type CollectionRun,
  type CollectionRunInput,
  CollectionRunSchema,
  type CollectionRunValue,
  CollectionRunValueSchema,
  CollectionStartRunSchema,
  type CollectionTaskPoint,
  CollectionTaskPointSchema,
  type CollectionWhy,
  CollectionWhySchema,
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
const Binding = CollectionBindingSchema;
export const CollectionBindingWireSchema = z.object({
  zkdid: Binding.shape.pointId,
  ...Binding.omit({ pointId: true }).shape,
});
export type CollectionBindingWire = z.infer<typeof CollectionBindingWireSchema>;

const Run = CollectionRunSchema;
export const CollectionRunWireSchema = z.object({
  id: Run.shape.id,
  rwid: Run.shape.taskId,
  ...Run.omit({ id: true, taskId: true }).shape,
});
export type CollectionRunWire = z.infer<typeof CollectionRunWireSchema>;

const RunValue = CollectionRunValueSchema;
export const CollectionRunValueWireSchema = z.object({
  id: RunValue.shape.id,
  zgzkdid: RunValue.shape.assignedPointId,
  ...RunValue.omit({ id: true, assignedPointId: true }).shape,
});
export type CollectionRunValueWire = z.infer<typeof CollectionRunValueWireSchema>;

/** No pinyin in these: the wire is the English shape. */
export const CollectionStartRunWireSchema = CollectionStartRunSchema;
export const SampleLineageWireSchema = SampleLineageSchema;
export type SampleLineageWire = z.infer<typeof SampleLineageWireSchema>;
export const CollectionDetailWireSchema = CollectionDetailSchema;
export type CollectionDetailWire = z.infer<typeof CollectionDetailWireSchema>;

const Why = CollectionWhySchema;
export const CollectionWhyWireSchema = z.object({
  zgzkdid: Why.shape.assignedPointId,
  ...Why.omit({ assignedPointId: true }).shape,
});
export type CollectionWhyWire = z.infer<typeof CollectionWhyWireSchema>;

const Change = CollectionChangeSchema;
export const CollectionCompareWireSchema = CollectionCompareSchema.extend({
  changes: z
    .array(
      z.object({ zgzkdid: Change.shape.assignedPointId, ...Change.omit({ assignedPointId: true }).shape }),
    )
    .describe('结果或等级会变化的对象'),
});
export type CollectionCompareWire = z.infer<typeof CollectionCompareWireSchema>;

/** A computed point of a task, for choosing what to compare. */
const TaskPoint = CollectionTaskPointSchema;
export const CollectionTaskPointWireSchema = z.object({
  zkdid: TaskPoint.shape.pointId,
  ...TaskPoint.omit({ pointId: true }).shape,
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
