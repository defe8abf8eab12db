import type { FutureTask, ReportView } from '@eduqa/contract';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { downloadWord, forgetWordJob, startWord, wordJobEndpoint, wordJobStatus } from '../api.ts';
import { useRefreshReports } from './use-refresh-reports.ts';

/**
 * 生成Word (a job, polled every second) and 下载Word (the latest document). The document is the report as it
 * is now, so it may be made again at any time — by the report's own people: a reader it was shared with
 * downloads the latest one (the server refuses him a generation, which relinks the report's document).
 */
export function WordActions({ view }: { view: ReportView }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const refresh = useRefreshReports();
  const onEnd = useCallback(
    (job: FutureTask) => {
      if (job.state === 'finished') notify.success('Word 报告已生成，可以下载');
      else notify.error(job.message || 'Word 报告生成失败，请重试');
      void forgetWordJob(job.taskId);
      setJobId(null);
      void refresh();
    },
    [refresh],
  );
  const start = async () => {
    setStarting(true);
    try {
      setJobId(await startWord(view.id));
    } catch {
      // The client has shown the server's message.
    } finally {
      setStarting(false);
    }
  };
  const fetchDocument = async () => {
    setDownloading(true);
    try {
      await downloadWord({ id: view.id, name: view.name });
    } catch {
      // The client has shown the server's message.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      {jobId ? (
        <WordProgress key={jobId} jobId={jobId} onEnd={onEnd} />
      ) : view.isShared ? null : (
        <Button loading={isStarting} onClick={() => void start()}>
          生成Word
        </Button>
      )}
      {view.generatedAt ? (
        <Button
          title={`生成于 ${view.generatedAt}`}
          disabled={jobId !== null}
          loading={isDownloading}
          onClick={() => void fetchDocument()}
        >
          下载Word
        </Button>
      ) : null}
    </>
  );
}

function WordProgress({ jobId, onEnd }: { jobId: string; onEnd: (job: FutureTask) => void }) {
  const { status } = useJob({
    endpoint: wordJobEndpoint,
    query: { taskId: jobId },
    toStatus: wordJobStatus,
    onEnd,
  });
  return <JobProgress status={status} label="Word 报告生成进度" runningText="Word 报告生成中" />;
}
