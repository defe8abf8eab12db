import { z } from 'zod';
import { schoolTime } from '../forms/collect.schema.ts';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { text } from '../platform/text.ts';
import { AUDIT_KINDS, AUDIT_RESULT_FILTERS, LOGIN_EVENTS } from './audit.enums.ts';

/** One entry of the audit trail as the screens read it; times on the school's clock. */
export const AuditEntrySchema = z.object({
  id: z.string().describe('编号'),
  seq: z.string().describe('链上序号'),
  at: z.string().describe('时间 yyyy-MM-dd HH:mm:ss'),
  kind: z.enum(AUDIT_KINDS).describe('日志类别'),
  actorId: z.string().nullable().describe('操作人编号'),
  actorAccount: z.string().nullable().describe('操作人账号（登录失败时为尝试的账号）'),
  actorName: z.string().nullable().describe('操作人姓名（记录时的姓名）'),
  departmentId: z.string().nullable().describe('操作人部门编号'),
  departmentName: z.string().nullable().describe('操作人部门（记录时的名称）'),
  address: z.string().nullable().describe('来源地址'),
  userAgent: z.string().nullable().describe('浏览器'),
  module: z.string().describe('模块'),
  operation: z.string().describe('操作'),
  event: z.enum(LOGIN_EVENTS).nullable().describe('登录事件（登录日志）'),
  method: z.string().describe('请求方法'),
  path: z.string().describe('请求路径'),
  objectIds: z.array(z.string()).describe('涉及对象编号'),
  result: z.string().describe('结果：success 或错误码'),
  detail: z.string().nullable().describe('说明（如登录失败原因）'),
  changes: z.unknown().nullable().describe('修改前后的字段'),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const AuditFilterSchema = PagingQuerySchema.extend({
  from: schoolTime('开始时间').optional(),
  to: schoolTime('结束时间', { endOfDay: true }).optional(),
  person: text('人员（姓名或账号）', 64).optional(),
  departmentId: text('部门', 64).optional(),
  result: z.enum(AUDIT_RESULT_FILTERS, { error: '结果只能是成功或失败' }).optional().describe('结果'),
});

export const OperationLogQuerySchema = AuditFilterSchema.extend({
  module: text('模块', 64).optional(),
  operation: text('操作', 64).optional(),
  /** 最近修改 of an object's page: the entries that name it. */
  objectId: text('涉及对象', 64).optional(),
});
export type OperationLogQuery = z.infer<typeof OperationLogQuerySchema>;

/** 导出操作日志: the list's filters without its paging. */
export const OperationLogExportQuerySchema = OperationLogQuerySchema.omit({ pageNum: true, pageSize: true });
export type OperationLogExportQuery = z.infer<typeof OperationLogExportQuerySchema>;

export const LoginLogQuerySchema = AuditFilterSchema.extend({
  event: z.enum(LOGIN_EVENTS, { error: '登录事件不正确' }).optional().describe('登录事件'),
});
export type LoginLogQuery = z.infer<typeof LoginLogQuerySchema>;

/** 导出登录日志: the list's filters without its paging. */
export const LoginLogExportQuerySchema = LoginLogQuerySchema.omit({ pageNum: true, pageSize: true });
export type LoginLogExportQuery = z.infer<typeof LoginLogExportQuerySchema>;
