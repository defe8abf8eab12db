import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  type ExcelImportEndpoints,
  type FutureTask,
  type FutureTaskEndpoints,
  ImportJobWireSchema,
  type ImportRowError,
} from '@eduqa/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { call, download, upload } from '../api/client.ts';
import { BAD_RESPONSE_MESSAGE } from '../api/errors.ts';
import { saveBlob } from '../api/save-blob.ts';
import { JobProgress } from '../jobs/job-progress.tsx';
import { useJob } from '../jobs/use-job.ts';
import { notify } from '../ui/feedback.tsx';
import { MODAL_WIDTH } from '../ui/form-modal.tsx';
import { PAGE_SIZE } from '../ui/paging.tsx';
import {
  errorCountText,
  fileProblem,
  type ImportOutcome,
  type ImportPhase,
  isImportBusy,
  nextPhase,
  refusedText,
  rowText,
} from './import-phase.ts';

/**
 * A contract's import (`TARGET_TASK_IMPORT`, …), its `result` schema read as what it parses to, so the
 * modal and the feature's texts see the answer's type.
 */
export type ExcelImportJob<T extends ImportOutcome> = Omit<ExcelImportEndpoints, 'result'> & {
  result: { parse(raw: unknown): T };
};

/** What a feature says in its import dialog; the modal itself knows no domain. */
export interface ExcelImportTexts<T extends ImportOutcome> {
  title: string;
  /** What a refused file did not import: 「未导入任何{noun}」. */
  noun: string;
  /** The toast and the note after a file was imported, e.g. 已导入3个任务. */
  success: (outcome: T) => string;
  /** The template button's text and the name of the saved template. */
  template: { text: string; fileName: string };
  /** A note above the file area (what the file should hold). */
  hint?: string;
}

interface ExcelImportModalProps<T extends ImportOutcome> {
  open: boolean;
  onClose: () => void;
  endpoints: ExcelImportJob<T>;
  texts: ExcelImportTexts<T>;
  /** Form fields sent before the file, e.g. the year target the tasks go into. */
  fields?: Readonly<Record<string, string>>;
  /** The queries reloaded after a file was imported (the lists it added to). */
  invalidates: readonly QueryKey[];
  /** Runs after those reloads, for what no query holds (a page's own copy of what the file added to). */
  onImported?: (outcome: T) => Promise<void> | void;
}

/**
 * One Excel import: the template, one .xlsx file, the upload's progress, then the server's import job
 * with its progress, then either the success note or every bad row (nothing is imported unless the
 * whole file is right). The dialog cannot be closed while a file is on its way.
 */
