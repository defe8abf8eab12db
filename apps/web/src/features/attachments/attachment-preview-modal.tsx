import type { QualityFile } from '@eduqa/contract';
import { Modal } from 'antd';
import { isImage } from './upload-plan.ts';

/** 预览: an image shown whole, a PDF in a frame. */
export function AttachmentPreviewModal({
  preview,
  onClose,
}: {
  preview: QualityFile | null;
  onClose(): void;
}) {
  return (
    <Modal
      title={preview?.fileName}
      open={preview !== null}
      onCancel={onClose}
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
  );
}
