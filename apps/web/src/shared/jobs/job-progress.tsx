import { Progress, Tooltip } from 'antd';
import type { JobStatus } from './use-job.ts';

/**
 * A job's progress bar: active while it runs, green when finished, red with the reason when failed.
 * `label` names the bar for assistive technology (and for the journeys), e.g. 「报告生成进度」.
 */
export function JobProgress({
  status,
  label,
  runningText = '处理中',
}: {
  status: JobStatus | undefined;
  label: string;
  runningText?: string;
}) {
  const percent = status?.progress ?? 0;
  const state = status?.state;
  const tip =
    state === 'failed'
      ? status?.message || '执行失败'
      : state === 'waiting'
        ? '排队中，请稍候'
        : `${runningText} ${percent}%`;
  return (
    <Tooltip title={tip}>
      <Progress
        aria-label={label}
        percent={percent}
        size="small"
        status={state === 'failed' ? 'exception' : state === 'finished' ? 'success' : 'active'}
        style={{ width: 140, margin: 0 }}
      />
    </Tooltip>
  );
}
