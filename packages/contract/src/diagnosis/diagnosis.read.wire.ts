import type { z } from 'zod';
import type {
  DiagnosisObject,
  DiagnosisObjectWire,
  DiagnosisTask,
  ObjectTask,
  ObjectTaskWire,
  ReviewObjectTask,
  ReviewObjectTaskWire,
  TaskWire,
} from './diagnosis.tasks.wire.ts';
import type {
  WarnCount,
  WarnCountWireSchema,
  WarningRecord,
  WarningRecordWire,
  WarningRow,
  WarningRowWire,
  WarningRule,
} from './diagnosis.warnings.wire.ts';
import type {
  AuditRecord,
  AuditRecordWireSchema,
  QualityFile,
  QualityFileWire,
  QualityRow,
  QualityRowWire,
  Sample,
  SampleWire,
  Sharer,
} from './diagnosis.wire.ts';

/**
 * The reading side of the diagnosis wire: each `fromXWire` turns an answer of `/api/herm-zdgj` back
 * into the English shape of diagnosis.wire.ts (or its -tasks and -warnings siblings), so the web app
 * maps each answer once in its api.ts.
 */

const LEVELS = [1, 2, 3, 4, 5, 6] as const;

export const fromSharerWire = (s: { userId: string; gxrmc: string }): Sharer => ({
  userId: s.userId,
  name: s.gxrmc,
});

export function fromWarningRecordWire(w: WarningRecordWire): WarningRecord {
  return {
    id: w.id,
    warnedAt: w.yjsj,
    warningValue: w.yjz,
    monitoredValue: w.jgz,
    dataType: w.zlx,
    handledAt: w.clsj,
    measure: w.clcs,
    cause: w.yyfx,
    handlerName: w.clrmc,
  };
}

export function fromQualityFileWire(w: QualityFileWire): QualityFile {
  return {
    fileId: w.fileId,
    fileName: w.fileName,
    fileType: w.fileType,
    stage: w.stage,
    size: w.size,
    url: w.url,
  };
}

function fromWarningRuleWire(w: NonNullable<QualityRowWire['warningVo']>): WarningRule {
  return { mode: w.yjlx, condition: w.yjtj, value: w.yjz, period: w.yjzq };
}

/** The indicator path from the flat level fields; it stops at the first level the row lacks. */
function indicatorPathOf(w: QualityRowWire): QualityRow['indicatorPath'] {
  const path: QualityRow['indicatorPath'] = [];
  for (const n of LEVELS) {
    const id = w[`level${n}Id`];
    const name = w[`level${n}Name`];
    if (id === undefined || name === undefined) break;
    path.push({ id, name });
  }
  return path;
}

export function fromQualityRowWire(w: QualityRowWire): QualityRow {
  return {
    id: w.id,
    qualityPointId: w.zkdid,
    name: w.zkdmc,
    connotation: w.nh,
    diagnosticStandard: w.zdbz,
    taskId: w.rwid,
    taskName: w.rwmc,
    objectTaskId: w.dxrwid,
    objectId: w.gzdxid,
    objectName: w.gzdxmc,
    standardValue: w.bzz,
    target: w.mbz,
    revisedTarget: w.xzmbz,
    result: w.jgz,
    revisedResult: w.xzjgz,
    grade: w.jgdj,
    resultSource: w.jgly,
    previousResult: w.sljsz,
    previousGrade: w.sldj,
    below: w.dis,
    unfinished: w.unfin,
    cause: w.yyfx,
    measure: w.gjcs,
    dataType: w.zlx,
    calcMode: w.jsfs,
    direction: w.qwfx,
    calRule: w.calRule,
    collectionMethod: w.cjfs,
    notAllowChange: w.notAllowChange,
    isQuantitative: w.sfdl,
    auditState: w.shzt,
    auditReason: w.shyj,
    focus: w.focus,
    isEdit: w.isEdit,
    chargerId: w.chargerId,
    chargerName: w.chargerName,
    sharers: w.sharePos.map(fromSharerWire),
    // A point without a data source shows its samples as a table, as it always has.
    displayMode: w.datasourceVos[0]?.xsfs ?? 'table',
    warningRule: w.warningVo ? fromWarningRuleWire(w.warningVo) : null,
    warnings: w.warningFlowVos.map(fromWarningRecordWire),
    files: w.qualityFileList.map(fromQualityFileWire),
    indicatorPath: indicatorPathOf(w),
  };
}

