import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { AUDIT_EXPORT_MAX_ROWS } from './audit.enums.ts';
import {
  LoginLogExportQuerySchema,
  LoginLogQuerySchema,
  OperationLogExportQuerySchema,
  OperationLogQuerySchema,
} from './audit.schema.ts';
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
  operationLogExport: defineEndpoint({
    method: 'GET',
    path: `${base}/operations/export`,
    summary: `导出操作日志（Excel，按筛选条件，最新的至多 ${AUDIT_EXPORT_MAX_ROWS} 条）`,
    tag,
    query: OperationLogExportQuerySchema,
    download: true,
    data: z.unknown(),
  }),
  loginLog: defineEndpoint({
    method: 'GET',
    path: `${base}/logins`,
    summary: '登录日志',
    tag,
    query: LoginLogQuerySchema,
    data: pageOf(AuditEntryWireSchema),
  }),
  loginLogExport: defineEndpoint({
    method: 'GET',
    path: `${base}/logins/export`,
    summary: `导出登录日志（Excel，按筛选条件，最新的至多 ${AUDIT_EXPORT_MAX_ROWS} 条）`,
    tag,
    query: LoginLogExportQuerySchema,
    download: true,
    data: z.unknown(),
  }),
};
