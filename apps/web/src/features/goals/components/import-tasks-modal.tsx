import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { MODAL_WIDTH } from '../../../shared/ui/form-modal.tsx';
import {
  downloadTaskTemplate,
  type ImportAnswer,
  importTasks,
  useRefreshGoals,
  type YearTargetRow,
} from '../api.ts';

/**
 * 导入任务: the template, then one workbook with its upload progress; nothing is imported unless every
 * row is right (the server checks the whole file before it writes).
 */
export function ImportTasksModal({
  open,
  yearTarget,
  onClose,
}: {
  open: boolean;
  yearTarget: YearTargetRow;
  onClose: () => void;
}) {
  const refresh = useRefreshGoals();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  // The upload's percentage while importing; null when idle.
  const [percent, setPercent] = useState<number | null>(null);
  const isBusy = percent !== null;
  const close = () => {
    if (isBusy) return;
    setFile(null);
    setAnswer(null);
    onClose();
  };
  const submit = async () => {
    if (!file) {
      notify.error('请先选取文件!');
      return;
    }
    setPercent(0);
    try {
      const result = await importTasks(yearTarget.id, file, setPercent);
      setAnswer(result);
      if (result.imported) {
        // Importing the same file twice would add its tasks twice.
        setFile(null);
        notify.success(`已导入${result.tasks}个任务`);
        await refresh();
      }
    } catch {
      // the client has shown the server's message
    } finally {
      setPercent(null);
    }
  };
  return (
    <Modal
      title={`导入任务（${yearTarget.name}）`}
      open={open}
      width={answer && !answer.imported ? 720 : MODAL_WIDTH}
      okText="导入"
      cancelText="关闭"
      confirmLoading={isBusy}
      okButtonProps={{ disabled: !file }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void downloadTaskTemplate().catch(() => undefined)}
        >
          下载导入模板
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            if (!/\.xlsx$/i.test(chosen.name)) {
              notify.error('只能上传xlsx的文件');
              return Upload.LIST_IGNORE;
            }
            setFile(chosen);
            setAnswer(null);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
        {percent !== null ? <Progress percent={percent} status="active" aria-label="导入进度" /> : null}
        {answer?.imported ? <Alert type="success" showIcon title={`已导入${answer.tasks}个任务`} /> : null}
        {answer && !answer.imported ? (
          <>
            <Alert type="error" showIcon title="以下行有误，未导入任何任务，请修改后重新导入" />
            <Table
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              size="small"
              dataSource={answer.errors}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { key: 'row', title: '行号', dataIndex: 'row', width: 70 },
                { key: 'column', title: '列', dataIndex: 'column', width: 140 },
                { key: 'message', title: '原因', dataIndex: 'message' },
              ]}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
