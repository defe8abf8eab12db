import { InboxOutlined } from '@ant-design/icons';
import { annualEndpoints as E } from '@eduqa/contract';
import { Alert, Button, Modal, Progress, Table, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { type ImportResult, importChargers, saveDownload, useAnnualAction } from '../api.ts';

/**
 * 导入负责人: the upload shows its progress; a refused file lists every bad row with its column and
 * reason, and nothing is imported until the whole file is right.
 */
export function ChargerImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const act = useAnnualAction();
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const send = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      notify.error('只能上传xlsx的文件');
      return;
    }
    setResult(null);
    setPercent(0);
    try {
      await act(async () => {
        const answer = await importChargers(file, setPercent);
        setResult(answer);
        if (answer.imported) notify.success(`已导入${answer.count}条负责人`);
      });
    } finally {
      setPercent(null);
    }
  };

  const close = () => {
    if (percent !== null) return;
    setResult(null);
    onClose();
  };

  return (
    <Modal
      title="导入负责人"
      open={open}
      width={680}
      onCancel={close}
      footer={
        <Button onClick={close} disabled={percent !== null}>
          关闭
        </Button>
      }
      destroyOnHidden
    >
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>
        请使用模板填写，每个部门与目标类型一位负责人，已有的将被更新。
        <Button
          type="link"
          size="small"
          onClick={() => void saveDownload(E.chargerExample.path, '负责人导入模板.xlsx')}
        >
          下载模板
        </Button>
      </p>
      <Upload.Dragger
        accept=".xlsx"
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖拽 xlsx 文件到此处上传</p>
      </Upload.Dragger>
      {percent !== null ? (
        <Progress percent={percent} style={{ marginTop: 16 }} aria-label="上传进度" />
      ) : null}
      {result && !result.imported ? (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            message={`文件中有${result.errors.length}处错误，未导入任何数据，请修改后重新上传`}
          />
          <Table
            style={{ marginTop: 8 }}
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={result.errors}
            pagination={{ pageSize: 8, showSizeChanger: false }}
            columns={[
              { key: 'row', title: '行', dataIndex: 'row', width: 60 },
              { key: 'column', title: '列', dataIndex: 'column', width: 110 },
              { key: 'message', title: '原因', dataIndex: 'message' },
            ]}
          />
        </>
      ) : null}
      {result?.imported ? (
        <Alert style={{ marginTop: 16 }} type="success" showIcon message={`已导入${result.count}条负责人`} />
      ) : null}
    </Modal>
  );
}
