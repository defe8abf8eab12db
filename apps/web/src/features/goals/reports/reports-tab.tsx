import {
  reportsEndpoints as E,
  REPORT_LEVEL_LABELS,
  REPORT_LEVELS,
  REPORT_SCOPE_LABELS,
  REPORT_SCOPES,
  REPORT_STATE_COLORS,
  REPORT_STATE_LABELS,
  REPORT_STATES,
  type ReportLevel,
  type ReportScope,
  type ReportState,
  TABLE_EMPTY_TEXT,
} from '@eduqa/contract';
import {
  Button,
  Input,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback, useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { YearTargetSelect } from '../components/year-target-select.tsx';
import {
  downloadReport,
  post,
  type ReportJob,
  type ReportRow,
  reportJobStatus,
  reportKeys,
  rowKey,
  subjectOf,
  useRefreshReports,
  useReports,
} from './api.ts';
import { AuditModal } from './audit-modal.tsx';
import { GenerateModal } from './generate-modal.tsx';

const isOpen = (state: ReportState) => state === 'draft' || state === 'rejected';

/** The reports the caller may see: year targets (publishers, leaders) and tasks (their people). */
export function ReportsTab() {
  const [keyword, setKeyword] = useState<string | undefined>();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [scope, setScope] = useState<ReportScope | undefined>();
  const [state, setState] = useState<ReportState | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const reports = useReports({
    pageNum,
    pageSize: PAGE_SIZE,
    ...(keyword ? { keyword } : {}),
    ...(yearTargetId ? { yearTargetId } : {}),
    ...(scope ? { scope } : {}),
    ...(state ? { state } : {}),
  });
  const act = useAction(reportKeys.all);
  const refresh = useRefreshReports();
  const generate = useDialog<ReportRow>();
  const audit = useDialog<ReportRow>();
  /** Generations started here, by row, until they end (a running one from before shows through `row.job`). */
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
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNum(1);
    };

  const columns: TableColumnsType<ReportRow> = [
    {
      key: 'name',
      title: '报告名称',
      width: 270,
      render: (_, r) => {
        const name = r.taskName ?? r.yearTargetName;
        return (
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: name }} style={{ display: 'block' }}>
              {name}
            </Typography.Text>
            <Space size={4} style={{ marginTop: 2 }}>
              <Tag color={r.scope === 'yearTarget' ? 'blue' : 'cyan'} style={{ marginInlineEnd: 0 }}>
                {r.scopeName}
              </Tag>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12, maxWidth: 190 }}
                ellipsis={{ tooltip: r.yearTargetName }}
              >
                {r.taskName ? `${r.cycleYear}年 · ${r.yearTargetName}` : `${r.cycleYear}年`}
              </Typography.Text>
            </Space>
          </div>
        );
      },
    },
    {
      key: 'department',
      title: '责任部门',
      width: 120,
      ellipsis: true,
      render: (_, r) => r.departmentName ?? '—',
    },
    { key: 'principal', title: '负责人', width: 80, render: (_, r) => r.principalName ?? '—' },
    {
      key: 'level',
      title: '自评等级',
      width: 124,
      render: (_, r) =>
        r.canEdit && isOpen(r.state) ? (
          <Select<ReportLevel>
            aria-label="自评等级"
            size="small"
            placeholder="请选择"
            style={{ width: 110 }}
            value={r.levelSelf ?? undefined}
            onChange={(levelSelf) =>
              void act(
                () => post(E.updateLevelSelf, { ...subjectOf(r), levelSelf }),
                // The document shows the level, so the server unlinks an outdated one.
                r.fileId && r.levelSelf !== levelSelf ? '自评等级已保存，请重新生成报告' : '自评等级已保存',
              )
            }
            options={REPORT_LEVELS.map((value) => ({
              value,
              label: `${value} ${REPORT_LEVEL_LABELS[value]}`,
            }))}
          />
        ) : r.levelSelf ? (
          `${r.levelSelf} ${r.levelSelfName}`
        ) : (
          '未自评'
        ),
    },
    {
      key: 'state',
      title: '状态',
      width: 84,
      render: (_, r) => (
        <Tooltip title={r.opinion ? `审核意见：${r.opinion}` : undefined}>
          <div>
            <Tag color={REPORT_STATE_COLORS[r.state]}>{r.stateName}</Tag>
            {r.state === 'rejected' && r.opinion ? (
              <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} ellipsis>
                {r.opinion}
              </Typography.Text>
            ) : null}
          </div>
        </Tooltip>
      ),
    },
    {
      key: 'document',
      title: '报告文档',
      width: 160,
      render: (_, r) => {
        const jobId = started[rowKey(r)] ?? (r.job?.state === 'running' ? r.job.id : null);
        if (jobId)
          return <GenerationProgress key={jobId} jobId={jobId} onEnd={(job) => onEnd(rowKey(r), job)} />;
        if (r.generateTime) {
          return (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.generateTime} 生成
            </Typography.Text>
          );
        }
        return (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.job?.state === 'failed' ? r.job.message : '未生成'}
          </Typography.Text>
        );
      },
    },
    { key: 'createDate', title: '创建日期', width: 104, render: (_, r) => r.createDate ?? '—' },
    {
      key: 'actions',
      title: '操作',
      width: 180,
      fixed: 'right',
      render: (_, r) => {
        const isRunning = Boolean(started[rowKey(r)]) || r.job?.state === 'running';
        return (
          <Space size={0} wrap>
            {r.canEdit && isOpen(r.state) ? (
              <Button type="link" size="small" disabled={isRunning} onClick={() => generate.show(r)}>
                生成
              </Button>
            ) : null}
            {r.fileId ? (
              <Button type="link" size="small" disabled={isRunning} onClick={() => void downloadReport(r)}>
                下载
              </Button>
            ) : null}
            {r.canEdit && isOpen(r.state) ? (
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
                  await act(() => post(E.submitAudit, subjectOf(r)), '报告已提交审核');
                }}
              >
                提交审核
              </ConfirmLink>
            ) : null}
            {r.canAudit && r.state === 'submitted' ? (
              <Button type="link" size="small" onClick={() => audit.show(r)}>
                审核
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="名称"
          placeholder="年度目标或任务名称"
          allowClear
          style={{ width: 240 }}
          onSearch={(value) => filter(setKeyword)(value.trim() || undefined)}
        />
        <YearTargetSelect value={yearTargetId} onChange={filter(setYearTargetId)} />
        <Select<ReportScope>
          aria-label="报告对象"
          placeholder="报告对象"
          allowClear
          style={{ width: 140 }}
          value={scope}
          onChange={filter(setScope)}
          options={REPORT_SCOPES.map((value) => ({ value, label: REPORT_SCOPE_LABELS[value] }))}
        />
        <Select<ReportState>
          aria-label="报告状态"
          placeholder="报告状态"
          allowClear
          style={{ width: 120 }}
          value={state}
          onChange={filter(setState)}
          options={REPORT_STATES.map((value) => ({ value, label: REPORT_STATE_LABELS[value] }))}
        />
        <Button onClick={() => void reports.refetch()}>刷新</Button>
      </Space>
      {reports.isError ? (
        <Result status="error" title="加载失败" subTitle={reports.error.message} />
      ) : (
        <Table<ReportRow>
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={reports.data?.records ?? []}
          loading={reports.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          scroll={{ x: 1120 }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: reports.data?.total ?? 0,
            onChange: setPageNum,
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

/** A report generation's progress, polled every second until it ends. */
function GenerationProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: ReportJob) => void }) {
  const { status } = useJob({
    endpoint: E.futureTaskResult,
    query: { id: jobId },
    toStatus: reportJobStatus,
    onEnd,
  });
  return <JobProgress status={status} label="报告生成进度" runningText="报告生成中" />;
}
