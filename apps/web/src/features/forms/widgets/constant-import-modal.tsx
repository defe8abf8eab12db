import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ConstantImportResult, ImportRowError } from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Table, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { MODAL_WIDTH } from '../../../shared/ui/form-modal.tsx';
import { downloadConstantTemplate, formsKeys, importConstants } from '../api.ts';

/**
 * 导入常量: the template, one .xlsx file, then either the count imported or every bad row (nothing is
 * imported unless the whole file is right). The server answers at once, so there is no job to poll.
 */
export function ConstantImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ConstantImportResult | null>(null);
  const isBusy = percent !== null;

  const submit = async () => {
    if (!file) {
      notify.error('请先选取文件!');
      return;
    }
    setResult(null);
    setPercent(0);
    try {
      const answer = await importConstants(file, setPercent);
      setResult(answer);
      if (answer.imported) {
        setFile(null);
        notify.success(`已导入${answer.count}个常量`);
        await queryClient.invalidateQueries({ queryKey: formsKeys.all });
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
      title="导入常量"
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
      <Button
        icon={<DownloadOutlined />}
        style={{ marginBottom: 12 }}
        onClick={() => void downloadConstantTemplate()}
      >
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
        <p className="ant-upload-text">点击或拖入 Excel 文件（列：常量类型编码、名称、值）</p>
      </Upload.Dragger>
      {percent !== null ? <Progress percent={percent} size="small" aria-label="上传进度" /> : null}
      {result?.imported ? (
        <Alert style={{ marginTop: 12 }} type="success" showIcon title={`已导入${result.count}个常量`} />
      ) : null}
      {result && !result.imported ? (
        <>
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title={`文件有${result.errorCount ?? result.errors.length}处错误，未导入任何常量`}
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
