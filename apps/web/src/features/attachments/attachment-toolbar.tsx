import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { FileStage } from '@eduqa/contract';
import { Button, Flex, Select, Space, Upload } from 'antd';
import { notify } from '../../shared/ui/feedback.tsx';
import { stageOptions } from './file-groups.ts';
import { checkFile } from './upload-plan.ts';
import type { UploadSession } from './use-upload-session.ts';

/** The dialog's top line: in edit mode 选择文件 (checked before it starts) and 上传阶段; always 下载全部. */
export function AttachmentToolbar({
  editable,
  session,
  isZipping,
  hasFiles,
  onZipAll,
}: {
  editable: boolean;
  session: UploadSession;
  isZipping: boolean;
  hasFiles: boolean;
  onZipAll(): void;
}) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
      {editable ? (
        <Space wrap>
          <Upload
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = checkFile(file);
              if (problem) {
                notify.error(problem);
                return Upload.LIST_IGNORE;
              }
              session.start(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
          <Space size={4}>
            <span>上传阶段：</span>
            <Select<FileStage>
              aria-label="上传阶段"
              style={{ width: 180 }}
              value={session.uploadStage}
              onChange={session.setUploadStage}
              options={stageOptions()}
            />
          </Space>
        </Space>
      ) : (
        <span />
      )}
      <Button icon={<DownloadOutlined />} loading={isZipping} disabled={!hasFiles} onClick={onZipAll}>
        下载全部
      </Button>
    </Flex>
  );
}
