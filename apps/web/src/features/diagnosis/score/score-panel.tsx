import { formatScore, SCORE_LABEL, type ScoreJob } from '@eduqa/contract';
import { Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { startScore, useObjectTaskScore, useRefreshScore, useScoreJob } from './api.ts';

/**
 * 得分 xx.xx of an object task (rule: contract score.ts) and, for those who manage diagnosis, 计算得分
 * with the job's progress; the score is read again when the job ends.
 */
export function ScorePanel({ objectTaskId, canCompute }: { objectTaskId: string; canCompute: boolean }) {
  const score = useObjectTaskScore(objectTaskId).data;
  const refresh = useRefreshScore(objectTaskId);
  const [jobId, setJobId] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setJobId((await startScore(objectTaskId)).jobId);
    } catch {
      // the api client has shown the message
    } finally {
      setStarting(false);
    }
  };

  const onEnd = (job: ScoreJob) => {
    void refresh();
    if (job.state === 'finished') notify.success('得分已计算');
  };

  const note = score?.computedAt
    ? `${score.computedAt} 计算，计入${score.gradedPoints}个已评等级的质控点`
    : '尚未计算，或没有已评等级的质控点';
  return (
    <Space size="middle" style={{ marginBottom: 12 }}>
      <Tooltip title={note}>
        <Typography.Text strong aria-label={SCORE_LABEL} style={{ fontSize: 16 }}>
          {SCORE_LABEL} {formatScore(score?.score)}
        </Typography.Text>
      </Tooltip>
      {canCompute ? (
        <Button size="small" loading={isStarting} onClick={() => void start()}>
          计算得分
        </Button>
      ) : null}
      {jobId ? <ScoreProgress key={jobId} jobId={jobId} onEnd={onEnd} /> : null}
    </Space>
  );
}

/** One job's progress: keyed by the job, so that a second computation is followed from its start. */
function ScoreProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: ScoreJob) => void }) {
  const { status } = useScoreJob(jobId, onEnd);
  return <JobProgress status={status} label="得分计算进度" runningText="计算中" />;
}
