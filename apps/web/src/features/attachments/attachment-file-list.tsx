import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { ATTACHMENT_MESSAGES, formatFileSize, type QualityFile } from '@eduqa/contract';
import { Button, Flex, Popconfirm, Progress, Space, Typography } from 'antd';
import { groupFiles } from './file-groups.ts';
import { isPreviewable } from './upload-plan.ts';
import type { PendingFile } from './use-upload-session.ts';

const ROW_STYLE = { padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' } as const;

function FileLabel({ name, size }: { name: string; size: number }) {
  return (
    <Space>
      <PaperClipOutlined />
      <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
      <Typography.Text type="secondary">{formatFileSize(size)}</Typography.Text>
    </Space>
  );
}

/** 本次上传: the files chosen in this opening, each with its progress and 移除. */
export function PendingUploads({
  pending,
  onRemove,
}: {
  pending: readonly PendingFile[];
  onRemove: (uid: string) => void;
}) {
  return (
    <section aria-label="本次上传" style={{ marginBottom: 12 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        本次上传
      </Typography.Title>
      {pending.map((item) => (
        <Flex key={item.uid} align="center" gap={8} style={ROW_STYLE}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <FileLabel name={item.name} size={item.size} />
            <Progress
              aria-label={`${item.name} 上传进度`}
              percent={item.percent}
              size="small"
              status={item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active'}
            />
          </div>
          <Button
            type="link"
            size="small"
            danger
            aria-label={`移除 ${item.name}`}
            icon={<DeleteOutlined />}
            onClick={() => onRemove(item.uid)}
          />
        </Flex>
      ))}
    </section>
  );
}

/** The saved files in their stage groups: 预览 (images and PDF), 下载, and 删除 in edit mode. */
export function FileGroups({
  files,
  editable,
  onPreview,
  onDelete,
}: {
  files: QualityFile[];
  editable: boolean;
  onPreview: (file: QualityFile) => void;
  onDelete: (file: QualityFile) => Promise<void>;
}) {
  return groupFiles(files).map((group) => (
    <section key={group.title} style={{ marginBottom: 12 }} aria-label={group.title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {group.title}
      </Typography.Title>
      {group.files.length === 0 ? (
        <Typography.Text type="secondary">{ATTACHMENT_MESSAGES.noFiles}</Typography.Text>
      ) : (
        group.files.map((file) => (
          <Flex key={file.fileId} align="center" gap={8} style={ROW_STYLE}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <FileLabel name={file.fileName} size={file.size} />
            </div>
            {isPreviewable(file.fileName) && (
              <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => onPreview(file)}>
                预览
              </Button>
            )}
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              href={file.url}
              download={file.fileName}
            >
              下载
            </Button>
            {editable && (
              <Popconfirm
                title={`确定删除附件「${file.fileName}」吗？`}
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => onDelete(file)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ))
      )}
    </section>
  ));
}
