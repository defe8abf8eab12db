import { type FutureTask, type ReportBatchResult, reportBatchSummary } from '@eduqa/contract';
import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { useJob } from '../../../shared/jobs/use-job.ts';
import { MODAL_WIDTH } from '../../../shared/ui/form-modal.tsx';
import { batchJobEndpoint, batchResultOf, forgetBatchJob, startReportBatch, wordJobStatus } from '../api.ts';
import { DiagnosisTaskField, TemplateAndCoverFields } from './generate-modal.tsx';
import { useRefreshReports } from './use-refresh-reports.ts';

interface BatchValues {
  taskId: string;
  templateId?: string;
  coverId?: string;
}

/** How a batch ended: its counts and failures, or the job's own reason when it failed as a whole. */
type BatchEnd = { result: ReportBatchResult } | { error: string };

/**
 * 批量生成: an object analysis report for every object of the chosen diagnosis task, as one job on the
 * server. 确定 starts it; the dialog then shows its progress (已生成 x / y) and, at the end, what was
 * generated, skipped and why any object failed. Closing while it runs leaves the job running.
 */
export function BatchGenerateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<BatchValues>();
  const [jobId, setJobId] = useState<string | null>(null);
  const [end, setEnd] = useState<BatchEnd | null>(null);
  const [isStarting, setStarting] = useState(false);
  const refresh = useRefreshReports();
  const onEnd = useCallback(
    (job: FutureTask) => {
      const result = job.state === 'finished' ? batchResultOf(job) : null;
      setEnd(result ? { result } : { error: job.message || '批量生成失败，请重试' });
      void forgetBatchJob(job.taskId);
      void refresh();
    },
    [refresh],
  );
  const start = async () => {
    let values: BatchValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setStarting(true);
    try {
      setJobId(await startReportBatch(values));
    } catch {
      // The api client has shown the server's Chinese message.
    } finally {
      setStarting(false);
    }
  };
  const close = () => {
    setJobId(null);
    setEnd(null);
    onClose();
  };
  const isAsking = jobId === null;
  return (
    <Modal
      title="批量生成报告"
      open={open}
      width={MODAL_WIDTH}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        isAsking
          ? [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" loading={isStarting} onClick={() => void start()}>
                确定
              </Button>,
            ]
          : [
              <Button key="close" type={end ? 'primary' : 'default'} onClick={close}>
                关闭
              </Button>,
            ]
      }
    >
      {isAsking ? (
        <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} preserve={false}>
          <p style={{ marginBottom: 16 }}>
            为所选诊断任务的每个诊断对象生成一份对象分析报告，名称为「对象（任务）分析报告」；已有对象分析报告的对象将跳过。
          </p>
          <DiagnosisTaskField open={open} />
          <TemplateAndCoverFields />
        </Form>
      ) : (
        <BatchProgress key={jobId} jobId={jobId} end={end} onEnd={onEnd} />
      )}
    </Modal>
  );
}

/** The running job's bar with 已生成 x / y, then the outcome. */
function BatchProgress({
  jobId,
  end,
  onEnd,
}: {
  jobId: string;
  end: BatchEnd | null;
  onEnd: (job: FutureTask) => void;
}) {
  const { status } = useJob({
    endpoint: batchJobEndpoint,
    query: { taskId: jobId },
    toStatus: wordJobStatus,
    onEnd,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <JobProgress status={status} label="批量生成进度" runningText="批量生成中" />
        {/* The job's note while it runs is 已生成 x / y; its closing note is the summary below. */}
        {end ? null : (
          <Typography.Text type="secondary">
            {status?.state === 'running' ? status.message : '排队中，请稍候'}
          </Typography.Text>
        )}
      </Space>
      {end ? <BatchOutcome end={end} /> : null}
    </Space>
  );
}

function BatchOutcome({ end }: { end: BatchEnd }) {
  if ('error' in end) return <Alert type="error" showIcon title={end.error} />;
  const { result } = end;
  return (
    <Alert
      type={result.failed.length > 0 ? 'warning' : 'success'}
      showIcon
      title={reportBatchSummary(result)}
      description={
        result.failed.length > 0 ? (
          <ul aria-label="生成失败的对象" style={{ margin: 0, paddingLeft: 20 }}>
            {result.failed.map((f) => (
              <li key={f.objectTaskId}>
                {f.objectName}：{f.reason}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
