import { exportLoginLog, useLoginLog } from '../api.ts';
import { loginFilterOf } from '../audit-filter.ts';
import { loginColumns } from '../components/audit-columns.tsx';
import { AuditLogCard } from '../components/audit-log-card.tsx';
import { useAuditList } from '../use-audit-list.ts';

/** 系统管理 › 登录日志: sign-ins, their failures, lock-outs, sign-outs and expired sessions, newest first. */
export default function LoginLogPage() {
  const list = useAuditList();
  const filter = loginFilterOf(list.filter);
  const { data, isFetching, refetch } = useLoginLog({ ...filter, ...list.paging });
  return (
    <AuditLogCard
      title="登录日志"
      kind="login"
      columns={loginColumns}
      rows={data?.records ?? []}
      total={data?.total ?? 0}
      isLoading={isFetching}
      pageNum={list.pageNum}
      onPage={list.setPageNum}
      onSearch={(next) => list.search(next, refetch)}
      onExport={() => exportLoginLog(filter)}
    />
  );
}