export function ExcelImportModal<T extends ImportOutcome>({
  open,
  onClose,
  endpoints,
  texts,
  fields,
  invalidates,
  onImported,
}: ExcelImportModalProps<T>) {
  const queryClient = useQueryClient();
  const [phase, dispatch] = useReducer(nextPhase<T>, { kind: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const isBusy = isImportBusy(phase);

  const submit = async () => {
    if (!file) {
      notify.error('请先选取文件!');
      return;
    }
    dispatch({ type: 'upload' });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
    form.append('file', file, file.name);
    try {
      const answer = await upload(endpoints.start, form, {
        onProgress: (percent) => dispatch({ type: 'progress', percent }),
      });
      dispatch({ type: 'started', taskId: ImportJobWireSchema.parse(answer).taskId });
    } catch {
      // The client has shown why the upload failed.
      dispatch({ type: 'reset' });
    }
  };

  const end = useCallback(
    async (job: FutureTask) => {
      void call(endpoints.done, { body: { taskId: job.taskId }, silent: true }).catch(() => undefined);
      if (job.state === 'failed') {
        dispatch({ type: 'jobFailed', message: job.message });
        return;
      }
      let outcome: T;
      try {
        outcome = endpoints.result.parse(job.result);
      } catch {
        dispatch({ type: 'jobFailed', message: BAD_RESPONSE_MESSAGE });
        return;
      }
      dispatch({ type: 'answered', outcome });
      if (!outcome.imported) return;
      // Importing the same file twice would add its rows twice.
      setFile(null);
      notify.success(texts.success(outcome));
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onImported?.(outcome);
    },
    [endpoints, texts, invalidates, onImported, queryClient],
  );

  const close = () => {
    if (isBusy) return;
    setFile(null);
    dispatch({ type: 'reset' });
    onClose();
  };

  const isRefused = phase.kind === 'answered' && !phase.outcome.imported;
  return (
    <Modal
      title={texts.title}
      open={open}
      width={isRefused ? 720 : MODAL_WIDTH}
      okText="导入"
      cancelText="关闭"
      confirmLoading={isBusy}
      onOk={() => void submit()}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {texts.hint}
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void saveTemplate()}>
          {texts.template.text}
        </Button>
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        disabled={isBusy}
        fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          const problem = fileProblem(chosen);
          if (problem) {
            notify.error(problem);
            return Upload.LIST_IGNORE;
          }
          setFile(chosen);
          dispatch({ type: 'reset' });
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
      </Upload.Dragger>
      <div style={{ marginTop: 16 }}>
        <PhaseView phase={phase} texts={texts} poll={endpoints.poll} onJobEnd={end} />
      </div>
    </Modal>
  );

  async function saveTemplate() {
    try {
      saveBlob(await download(endpoints.template.path), texts.template.fileName);
    } catch {
      // The client has shown the message.
    }
  }
}

function PhaseView<T extends ImportOutcome>({
  phase,
  texts,
  poll,
  onJobEnd,
}: {
  phase: ImportPhase<T>;
  texts: ExcelImportTexts<T>;
  poll: FutureTaskEndpoints['result'];
  onJobEnd: (job: FutureTask) => void;
}) {
  switch (phase.kind) {
    case 'idle':
      return null;
    case 'uploading':
      return <Progress percent={phase.percent} status="active" aria-label="上传进度" />;
    case 'importing':
      // Keyed by the job, so each job is polled from its start and ends once.
      return <ImportJobProgress key={phase.taskId} poll={poll} taskId={phase.taskId} onEnd={onJobEnd} />;
    case 'jobFailed':
      return <Alert type="error" showIcon title={phase.message} />;
    case 'answered':
      return phase.outcome.imported ? (
        <Alert type="success" showIcon title={texts.success(phase.outcome)} />
      ) : (
        <RowErrors outcome={phase.outcome} noun={texts.noun} />
      );
  }
}

function ImportJobProgress({
  poll,
  taskId,
  onEnd,
}: {
  poll: FutureTaskEndpoints['result'];
  taskId: string;
  onEnd: (job: FutureTask) => void;
}) {
  const { status, error } = useJob({ endpoint: poll, query: { taskId }, toStatus: (job) => job, onEnd });
  useEffect(() => {
    if (error)
      onEnd({ taskId, state: 'failed', progress: 0, message: error.message, result: null, fileName: null });
  }, [error, taskId, onEnd]);
  return <JobProgress status={status} label="导入进度" runningText="导入中" />;
}

function RowErrors({ outcome, noun }: { outcome: ImportOutcome; noun: string }) {
  const countText = errorCountText(outcome);
  return (
    <>
      <Alert type="error" showIcon title={refusedText(noun)} />
      {countText ? (
        <Typography.Paragraph style={{ margin: '8px 0 0' }}>{countText}</Typography.Paragraph>
      ) : null}
      <Table<ImportRowError & { key: number }>
        style={{ marginTop: 8 }}
        size="small"
        rowKey="key"
        dataSource={outcome.errors.map((error, key) => ({ ...error, key }))}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false }}
        columns={[
          { key: 'row', title: '行号', width: 70, render: (_, error) => rowText(error) },
          { key: 'column', title: '列', dataIndex: 'column', width: 140 },
          { key: 'message', title: '原因', dataIndex: 'message' },
        ]}
      />
    </>
  );
}
