import {
  goalReportsEndpoints as E,
  REPORT_LEVEL_LABELS,
  REPORT_LEVELS,
  REPORT_STATE_COLORS,
  type ReportLevel,
} from '@eduqa/contract';
import { Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { post, type ReportJob, type ReportRow, reportJobStatus, subjectOf } from './api.ts';
import { isOpen } from './report-actions.ts';

/** 报告名称: the task's or year target's name over its scope tag and year. */
export function ReportNameCell({ row: r }: { row: ReportRow }) {
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
}

/** 自评等级: a select while the report is open to its editor, else the level as text. */
export function LevelCell({ row: r, act }: { row: ReportRow; act: RunAction }) {
  if (!(r.canEdit && isOpen(r.state))) return r.levelSelf ? `${r.levelSelf} ${r.levelSelfName}` : '未自评';
  return (
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
  );
}

/** 状态: the state's tag, and under a rejection the auditor's opinion. */
export function StateCell({ row: r }: { row: ReportRow }) {
  return (
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
  );
}

/** 报告文档: a running generation's progress, else when the document was made (or why it was not). */
export function DocumentCell({
  row: r,
  jobId,
  onEnd,
}: {
  row: ReportRow;
  jobId: string | null;
  onEnd: (job: ReportJob) => void;
}) {
  if (jobId) return <GenerationProgress key={jobId} jobId={jobId} onEnd={onEnd} />;
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
