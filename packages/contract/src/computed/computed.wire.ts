import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, text } from '../platform/text.ts';
import {
  type ComputedBinding,
  ComputedBindingFieldsSchema,
  type ComputedBindingInput,
  ComputedBindingSchema,
  type ComputedChange,
  ComputedChangeSchema,
  type ComputedCompare,
  type ComputedCompareInput,
  ComputedCompareSchema,
  type ComputedDetailInput,
  ComputedDetailSchema,
  type ComputedRun,
  type ComputedRunInput,
  ComputedRunSchema,
  type ComputedRunValue,
  ComputedRunValueSchema,
  ComputedStartRunSchema,
  type ComputedTaskPoint,
  ComputedTaskPointSchema,
  type ComputedWhy,
  ComputedWhySchema,
  checkBindingFields,
  SampleLineageSchema,
} from './computed.schema.ts';

/**
 * The requests of the computed endpoints: the diagnosis ids under the names the other herm calls give
 * them (zkdid, zgzkdid, rwid, dxrwids); everything else is English on the wire too.
 */
export const ComputedBindingQuerySchema = z.object({ zkdid: requiredId('质控点') });

export const ComputedBindingBodySchema = z
  .object({ zkdid: requiredId('质控点'), ...ComputedBindingFieldsSchema.shape })
  .superRefine(checkBindingFields);
export type ComputedBindingBody = z.output<typeof ComputedBindingBodySchema>;

export const ComputedRunBodySchema = z.object({
  rwid: requiredId('诊断任务'),
  dxrwids: idList('对象任务').optional(),
  autoApply: flag('无异常时自动入库').optional(),
});

