import { describe, expect, it } from 'vitest';
import { type FileType, INTERNAL_SUPPORT_FILE_TYPE } from './file-types.schema.ts';
import { FileTypeWireSchema, fromFileTypeWire, toFileTypeWire } from './file-types.wire.ts';

const builtIn: FileType = {
  id: 't1',
  code: INTERNAL_SUPPORT_FILE_TYPE,
  name: '内部支撑文件',
  description: '诊断任务中上传的支撑材料',
  isEnabled: true,
  isBuiltIn: true,
  sort: 1,
  fileCount: 12,
  createdAt: new Date('2024-09-01T00:00:00.000Z'),
};

const custom: FileType = {
  id: 't2',
  code: null,
  name: '会议纪要',
  description: '',
  isEnabled: false,
  isBuiltIn: false,
  sort: 5,
  fileCount: 0,
  createdAt: new Date('2025-03-10T07:45:00.000Z'),
};

describe('file type wire', () => {
  it('round-trips a built-in type, its name travelling as lxmc', () => {
    const wire = toFileTypeWire(builtIn);
    expect(wire).toMatchObject({
      code: INTERNAL_SUPPORT_FILE_TYPE,
      lxmc: '内部支撑文件',
      description: '诊断任务中上传的支撑材料',
      enableStatus: 1,
      builtIn: 1,
      fileCount: 12,
      createTime: '2024-09-01T00:00:00.000Z',
    });
    expect(FileTypeWireSchema.parse(wire)).toEqual(wire);
    expect(fromFileTypeWire(wire)).toEqual(builtIn);
  });

  it('round-trips a custom type without code, enabled or disabled', () => {
    for (const type of [custom, { ...custom, isEnabled: true }]) {
      const wire = toFileTypeWire(type);
      expect(wire).toMatchObject({ code: null, lxmc: '会议纪要', builtIn: 0, sort: 5 });
      expect(wire.enableStatus).toBe(type.isEnabled ? 1 : 0);
      expect(FileTypeWireSchema.parse(wire)).toEqual(wire);
      expect(fromFileTypeWire(wire)).toEqual(type);
    }
  });
});
