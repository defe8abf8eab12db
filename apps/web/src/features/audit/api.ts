import { auditEndpoints, fromAuditEntryWire, type QueryOf } from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';

export type OperationLogQuery = QueryOf<typeof auditEndpoints.operationLog>;
export type LoginLogQuery = QueryOf<typeof auditEndpoints.loginLog>;
export type OperationLogExportQuery = QueryOf<typeof auditEndpoints.operationLogExport>;
export type LoginLogExportQuery = QueryOf<typeof auditEndpoints.loginLogExport>;

/** Query keys of the audit screens; the logs only grow, so nothing here is dropped after a change. */
export const auditKeys = {
  all: ['audit'] as const,
  operations: (query: OperationLogQuery) => ['audit', 'operations', query] as const,
  logins: (query: LoginLogQuery) => ['audit', 'logins', query] as const,
};

export function useOperationLog(query: OperationLogQuery) {
  return useQuery({
    queryKey: auditKeys.operations(query),
    queryFn: async () => {
      const page = await call(auditEndpoints.operationLog, { query });
      return { total: page.total, records: page.records.map(fromAuditEntryWire) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useLoginLog(query: LoginLogQuery) {
  return useQuery({
    queryKey: auditKeys.logins(query),
    queryFn: async () => {
      const page = await call(auditEndpoints.loginLog, { query });
      return { total: page.total, records: page.records.map(fromAuditEntryWire) };
    },
    placeholderData: keepPreviousData,
  });
}

/** 导出Excel of 操作日志 with the list's filters (the server keeps the newest 50,000 and says so when cut). */
export async function exportOperationLog(query: OperationLogExportQuery): Promise<void> {
  saveBlob(await download(auditEndpoints.operationLogExport.path, { query }), '操作日志.xlsx');
}

/** 导出Excel of 登录日志 with the list's filters. */
export async function exportLoginLog(query: LoginLogExportQuery): Promise<void> {
  saveBlob(await download(auditEndpoints.loginLogExport.path, { query }), '登录日志.xlsx');
}
