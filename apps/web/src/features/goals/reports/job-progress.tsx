import { Progress, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { type ReportJob, useReportJob } from './api.ts';

/**
 * The progress of a report generation, polled every second until it ends; `onEnd` runs once with the
 * last answer (done with the document, or failed with the reason).
 */
export function JobProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: ReportJob) => void }) {
  const job = useReportJob(jobId);
  const ended = useRef(false);
  const state = job.data?.state;
  useEffect(() => {
    if (!job.data || ended.current || job.data.state === 'running') return;
    ended.current = true;
    onEnd(job.data);
  }, [job.data, onEnd]);
  const percent = job.data?.progress ?? 0;
  return (
    <Tooltip title={state === 'failed' ? job.data?.message : `报告生成中 ${percent}%`}>
      <Progress
        aria-label="报告生成进度"
        percent={percent}
        size="small"
        status={state === 'failed' ? 'exception' : state === 'done' ? 'success' : 'active'}
        style={{ width: 140, margin: 0 }}
      />
    </Tooltip>
  );
}
