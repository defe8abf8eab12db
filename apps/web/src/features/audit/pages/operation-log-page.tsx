import { exportOperationLog, useOperationLog } from '../api.ts';
import { operationFilterOf } from '../audit-filter.ts';
import { operationColumns } from '../components/audit-columns.tsx';
import { AuditLogCard } from '../components/audit-log-card.tsx';
import { useAuditList } from '../use-audit-list.ts';

/** 系统管理 › 操作日志: every state-changing request, newest first, for holders of audit.read. */
export default function OperationLogPage() {
  const list = useAuditList();
  const filter = operationFilterOf(list.filter);
  const { data, isFetching, refetch } = useOperationLog({ ...filter, ...list.paging });
  return (
    <AuditLogCard
      title="操作日志"
      kind="operation"
      columns={operationColumns}
      rows={data?.records ?? []}
      total={data?.total ?? 0}
      isLoading={isFetching}
      pageNum={list.pageNum}
      onPage={list.setPageNum}
      onSearch={(next) => list.search(next, refetch)}
      onExport={() => exportOperationLog(filter)}
    />
  );
}
