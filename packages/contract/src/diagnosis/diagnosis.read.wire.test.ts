import { describe, expect, it } from 'vitest';
import { fromQualityFileWire, fromSharerWire, fromWarningRecordWire } from './diagnosis.read.wire.ts';
import {
  toWarningRecordWire,
  type WarningRecord,
  WarningRecordWireSchema,
} from './diagnosis.warnings.wire.ts';
import {
  type QualityFile,
  QualityFileWireSchema,
  toQualityFileWire,
  toSharerWire,
} from './diagnosis.wire.ts';

describe('diagnosis reading wire', () => {
  it('round-trips a handled warning record under its spec names', () => {
    const record: WarningRecord = {
      id: 'w1',
      warnedAt: '2026-03-01 08:00:00',
      warningValue: '50',
      monitoredValue: '42',
      dataType: 'percent',
      handledAt: '2026-03-02 09:00:00',
      measure: '已维修',
      cause: '设备故障',
      handlerName: '王老师',
    };
    const wire = toWarningRecordWire(record);
    expect(wire).toMatchObject({ yjz: '50', jgz: '42', yyfx: '设备故障', clcs: '已维修', clrmc: '王老师' });
    expect(WarningRecordWireSchema.parse(wire)).toEqual(wire);
    expect(fromWarningRecordWire(wire)).toEqual(record);
  });

  it('round-trips a sharer (gxrmc is the name)', () => {
    const sharer = { userId: 'u1', name: '李老师' };
    expect(toSharerWire(sharer)).toEqual({ userId: 'u1', gxrmc: '李老师' });
    expect(fromSharerWire(toSharerWire(sharer))).toEqual(sharer);
  });

  it('round-trips a supporting file, whose wire keeps the English names', () => {
    const file: QualityFile = {
      fileId: 'f9',
      fileName: '2025年度课程诊改报告.docx',
      fileType: 'docx',
      stage: 'disqualified',
      size: 20480,
      url: '/api/herm-zdgj/file/download?id=f9',
    };
    const wire = toQualityFileWire(file);
    expect(wire).toEqual({
      fileId: 'f9',
      fileName: '2025年度课程诊改报告.docx',
      fileType: 'docx',
      stage: 'disqualified',
      size: 20480,
      url: '/api/herm-zdgj/file/download?id=f9',
    });
    expect(QualityFileWireSchema.parse(wire)).toEqual(wire);
    expect(fromQualityFileWire(wire)).toEqual(file);
  });
});
