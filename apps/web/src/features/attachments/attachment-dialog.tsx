import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ATTACHMENT_MESSAGES, type FileStage, type QualityFile } from '@eduqa/contract';
import { Button, Flex, Modal, Popconfirm, Progress, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../shared/ui/feedback.tsx';
import { deleteAttachment, downloadAll, saveAttachments } from './api.ts';
import { formatSize, groupFiles, stageOptions } from './file-groups.ts';
import { type UploadedAttachment, uploadAttachment } from './upload-attachment.ts';
import { checkFile, isImage, isPreviewable, UploadAborted } from './upload-plan.ts';

export interface AttachmentDialogProps {
  open: boolean;
  point: { id: string; name: string; objectTaskId: string; files: QualityFile[] };
  /** The charger's edit mode: choose, delete, OK and cancel; otherwise view and download only. */
  editable: boolean;
  /** Where new files go at first (spec 2 §4 stage keys); self diagnosis by default. The user may pick another. */
  stage?: FileStage;
  onClose(): void;
  /** After a save or a delete, so the owner reloads the point. */
  onSaved?(): void;
}

interface PendingFile {
  uid: string;
  name: string;
  size: number;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  uploaded?: UploadedAttachment;
}

const DIALOG_WIDTH = 720;
const ROW_STYLE = { padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' } as const;

function FileLabel({ name, size }: { name: string; size: number }) {
  return (
    <Space>
      <PaperClipOutlined />
      <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
      <Typography.Text type="secondary">{formatSize(size)}</Typography.Text>
    </Space>
  );
}
const UPLOADING_MESSAGE = '附件正在上传，请稍候';

let uidCounter = 0;

/**
 * The attachment dialog of a quality point (spec 2 §2.6): four stage groups, preview of images and
 * PDF, download of one file or of all as a zip; in edit mode choosing files (checked, then uploaded
 * with a progress bar each, chunked above the normal size), deleting, and OK / cancel.
 */
export function AttachmentDialog({
  open,
  point,
  editable,
  stage = 'diagnosis',
  onClose,
  onSaved,
}: AttachmentDialogProps) {
  const [files, setFiles] = useState<QualityFile[]>(point.files);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [changed, setChanged] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [isZipping, setZipping] = useState(false);
  const [preview, setPreview] = useState<QualityFile | null>(null);
  // The stage of this upload: the caller's default, changed with the 上传阶段 select (issue 11).
  const [uploadStage, setUploadStage] = useState<FileStage>(stage);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    if (open) setFiles(point.files);
  }, [open, point.files]);

  // Each opening starts without pending files; closing stops the uploads still running.
  useEffect(() => {
    if (!open) return;
    setPending([]);
    setChanged(false);
    setUploadStage(stage);
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, [open, stage]);

  const update = (uid: string, patch: Partial<PendingFile>) =>
    setPending((list) => list.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));

  const start = (file: File) => {
    uidCounter += 1;
    const uid = `p${uidCounter}`;
    const controller = new AbortController();
    controllers.current.set(uid, controller);
    setPending((list) => [
      ...list,
      { uid, name: file.name, size: file.size, percent: 0, status: 'uploading' },
    ]);
    uploadAttachment(file, (percent) => update(uid, { percent }), controller.signal)
      .then((uploaded) => update(uid, { status: 'done', percent: 100, uploaded }))
      .catch((error: unknown) => {
        if (error instanceof UploadAborted) return;
        update(uid, { status: 'error' });
        notify.error(error instanceof Error ? error.message : ATTACHMENT_MESSAGES.uploadFailed(file.name));
      })
      .finally(() => controllers.current.delete(uid));
  };

  const removePending = (uid: string) => {
    controllers.current.get(uid)?.abort();
    setPending((list) => list.filter((item) => item.uid !== uid));
  };

  const removeSaved = async (file: QualityFile) => {
    await deleteAttachment(point.id, file.fileId);
    setFiles((list) => list.filter((item) => item.fileId !== file.fileId));
    setChanged(true);
    onSaved?.();
  };

  const zipAll = async () => {
    setZipping(true);
    try {
      await downloadAll(point);
    } catch {
      notify.error(ATTACHMENT_MESSAGES.downloadFailed);
    } finally {
      setZipping(false);
    }
  };

  const save = async () => {
    if (pending.some((item) => item.status === 'uploading')) {
      notify.warning(UPLOADING_MESSAGE);
      return;
    }
    const uploaded = pending.flatMap((item) =>
      item.status === 'done' && item.uploaded ? [item.uploaded] : [],
    );
    if (uploaded.length === 0) {
      if (changed) onClose();
      else notify.warning(ATTACHMENT_MESSAGES.noneChosen);
      return;
    }
    setSaving(true);
    try {
      const list = await saveAttachments({
        pointId: point.id,
        objectTaskId: point.objectTaskId,
        stage: uploadStage,
        files: uploaded,
      });
      setFiles(list);
      setPending([]);
      notify.success(ATTACHMENT_MESSAGES.saved);
      onSaved?.();
      onClose();
    } catch {
      // The client has shown meta.message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const hasFiles = files.length > 0;
  const footer = editable
    ? [
        <Button key="cancel" onClick={onClose} disabled={isSaving}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={isSaving} onClick={save}>
          确定
        </Button>,
      ]
    : [
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ];

  return (
    <>
      <Modal
        title={editable ? '支撑附件' : '附件下载'}
        open={open}
        width={DIALOG_WIDTH}
        onCancel={isSaving ? undefined : onClose}
        mask={{ closable: false }}
        footer={footer}
        destroyOnHidden
      >
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
                  start(file);
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
                  value={uploadStage}
                  onChange={setUploadStage}
                  options={stageOptions()}
                />
              </Space>
            </Space>
          ) : (
            <span />
          )}
          <Button icon={<DownloadOutlined />} loading={isZipping} disabled={!hasFiles} onClick={zipAll}>
            下载全部
          </Button>
        </Flex>

        {pending.length > 0 && (
          <section aria-label="本次上传" style={{ marginBottom: 12 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              本次上传
            </Typography.Title>
            {pending.map((item) => (
              <Flex key={item.uid} align="center" gap={8} style={ROW_STYLE}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <FileLabel name={item.name} size={item.size} />
                  <Progress
                    percent={item.percent}
                    size="small"
                    status={
                      item.status === 'error' ? 'exception' : item.status === 'done' ? 'success' : 'active'
                    }
                  />
                </div>
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={`移除 ${item.name}`}
                  icon={<DeleteOutlined />}
                  onClick={() => removePending(item.uid)}
                />
              </Flex>
            ))}
          </section>
        )}

        {groupFiles(files).map((group) => (
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
                    <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview(file)}>
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
                      onConfirm={() => removeSaved(file)}
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
        ))}
      </Modal>
      <Modal
        title={preview?.fileName}
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={null}
        width="80%"
        destroyOnHidden
      >
        {preview &&
          (isImage(preview.fileName) ? (
            <img
              src={preview.url}
              alt={preview.fileName}
              style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
            />
          ) : (
            <iframe
              src={preview.url}
              title={preview.fileName}
              style={{ width: '100%', height: '70vh', border: 0 }}
            >
              您的浏览器不支持 iframe 标签。
            </iframe>
          ))}
      </Modal>
    </>
  );
}
