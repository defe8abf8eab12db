import { ATTACHMENT_MESSAGES, type FileStage, type QualityFile } from '@eduqa/contract';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../shared/ui/feedback.tsx';
import { deleteAttachment, downloadAll } from './api.ts';
import { FileGroups, PendingUploads } from './attachment-file-list.tsx';
import { AttachmentPreviewModal } from './attachment-preview-modal.tsx';
import { AttachmentToolbar } from './attachment-toolbar.tsx';
import { useAttachmentSave } from './use-attachment-save.ts';
import { useUploadSession } from './use-upload-session.ts';

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

const DIALOG_WIDTH = 720;

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
  const [isZipping, setZipping] = useState(false);
  const [preview, setPreview] = useState<QualityFile | null>(null);

  useEffect(() => {
    if (open) setFiles(point.files);
  }, [open, point.files]);

  const session = useUploadSession(open, stage);
  const { isSaving, save } = useAttachmentSave({ point, session, setFiles, onClose, onSaved });

  const removeSaved = async (file: QualityFile) => {
    await deleteAttachment(point.id, file.fileId);
    setFiles((list) => list.filter((item) => item.fileId !== file.fileId));
    session.setChanged(true);
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
        <AttachmentToolbar
          editable={editable}
          session={session}
          isZipping={isZipping}
          hasFiles={files.length > 0}
          onZipAll={zipAll}
        />
        {session.pending.length > 0 && (
          <PendingUploads pending={session.pending} onRemove={session.removePending} />
        )}
        <FileGroups files={files} editable={editable} onPreview={setPreview} onDelete={removeSaved} />
      </Modal>
      <AttachmentPreviewModal preview={preview} onClose={() => setPreview(null)} />
    </>
  );
}