export const ComputedRunPageQuerySchema = PagingQuerySchema.extend({ rwid: requiredId('诊断任务') });
export const ComputedTaskQuerySchema = z.object({ rwid: requiredId('诊断任务') });
export const ComputedWhyQuerySchema = z.object({ zgzkdid: requiredId('质控点') });
export const ComputedDetailQuerySchema = z.object({
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
export const ComputedCompareBodySchema = z
  .object({
    rwid: requiredId('诊断任务'),
    zkdid: requiredId('质控点'),
    fromVersion: version('原版本'),
    toVersion: version('新版本'),
    cycleKey: text('采样周期', 20).optional().describe('采样周期（空为全部周期）'),
  })
  .refine((v) => v.fromVersion !== v.toVersion, { path: ['toVersion'], message: '请选择两个不同的版本' });

export const fromComputedBindingQueryWire = (query: z.output<typeof ComputedBindingQuerySchema>) => ({
  pointId: query.zkdid,
});
export const fromComputedTaskQueryWire = (query: z.output<typeof ComputedTaskQuerySchema>) => ({
  taskId: query.rwid,
});
export const fromComputedRunPageQueryWire = (query: z.output<typeof ComputedRunPageQuerySchema>) => ({
  taskId: query.rwid,
  pageNum: query.pageNum,
  pageSize: query.pageSize,
});
export const fromComputedWhyQueryWire = (query: z.output<typeof ComputedWhyQuerySchema>) => ({
  assignedPointId: query.zgzkdid,
});

export function fromComputedBindingBodyWire(body: ComputedBindingBody): ComputedBindingInput {
  const { zkdid, ...fields } = body;
  return { ...fields, pointId: zkdid };
}

export function fromComputedRunBodyWire(body: z.output<typeof ComputedRunBodySchema>): ComputedRunInput {
  return { taskId: body.rwid, objectTaskIds: body.dxrwids, autoApply: body.autoApply };
}

export function fromComputedDetailQueryWire(
  query: z.output<typeof ComputedDetailQuerySchema>,
): ComputedDetailInput {
  return { assignedPointId: query.zgzkdid, cycleKey: query.cycleKey };
}

export function fromComputedCompareBodyWire(
  body: z.output<typeof ComputedCompareBodySchema>,
): ComputedCompareInput {
  return {
    taskId: body.rwid,
    pointId: body.zkdid,
    fromVersion: body.fromVersion,
    toVersion: body.toVersion,
    cycleKey: body.cycleKey || undefined,
  };
}

/**
 * The answers of the computed endpoints. They have no pinyin in the spec, so the wire names are the
 * English ones, except the diagnosis ids the other herm calls already name (zkdid, zgzkdid, rwid).
 */
const Binding = ComputedBindingSchema;
export const ComputedBindingWireSchema = z.object({
  zkdid: Binding.shape.pointId,
  ...Binding.omit({ pointId: true }).shape,
});
export type ComputedBindingWire = z.infer<typeof ComputedBindingWireSchema>;

const Run = ComputedRunSchema;
export const ComputedRunWireSchema = z.object({
  id: Run.shape.id,
  rwid: Run.shape.taskId,
  ...Run.omit({ id: true, taskId: true }).shape,
});
export type ComputedRunWire = z.infer<typeof ComputedRunWireSchema>;

const RunValue = ComputedRunValueSchema;
export const ComputedRunValueWireSchema = z.object({
  id: RunValue.shape.id,
  zgzkdid: RunValue.shape.assignedPointId,
  ...RunValue.omit({ id: true, assignedPointId: true }).shape,
});
export type ComputedRunValueWire = z.infer<typeof ComputedRunValueWireSchema>;

/** No pinyin in these: the wire is the English shape. */
export const ComputedStartRunWireSchema = ComputedStartRunSchema;
export const SampleLineageWireSchema = SampleLineageSchema;
export type SampleLineageWire = z.infer<typeof SampleLineageWireSchema>;
export const ComputedDetailWireSchema = ComputedDetailSchema;
export type ComputedDetailWire = z.infer<typeof ComputedDetailWireSchema>;

const Why = ComputedWhySchema;
export const ComputedWhyWireSchema = z.object({
  zgzkdid: Why.shape.assignedPointId,
  ...Why.omit({ assignedPointId: true }).shape,
});
export type ComputedWhyWire = z.infer<typeof ComputedWhyWireSchema>;

const Change = ComputedChangeSchema;
export const ComputedCompareWireSchema = ComputedCompareSchema.extend({
  changes: z
    .array(
      z.object({ zgzkdid: Change.shape.assignedPointId, ...Change.omit({ assignedPointId: true }).shape }),
    )
    .describe('结果或等级会变化的对象和周期'),
});
export type ComputedCompareWire = z.infer<typeof ComputedCompareWireSchema>;

/** A computed point of a task, for choosing what to compare. */
const TaskPoint = ComputedTaskPointSchema;
export const ComputedTaskPointWireSchema = z.object({
  zkdid: TaskPoint.shape.pointId,
  ...TaskPoint.omit({ pointId: true }).shape,
});
export type ComputedTaskPointWire = z.infer<typeof ComputedTaskPointWireSchema>;

export function toComputedBindingWire(b: ComputedBinding): ComputedBindingWire {
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

export function fromComputedBindingWire(w: ComputedBindingWire): ComputedBinding {
  const { zkdid, ...rest } = w;
  return { pointId: zkdid, ...rest };
}

export function toComputedRunWire(r: ComputedRun): ComputedRunWire {
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

export function fromComputedRunWire(w: ComputedRunWire): ComputedRun {
  const { rwid, ...rest } = w;
  return { ...rest, taskId: rwid };
}

export function toComputedRunValueWire(v: ComputedRunValue): ComputedRunValueWire {
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

export function fromComputedRunValueWire(w: ComputedRunValueWire): ComputedRunValue {
  const { zgzkdid, ...rest } = w;
  return { ...rest, assignedPointId: zgzkdid };
}

export function toComputedWhyWire(w: ComputedWhy): ComputedWhyWire {
  return {
    zgzkdid: w.assignedPointId,
    result: w.result,
    grade: w.grade,
    collectionMethod: w.collectionMethod,
    source: w.source,
    rule: w.rule,
    samples: w.samples,
    lineage: w.lineage,
    algorithm: w.algorithm,
    note: w.note,
  };
}

export function fromComputedWhyWire(w: ComputedWhyWire): ComputedWhy {
  const { zgzkdid, ...rest } = w;
  return { ...rest, assignedPointId: zgzkdid };
}

function toChangeWire(c: ComputedChange): ComputedCompareWire['changes'][number] {
  return {
    zgzkdid: c.assignedPointId,
    objectName: c.objectName,
    objectCode: c.objectCode,
    cycleKey: c.cycleKey,
    fromValue: c.fromValue,
    toValue: c.toValue,
    fromGrade: c.fromGrade,
    toGrade: c.toGrade,
    gradeChanged: c.gradeChanged,
  };
}

export function toComputedCompareWire(c: ComputedCompare): ComputedCompareWire {
  return {
    fromVersion: c.fromVersion,
    toVersion: c.toVersion,
    cycleKeys: c.cycleKeys,
    objectCount: c.objectCount,
    comparedCount: c.comparedCount,
    emptyCount: c.emptyCount,
    changes: c.changes.map(toChangeWire),
  };
}

export function fromComputedCompareWire(w: ComputedCompareWire): ComputedCompare {
  return {
    ...w,
    changes: w.changes.map(({ zgzkdid, ...rest }) => ({ ...rest, assignedPointId: zgzkdid })),
  };
}

export function toComputedTaskPointWire(p: ComputedTaskPoint): ComputedTaskPointWire {
  return {
    zkdid: p.pointId,
    pointName: p.pointName,
    collectionMethod: p.collectionMethod,
    resultGroupId: p.resultGroupId,
    versions: p.versions,
    cycleKeys: p.cycleKeys,
  };
}

export function fromComputedTaskPointWire(w: ComputedTaskPointWire): ComputedTaskPoint {
  const { zkdid, ...rest } = w;
  return { pointId: zkdid, ...rest };
}