export const fromSampleWire = (w: SampleWire): Sample => ({
  id: w.id,
  assignedPointId: w.zgzkdid,
  sampledAt: w.sj,
  value: w.cjz,
  dataType: w.zlx,
  isQuantitative: w.sfdl,
  numericValue: w.ration,
  calRule: w.calRule,
  source: w.source,
  enteredBy: w.enteredBy,
});

export const fromWarningRowWire = (w: WarningRowWire): WarningRow => ({
  assignedPointId: w.zgzkdid,
  pointName: w.zkdmc,
  objectName: w.gzdxmc,
  taskName: w.rwmc,
  dataType: w.zlx,
  warningValue: w.yjz,
  cause: w.yyfx,
  measure: w.clcs,
  allCount: w.allNum,
  handledCount: w.disposeNum,
  handlerName: w.clrmc,
  latestOpenWarningId: w.latestWarningId,
});

export const fromWarnCountWire = (w: z.infer<typeof WarnCountWireSchema>): WarnCount => ({
  all: w.allNum,
  handled: w.disposeNum,
});

export const fromTaskWire = (w: TaskWire): DiagnosisTask => ({
  id: w.id,
  name: w.rwmc,
  level: w.level,
  cycleId: w.cycleId,
  cycleNumber: w.cycleNumber,
  period: w.period,
  startDate: w.startDate,
  endDate: w.endDate,
  state: w.state,
  publisherId: w.publisherId,
  publisherName: w.publisherName,
  objectCount: w.objectCount,
  pointCount: w.pointCount,
  belowCount: w.disCount,
  unfinishedCount: w.unfinCount,
  openWarningCount: w.warnCount,
  createdAt: w.cjsj,
});

export const fromObjectTaskWire = (w: ObjectTaskWire): ObjectTask => ({
  id: w.id,
  taskId: w.rwid,
  taskName: w.rwmc,
  objectId: w.gzdxid,
  objectName: w.gzdxmc,
  level: w.level,
  departmentName: w.departmentName,
  chargerId: w.chargerId,
  chargerName: w.chargerName,
  sharers: w.sharePos.map(fromSharerWire),
  pointCount: w.pointCount,
  belowCount: w.disCount,
  unfinishedCount: w.unfinCount,
  openWarningCount: w.warnCount,
  isEdit: w.isEdit,
});

export const fromReviewObjectTaskWire = (w: ReviewObjectTaskWire): ReviewObjectTask => ({
  id: w.id,
  taskId: w.rwid,
  taskName: w.rwmc,
  objectId: w.gzdxid,
  objectName: w.gzdxmc,
  level: w.level,
  departmentId: w.departmentId,
  departmentName: w.departmentName,
  chargerId: w.chargerId,
  chargerName: w.chargerName,
  submittedCount: w.submittedCount,
  submittedAt: w.submittedAt,
});

export const fromDiagnosisObjectWire = (w: DiagnosisObjectWire): DiagnosisObject => ({
  id: w.id,
  level: w.level,
  code: w.code,
  name: w.name,
  departmentId: w.departmentId,
  departmentName: w.departmentName,
  userId: w.userId,
});

export const fromAuditRecordWire = (w: z.infer<typeof AuditRecordWireSchema>): AuditRecord => ({
  id: w.id,
  action: w.action,
  reason: w.reason,
  actorName: w.actorName,
  time: w.time,
});
