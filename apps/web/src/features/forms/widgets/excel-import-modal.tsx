import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ImportRowError } from '@eduqa/contract';
import { Alert, Button, Modal, Progress, Table, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { MODAL_WIDTH } from '../../../shared/ui/form-modal.tsx';

/** The answer of an all-or-nothing import: the count imported, or nothing and every bad row. */
export interface ExcelImportAnswer {
  imported: boolean;
  count: number;
  errors: ImportRowError[];
  errorCount?: number | undefined;
}

/**
 * An import of 数据采集 (constants, the rows of a fixed form): the template, one .xlsx file, then either the
 * count imported or every bad row (nothing is imported unless the whole file is right). The server answers
 * at once, so there is no job to poll.
 */
export function ExcelImportModal({
  open,
  title,
  hint,
  unit,
  onTemplate,
  onImport,
  onImported,
  onClose,
}: {
  open: boolean;
  title: string;
  /** What the file holds, shown in the drop area. */
  hint: string;
  /** What a counted item is called: 个常量, 行. */
  unit: string;
  onTemplate: () => Promise<void>;
  onImport: (file: File, onProgress: (percent: number) => void) => Promise<ExcelImportAnswer>;
  onImported: () => Promise<void>;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ExcelImportAnswer | null>(null);
  const isBusy = percent !== null;

  const submit = async () => {
    if (!file) {
      notify.error('请先选取文件!');
      return;
    }
    setResult(null);
    setPercent(0);
    try {
      const answer = await onImport(file, setPercent);
      setResult(answer);
      if (answer.imported) {
        setFile(null);
        notify.success(`已导入${answer.count}${unit}`);
        await onImported();
      }
    } catch {
      // The api client has shown why the upload was refused.
    } finally {
      setPercent(null);
    }
  };

  const close = () => {
    if (isBusy) return;
    setFile(null);
    setResult(null);
    onClose();
  };

  return (
    <Modal
      title={title}
      open={open}
      width={MODAL_WIDTH + 200}
      onCancel={close}
      okText="导入"
      cancelText="关闭"
      okButtonProps={{ disabled: !file }}
      confirmLoading={isBusy}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Button icon={<DownloadOutlined />} style={{ marginBottom: 12 }} onClick={() => void onTemplate()}>
        下载模板
      </Button>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        disabled={isBusy}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          setFile(chosen);
          setResult(null);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{hint}</p>
      </Upload.Dragger>
      {percent !== null ? <Progress percent={percent} size="small" aria-label="上传进度" /> : null}
      {result?.imported ? (
        <Alert style={{ marginTop: 12 }} type="success" showIcon title={`已导入${result.count}${unit}`} />
      ) : null}
      {result && !result.imported ? (
        <>
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title={`文件有${result.errorCount ?? result.errors.length}处错误，未导入任何数据`}
          />
          <Table<ImportRowError>
            style={{ marginTop: 8 }}
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={result.errors}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: '行', dataIndex: 'row', width: 70 },
              { title: '列', dataIndex: 'column', width: 120 },
              { title: '原因', dataIndex: 'message' },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
