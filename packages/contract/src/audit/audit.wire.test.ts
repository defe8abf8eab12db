import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './audit.schema.ts';
import { AuditEntryWireSchema, fromAuditEntryWire, toAuditEntryWire } from './audit.wire.ts';

const entry: AuditEntry = {
  id: 'a1',
  seq: '42',
  at: '2026-03-16 08:30:05',
  kind: 'operation',
  actorId: 'u1',
  actorAccount: 'admin',
  actorName: '管理员',
  departmentId: 'd1',
  departmentName: '教务处',
  address: '10.0.0.8',
  userAgent: null,
  module: '目标标准',
  operation: '新增质控点',
  event: null,
  method: 'POST',
  path: '/api/herm-mbbz/quality/insert',
  objectIds: ['i1'],
  result: 'success',
  detail: null,
  changes: { before: { name: '旧' }, after: { name: '新' } },
};

describe('audit entry wire', () => {
  it('maps to the wire and back', () => {
    const wire = toAuditEntryWire(entry);
    expect(AuditEntryWireSchema.parse(wire)).toEqual(wire);
    expect(fromAuditEntryWire(wire)).toEqual(entry);
  });
});
