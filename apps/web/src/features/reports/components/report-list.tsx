import {
  QUALITY_REPORT_STATE_LABELS,
  QUALITY_REPORT_STATES,
  type QualityReportState,
  type ReportSummary,
} from '@eduqa/contract';
import { Button, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { usePagedQuery } from '../../../shared/api/use-paged-query.ts';
import { useOpenParam } from '../../../shared/routing/use-open-param.ts';
import {
  type FilterParsers,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
import { ListState } from '../../../shared/ui/list-state.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { columnsWidth } from '../../../shared/ui/table-width.ts';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { fetchReports, type ReportListView, reportKeys } from '../api.ts';
import { BatchGenerateModal } from './batch-generate-modal.tsx';
import { GenerateModal } from './generate-modal.tsx';
import { reportColumns } from './report-columns.tsx';

interface ReportListFilters {
  keyword?: string | undefined;
  state?: QualityReportState | undefined;
}

/** Name and state, kept in the address so a filtered list can be bookmarked and opened from a count. */
const PARSERS: FilterParsers<ReportListFilters> = {
  keyword: textParam(60),
  state: oneOf(QUALITY_REPORT_STATES),
};
const NONE: ReportListFilters = { keyword: undefined, state: undefined };

const TITLES: Record<ReportListView, string> = {
  all: '报告列表',
  todo: '待我评审',
  shared: '分享给我的',
};

/**
 * One of the three report lists: every report the caller may read, those waiting for his review, or
 * those shared with him. Any user of the menu may try 生成报告; the server says why when he may not.
 */
export function ReportList({ view }: { view: ReportListView }) {
  const [{ keyword, state }, setFilters] = useUrlFilters(PARSERS, NONE);
  const { list, page } = usePagedQuery({
    queryKey: reportKeys.list,
    queryFn: fetchReports,
    filters: { view, ...(keyword ? { keyword } : {}), ...(state ? { state } : {}) },
  });
  const act = useAction(reportKeys.all);
  const generate = useDialog<null>();
  const batch = useDialog<null>();
  const navigate = useNavigate();
  // A message's link (`?open=ID`) opens its report as the row's link does.
  useOpenParam((id) => navigate(`view/${id}`));
  const columns = reportColumns({ act });

  return (
    <PageCard
      title={TITLES[view]}
      {...(view === 'all'
        ? {
            add: { label: '生成报告', onClick: () => generate.show(null) },
            actions: <Button onClick={() => batch.show(null)}>批量生成</Button>,
          }
        : {})}
    >
      {list.isError ? (
        <ListState isLoading={false} error={list.error} isEmpty={false} onRetry={() => void list.refetch()}>
          {null}
        </ListState>
      ) : (
        <PagedTable<ReportSummary>
          search={{
            placeholder: '报告名称',
            isLive: true,
            initial: keyword,
            onSearch: (text) => setFilters({ keyword: text.trim() || undefined }),
          }}
          filters={
            <Select<QualityReportState>
              aria-label="报告状态"
              placeholder="报告状态"
              allowClear
              style={{ width: 140 }}
              value={state}
              onChange={(value) => setFilters({ state: value })}
              options={QUALITY_REPORT_STATES.map((value) => ({
                value,
                label: QUALITY_REPORT_STATE_LABELS[value],
              }))}
            />
          }
          rowKey="id"
          columns={columns}
          rows={list.data?.records ?? []}
          isLoading={list.isLoading}
          serverPage={page}
          scrollX={columnsWidth(columns)}
          emptyText={
            view === 'todo' ? '暂无待您评审的报告' : view === 'shared' ? '暂无分享给您的报告' : undefined
          }
        />
      )}
      <GenerateModal
        open={generate.open}
        onClose={generate.hide}
        onCreated={(report) => navigate(`view/${report.id}`)}
      />
      <BatchGenerateModal open={batch.open} onClose={batch.hide} />
    </PageCard>
  );
}
