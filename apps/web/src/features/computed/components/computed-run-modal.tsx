import type { DiagnosisTask } from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Modal, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { computedJobEndpoint, computedKeys, startRun, useRun, useRuns } from '../api.ts';
import { ComparePanel } from './compare-panel.tsx';
import { GateReport } from './gate-report.tsx';

/**
 * 采集 of a diagnosis task, for its publisher: start a run (a job, progress per object), then decide at
 * the data-quality gate. A run left at the gate earlier is offered again when the dialog opens.
 */
export function ComputedRunModal({
  task,
  open,
  onClose,
}: {
  task: DiagnosisTask | null;
  open: boolean;
  onClose: () => void;
}) {
  const [autoApply, setAutoApply] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const queryClient = useQueryClient();
  const runs = useRuns(open && task ? task.id : null);
  const pending = runs.data?.records.find((r) => r.state === 'gate');
  const shownRunId = runId ?? pending?.id ?? null;
  const run = useRun(shownRunId);
  const job = useJob({
    endpoint: computedJobEndpoint,
    query: jobId ? { taskId: jobId } : null,
    toStatus: (data) => data,
    // Nothing of diagnosis changed yet: the values wait at the gate.
    onEnd: () => void queryClient.invalidateQueries({ queryKey: computedKeys.all }),
  });
  useEffect(() => {
    if (!open) {
      setJobId(null);
      setRunId(null);
    }
  }, [open]);

  const start = async () => {
    if (!task) return;
    setStarting(true);
    try {
      const started = await startRun(task.id, autoApply);
      setJobId(started.taskId);
      setRunId(started.runId);
    } catch {
      // The api client has shown the server's Chinese message.
    } finally {
      setStarting(false);
    }
  };

  const isRunning =
    jobId !== null && (!job.status || job.status.state === 'waiting' || job.status.state === 'running');
  const collectTab = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        按各质控点的采样周期，对每个诊断对象运行结果算法或读取接口数据；采集结果先经数据质量检查，确认后才写入采样并评级。
      </Typography.Paragraph>
      <Space>
        <Checkbox checked={autoApply} onChange={(e) => setAutoApply(e.target.checked)} disabled={isRunning}>
          无异常时自动入库
        </Checkbox>
        <Button type="primary" loading={isStarting} disabled={isRunning} onClick={() => void start()}>
          开始采集
        </Button>
        {jobId ? <JobProgress status={job.status} label="采集进度" runningText="采集中" /> : null}
      </Space>
      {isRunning ? null : run.data ? (
        <GateReport key={run.data.id} run={run.data} onDone={() => void run.refetch()} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚无待确认的采集" />
      )}
    </Space>
  );
  return (
    <Modal
      title={`采集：${task?.name ?? ''}`}
      open={open}
      width={960}
      footer={null}
      onCancel={() => {
        // Accepted values changed results, grades and warnings: the task lists show them from now on.
        void queryClient.invalidateQueries({ queryKey: ['diagnosis'] });
        onClose();
      }}
      destroyOnHidden
    >
      <Tabs
        items={[
          { key: 'collect', label: '采集与确认', children: collectTab },
          { key: 'compare', label: '版本对比', children: task ? <ComparePanel taskId={task.id} /> : null },
        ]}
      />
    </Modal>
  );
}
