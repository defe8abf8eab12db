import { auditEndpoints, toAuditEntryWire } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { AuditService } from './audit.service.ts';

/** 系统管理 › 操作日志 and 登录日志: only for holders of `audit.read` (the administrator by default). */
export function registerAuditRoutes(router: Router, deps: { audit: AuditService }) {
  const { audit } = deps;
  const readAudit = access.action('audit.read');

  router.route(auditEndpoints.operationLog, readAudit, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return toWirePage(
      await audit.operations({ filter, paging: { pageNum, pageSize } }),
      query,
      toAuditEntryWire,
    );
  });

  router.route(auditEndpoints.loginLog, readAudit, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return toWirePage(await audit.logins({ filter, paging: { pageNum, pageSize } }), query, toAuditEntryWire);
  });

  router.route(auditEndpoints.operationLogExport, readAudit, async ({ query, reply }) => {
    const { fileName, bytes } = await audit.exportOperations(query);
    sendWorkbook(reply, fileName, bytes);
  });

  router.route(auditEndpoints.loginLogExport, readAudit, async ({ query, reply }) => {
    const { fileName, bytes } = await audit.exportLogins(query);
    sendWorkbook(reply, fileName, bytes);
  });
}
