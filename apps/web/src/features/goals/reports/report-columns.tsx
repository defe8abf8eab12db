import { goalReportsEndpoints as E } from '@eduqa/contract';
import { Button, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { downloadReport, post, type ReportJob, type ReportRow, rowKey, subjectOf } from './api.ts';
import { needsActionColumn, reportActionKinds } from './report-actions.ts';
import { DocumentCell, LevelCell, ReportNameCell, StateCell } from './report-cells.tsx';

const RUNNING_REASON = '报告正在生成，请稍候';

interface ReportColumnsContext {
  act: RunAction;
  /** Generations started on this screen, by row key. */
  started: Record<string, string>;
  onEnd: (key: string, job: ReportJob) => void;
  onGenerate: (row: ReportRow) => void;
  onAudit: (row: ReportRow) => void;
}

/**
 * The columns of the report list; the cells that do more than show a field live in report-cells. The
 * 操作 column is left out when no row of the page has an action (the administrator looking on).
 */
export function reportColumns(
  ctx: ReportColumnsContext,
  rows: readonly ReportRow[],
): TableColumnsType<ReportRow> {
  const columns: TableColumnsType<ReportRow> = [
    { key: 'name', title: '报告名称', width: 210, render: (_, r) => <ReportNameCell row={r} /> },
    {
      // Department over its head, one column: the list fits a 1280 px desk (issue 11).
      key: 'department',
      title: '责任部门 / 负责人',
      width: 120,
      render: (_, r) => (
        <>
          <Typography.Text ellipsis={{ tooltip: r.departmentName }}>
            {r.departmentName ?? '—'}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {r.principalName ?? '—'}
          </Typography.Text>
        </>
      ),
    },
    { key: 'level', title: '自评等级', width: 116, render: (_, r) => <LevelCell row={r} act={ctx.act} /> },
    { key: 'state', title: '状态', width: 76, render: (_, r) => <StateCell row={r} /> },
    {
      key: 'document',
      title: '报告文档',
      width: 140,
      render: (_, r) => (
        <DocumentCell
          row={r}
          jobId={ctx.started[rowKey(r)] ?? (r.job?.state === 'running' ? r.job.id : null)}
          onEnd={(job) => ctx.onEnd(rowKey(r), job)}
        />
      ),
    },
    { key: 'createDate', title: '创建日期', width: 96, render: (_, r) => r.createDate ?? '—' },
  ];
  if (!needsActionColumn(rows)) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      title: '操作',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <ReportActions
          row={r}
          isRunning={Boolean(ctx.started[rowKey(r)]) || r.job?.state === 'running'}
          ctx={ctx}
        />
      ),
    },
  ];
}

/** The row's actions of report-actions.ts as links; a dash where it has none. */
function ReportActions({
  row: r,
  isRunning,
  ctx,
}: {
  row: ReportRow;
  isRunning: boolean;
  ctx: ReportColumnsContext;
}) {
  const kinds = reportActionKinds(r);
  if (kinds.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={0} wrap>
      {kinds.includes('generate') ? (
        <Tooltip title={isRunning ? RUNNING_REASON : undefined}>
          <Button type="link" size="small" disabled={isRunning} onClick={() => ctx.onGenerate(r)}>
            生成
          </Button>
        </Tooltip>
      ) : null}
      {kinds.includes('download') ? (
        <Tooltip title={isRunning ? RUNNING_REASON : undefined}>
          <Button type="link" size="small" disabled={isRunning} onClick={() => void downloadReport(r)}>
            下载
          </Button>
        </Tooltip>
      ) : null}
      {kinds.includes('submit') ? (
        <ConfirmLink
          title="确定提交审核吗？"
          description="提交后在审核完成前不能修改自评等级和重新生成。"
          okText="提交"
          disabledReason={
            !r.levelSelf
              ? '请先选择自评等级'
              : !r.fileId
                ? '请先生成报告'
                : isRunning
                  ? '报告正在生成'
                  : undefined
          }
          onConfirm={async () => {
            await ctx.act(() => post(E.submitAudit, subjectOf(r)), '报告已提交审核');
          }}
        >
          提交审核
        </ConfirmLink>
      ) : null}
      {kinds.includes('audit') ? (
        <Button type="link" size="small" onClick={() => ctx.onAudit(r)}>
          审核
        </Button>
      ) : null}
    </Space>
  );
}
