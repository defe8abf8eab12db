import type { z } from 'zod';
import { type AuditEntry, AuditEntrySchema } from './audit.schema.ts';

/**
 * The spec has no audit screens, so the wire keeps the English names (DESIGN §3: designed in the spec's
 * style where it is silent); the mappers exist so that a later rename stays in this file.
 */
export const AuditEntryWireSchema = AuditEntrySchema;
export type AuditEntryWire = z.infer<typeof AuditEntryWireSchema>;

export function toAuditEntryWire(entry: AuditEntry): AuditEntryWire {
  return {
    id: entry.id,
    seq: entry.seq,
    at: entry.at,
    kind: entry.kind,
    actorId: entry.actorId,
    actorAccount: entry.actorAccount,
    actorName: entry.actorName,
    departmentId: entry.departmentId,
    departmentName: entry.departmentName,
    address: entry.address,
    userAgent: entry.userAgent,
    module: entry.module,
    operation: entry.operation,
    event: entry.event,
    method: entry.method,
    path: entry.path,
    objectIds: entry.objectIds,
    result: entry.result,
    detail: entry.detail,
    changes: entry.changes,
  };
}

export function fromAuditEntryWire(wire: AuditEntryWire): AuditEntry {
  return {
    id: wire.id,
    seq: wire.seq,
    at: wire.at,
    kind: wire.kind,
    actorId: wire.actorId,
    actorAccount: wire.actorAccount,
    actorName: wire.actorName,
    departmentId: wire.departmentId,
    departmentName: wire.departmentName,
    address: wire.address,
    userAgent: wire.userAgent,
    module: wire.module,
    operation: wire.operation,
    event: wire.event,
    method: wire.method,
    path: wire.path,
    objectIds: wire.objectIds,
    result: wire.result,
    detail: wire.detail,
    changes: wire.changes,
  };
}
