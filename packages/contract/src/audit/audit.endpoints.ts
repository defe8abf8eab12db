import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { LoginLogQuerySchema, OperationLogQuerySchema } from './audit.schema.ts';
import { AuditEntryWireSchema } from './audit.wire.ts';

const base = '/api/user/admin/audit';
const tag = '系统管理';

export const auditEndpoints = {
  operationLog: defineEndpoint({
    method: 'GET',
    path: `${base}/operations`,
    summary: '操作日志',
    tag,
    query: OperationLogQuerySchema,
    data: pageOf(AuditEntryWireSchema),
  }),
  loginLog: defineEndpoint({
    method: 'GET',
    path: `${base}/logins`,
    summary: '登录日志',
    tag,
    query: LoginLogQuerySchema,
    data: pageOf(AuditEntryWireSchema),
  }),
};
