import { InboxOutlined } from '@ant-design/icons';
import { type ImportResultWire, type ImportRowError, standardsEndpoints } from '@eduqa/contract';
import { Alert, Modal, Progress, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { upload } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { useRefreshStandards } from '../api.ts';
import { errorPlace, importSummary } from '../indicator-tree.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; percent: number }
  | { kind: 'failed'; fileName: string; errors: ImportRowError[] };

/**
 * 导入指标体系: choose an .xlsx, watch the upload, then either 导入成功 or the list of every bad row
 * (nothing is imported while one row is wrong).
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const refresh = useRefreshStandards();
  const isUploading = phase.kind === 'uploading';

  const start = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      notify.error('只能上传xlsx的文件');
      return;
    }
    if (file.size === 0) {
      notify.error('文件为空');
      return;
    }
    setPhase({ kind: 'uploading', fileName: file.name, percent: 0 });
    const form = new FormData();
    form.append('file', file);
    let result: ImportResultWire;
    try {
      result = await upload(standardsEndpoints.qualityUpload, form, {
        onProgress: (percent) => setPhase({ kind: 'uploading', fileName: file.name, percent }),
      });
    } catch {
      setPhase({ kind: 'idle' });
      return;
    }
    if (result.imported) {
      notify.success(
        `导入成功！新增分类${result.categories}个、指标${result.indicators}个，新增或更新质控点${result.points}个`,
      );
      setPhase({ kind: 'idle' });
      void refresh();
      onClose();
      return;
    }
    setPhase({ kind: 'failed', fileName: file.name, errors: result.errors });
  };

  const close = () => {
    if (isUploading) return;
    setPhase({ kind: 'idle' });
    onClose();
  };

  return (
    <Modal
      title="导入指标体系"
      open={open}
      width={phase.kind === 'failed' ? 760 : 508}
      onCancel={close}
      footer={null}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={isUploading}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处</p>
        <p className="ant-upload-hint">请使用“下载模板”得到的文件；任何一行有误时不导入任何数据。</p>
      </Upload.Dragger>
      {phase.kind === 'uploading' ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Text>{phase.fileName}</Typography.Text>
          <Progress percent={phase.percent} status="active" />
        </div>
      ) : null}
      {phase.kind === 'failed' ? (
        <div style={{ marginTop: 16 }}>
          <Alert type="error" showIcon title={`「${phase.fileName}」${importSummary(phase.errors)}`} />
          <Table<ImportRowError & { key: number }>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="key"
            dataSource={phase.errors.map((e, key) => ({ ...e, key }))}
            pagination={phase.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: '位置', key: 'place', width: 200, render: (_, e) => errorPlace(e) },
              { title: '原因', dataIndex: 'message' },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
