import { describe, expect, it } from 'vitest';
import {
  fromAuditRecordWire,
  fromDiagnosisObjectWire,
  fromObjectTaskWire,
  fromQualityRowWire,
  fromReviewObjectTaskWire,
  fromSampleWire,
  fromTaskWire,
  fromWarnCountWire,
  fromWarningRowWire,
} from './diagnosis.read.wire.ts';
import {
  type DiagnosisObject,
  type DiagnosisTask,
  type ObjectTask,
  type ReviewObjectTask,
  ReviewObjectTaskWireSchema,
  TaskWireSchema,
  toDiagnosisObjectWire,
  toObjectTaskWire,
  toReviewObjectTaskWire,
  toTaskWire,
} from './diagnosis.tasks.wire.ts';
import {
  toWarnCountWire,
  toWarningRowWire,
  type WarningRow,
  WarningRowWireSchema,
} from './diagnosis.warnings.wire.ts';
import {
  type AuditRecord,
  type QualityRow,
  QualityRowWireSchema,
  type Sample,
  SampleWireSchema,
  toAuditRecordWire,
  toQualityRowWire,
  toSampleWire,
} from './diagnosis.wire.ts';

const row: QualityRow = {
  id: 'zg1',
  qualityPointId: 'p1',
  name: '专业对口就业率',
  connotation: '毕业生对口就业的比例',
  diagnosticStandard: '不低于 80%',
  taskId: 't1',
  taskName: '2026 年专业诊断',
  objectTaskId: 'o1',
  objectId: 'm1',
  objectName: '软件技术',
  standardValue: '80%',
  target: '85%',
  revisedTarget: null,
  result: '78%',
  revisedResult: '82%',
  grade: 'B',
  resultSource: 'revised',
  previousResult: '75%',
  previousGrade: 'C',
  below: false,
  unfinished: false,
  cause: '原因',
  measure: '措施',
  dataType: 'percent',
  calcMode: 'result',
  direction: '>',
  calRule: [{ value: '90', dxLevel: 'A' }],
  collectionMethod: 'report',
  notAllowChange: false,
  isQuantitative: true,
  auditState: 'refused',
  auditReason: '数据不完整',
  focus: true,
  isEdit: true,
  chargerId: 'u1',
  chargerName: '赵明',
  sharers: [{ userId: 'u2', name: '钱红' }],
  displayMode: 'line',
  warningRule: { mode: 'result', condition: '<', value: '60%', period: 'month' },
  warnings: [
    {
      id: 'w1',
      warnedAt: '2026-03-01 08:00:00',
      warningValue: '60%',
      monitoredValue: '55%',
      dataType: 'percent',
      handledAt: null,
      measure: null,
      cause: null,
      handlerName: null,
    },
  ],
  files: [{ fileId: 'f1', fileName: '说明.pdf', fileType: 'pdf', stage: 'diagnosis', size: 10, url: '/f1' }],
  indicatorPath: [
    { id: 'i1', name: '专业建设' },
    { id: 'i2', name: '就业质量' },
  ],
};

describe('diagnosis wire mappers', () => {
  it('reads back the quality row it wrote, through the wire schema', () => {
    const wire = QualityRowWireSchema.parse(toQualityRowWire(row));
    expect(wire.zkdmc).toBe(row.name);
    expect(wire.level2Name).toBe('就业质量');
    expect(fromQualityRowWire(wire)).toEqual(row);
  });

  it('shows the samples of a point without a data source as a table', () => {
    const wire = { ...toQualityRowWire(row), datasourceVos: [] };
    expect(fromQualityRowWire(wire).displayMode).toBe('table');
  });

  it('round-trips samples, warning rows and counts', () => {
    const sample: Sample = {
      id: 's1',
      assignedPointId: 'zg1',
      sampledAt: '2026-03-01 08:00:00',
      value: '55%',
      dataType: 'percent',
      isQuantitative: true,
      numericValue: 55,
      calRule: [],
      source: 'typed',
      enteredBy: '王老师',
    };
    expect(fromSampleWire(SampleWireSchema.parse(toSampleWire(sample)))).toEqual(sample);
    const warning: WarningRow = {
      assignedPointId: 'zg1',
      pointName: '专业对口就业率',
      objectName: '软件技术',
      taskName: '2026 年专业诊断',
      dataType: 'percent',
      warningValue: '60%',
      cause: null,
      measure: '措施',
      allCount: 3,
      handledCount: 1,
      handlerName: '赵明',
      latestOpenWarningId: 'w3',
    };
    expect(fromWarningRowWire(WarningRowWireSchema.parse(toWarningRowWire(warning)))).toEqual(warning);
    expect(fromWarnCountWire(toWarnCountWire({ all: 5, handled: 2 }))).toEqual({ all: 5, handled: 2 });
  });

  it('round-trips tasks, object tasks, objects and audit records', () => {
    const task: DiagnosisTask = {
      id: 't1',
      name: '2026 年专业诊断',
      level: 'major',
      cycleId: 'c1',
      cycleNumber: '2026',
      period: '2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      state: 'normal',
      publisherId: 'u1',
      publisherName: '赵明',
      objectCount: 2,
      pointCount: 10,
      belowCount: 1,
      unfinishedCount: 2,
      openWarningCount: 3,
      createdAt: '2026-01-01 08:00:00',
    };
    expect(fromTaskWire(TaskWireSchema.parse(toTaskWire(task)))).toEqual(task);
    const objectTask: ObjectTask = {
      id: 'o1',
      taskId: 't1',
      taskName: task.name,
      objectId: 'm1',
      objectName: '软件技术',
      level: 'major',
      departmentName: '信息学院',
      chargerId: 'u1',
      chargerName: '赵明',
      sharers: [{ userId: 'u2', name: '钱红' }],
      pointCount: 10,
      belowCount: 1,
      unfinishedCount: 2,
      openWarningCount: 3,
      isEdit: false,
    };
    expect(fromObjectTaskWire(toObjectTaskWire(objectTask))).toEqual(objectTask);
    const queued: ReviewObjectTask = {
      id: 'o1',
      taskId: 't1',
      taskName: task.name,
      objectId: 'm1',
      objectName: '软件技术',
      level: 'major',
      departmentId: 'd1',
      departmentName: '信息学院',
      chargerId: 'u1',
      chargerName: '赵明',
      submittedCount: 4,
      submittedAt: '2026-03-01 09:30:00',
    };
    expect(
      fromReviewObjectTaskWire(ReviewObjectTaskWireSchema.parse(toReviewObjectTaskWire(queued))),
    ).toEqual(queued);
    const object: DiagnosisObject = {
      id: 'm1',
      level: 'major',
      code: '510201',
      name: '软件技术',
      departmentId: 'd1',
      departmentName: '信息学院',
      userId: null,
    };
    expect(fromDiagnosisObjectWire(toDiagnosisObjectWire(object))).toEqual(object);
    const audit: AuditRecord = {
      id: 'a1',
      action: 'refuse',
      reason: '缺数据',
      actorName: '赵明',
      time: '2026-03-01',
    };
    expect(fromAuditRecordWire(toAuditRecordWire(audit))).toEqual(audit);
  });
});
