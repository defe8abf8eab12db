import { Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { exportOperationLog, useOperationLog } from '../api.ts';
import { operationFilterOf } from '../audit-filter.ts';
import { operationColumns } from '../components/audit-columns.tsx';
import { AuditLogCard } from '../components/audit-log-card.tsx';
import { useAuditList } from '../use-audit-list.ts';

/**
 * 系统管理 › 操作日志: every state-changing request, newest first, for holders of audit.read. An object's
 * 最近修改 links here with the object in the address: the list keeps to it until its tag is closed.
 */
export default function OperationLogPage() {
  const list = useAuditList();
  const [params, setParams] = useSearchParams();
  const objectId = params.get('objectId') || undefined;
  const filter = { ...operationFilterOf(list.filter), ...(objectId ? { objectId } : {}) };
  const { data, isFetching, refetch } = useOperationLog({ ...filter, ...list.paging });
  const scope = objectId ? (
    <Tag
      closable
      color="blue"
      style={{ marginBottom: 12 }}
      onClose={() => {
        list.setPageNum(1);
        setParams({});
      }}
    >
      {`涉及对象：${params.get('objectName') || objectId}`}
    </Tag>
  ) : null;
  return (
    <AuditLogCard
      title="操作日志"
      kind="operation"
      scope={scope}
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
