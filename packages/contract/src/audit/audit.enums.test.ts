import { describe, expect, it } from 'vitest';
import { auditResultText } from './audit.enums.ts';
import { LoginLogExportQuerySchema, OperationLogExportQuerySchema } from './audit.schema.ts';

describe('audit result text', () => {
  it('says 成功, or 失败 with the error code', () => {
    expect(auditResultText('success')).toBe('成功');
    expect(auditResultText('40300')).toBe('失败（40300）');
  });
});

describe('export queries', () => {
  it('take the list filters and no paging', () => {
    expect(OperationLogExportQuerySchema.parse({ module: '系统管理', pageNum: '2' })).toEqual({
      module: '系统管理',
    });
    expect(LoginLogExportQuerySchema.parse({ event: 'signIn', result: 'failure' })).toEqual({
      event: 'signIn',
      result: 'failure',
    });
  });
});
