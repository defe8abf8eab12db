import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Result, Table } from 'antd';
import { useCallback, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type ReportJob, type ReportRow, reportKeys, rowKey, useRefreshReports, useReports } from './api.ts';
import { AuditModal } from './audit-modal.tsx';
import { GenerateModal } from './generate-modal.tsx';
import { reportColumns } from './report-columns.tsx';
import { ReportFilters, useReportFilters } from './report-filters.tsx';

/** The reports the caller may see: year targets (publishers, leaders) and tasks (their people). */
export function ReportsTab() {
  const filters = useReportFilters();
  const { keyword, yearTargetId, scope, state, toAudit } = filters.values;
  const reports = useReports({
    pageNum: filters.pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(yearTargetId ? { yearTargetId } : {}),
    ...(scope ? { scope } : {}),
    ...(state ? { state } : {}),
    ...(toAudit ? { toAudit } : {}),
  });
  const act = useAction(reportKeys.all);
  const generate = useDialog<ReportRow>();
  const audit = useDialog<ReportRow>();
  const { started, onStarted, onEnd } = useGenerations();
  const rows = reports.data?.records ?? [];
  const columns = reportColumns(
    { act, started, onEnd, onGenerate: generate.show, onAudit: audit.show },
    rows,
  );

  return (
    <>
      <ReportFilters filters={filters} onRefresh={() => void reports.refetch()} />
      {reports.isError ? (
        <Result status="error" title="加载失败" subTitle={reports.error.message} />
      ) : (
        <Table<ReportRow>
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={reports.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          scroll={{ x: columnsWidth(columns) }}
          pagination={{
            ...PAGINATION,
            current: filters.pageNum,
            total: reports.data?.total ?? 0,
            onChange: filters.setPageNum,
          }}
        />
      )}
      <GenerateModal
        row={generate.target}
        open={generate.open}
        onClose={generate.hide}
        onStarted={onStarted}
      />
      <AuditModal row={audit.target} open={audit.open} onClose={audit.hide} />
    </>
  );
}

/** Generations started here, by row, until they end (a running one from before shows through `row.job`). */
function useGenerations() {
  const refresh = useRefreshReports();
  const [started, setStarted] = useState<Record<string, string>>({});
  const onStarted = useCallback((row: ReportRow, job: ReportJob) => {
    setStarted((s) => ({ ...s, [rowKey(row)]: job.id }));
  }, []);
  const onEnd = useCallback(
    (key: string, job: ReportJob) => {
      if (job.state === 'done') notify.success('报告已生成，可以下载');
      else notify.error(job.message || '报告生成失败，请重试');
      setStarted((s) => {
        const { [key]: _, ...rest } = s;
        return rest;
      });
      void refresh();
    },
    [refresh],
  );
  return { started, onStarted, onEnd };
}
