import { ATTACHMENT_MESSAGES, type QualityFile } from '@eduqa/contract';
import { useState } from 'react';
import { notify } from '../../shared/ui/feedback.tsx';
import { saveAttachments } from './api.ts';
import type { UploadSession } from './use-upload-session.ts';

const UPLOADING_MESSAGE = '附件正在上传，请稍候';

interface AttachmentSaveInput {
  point: { id: string; objectTaskId: string };
  session: UploadSession;
  setFiles: (files: QualityFile[]) => void;
  onClose(): void;
  onSaved?(): void;
}

/**
 * 确定: waits for every upload to end, then files the uploaded ones under the chosen stage and closes;
 * with nothing uploaded it closes when a file was deleted, and otherwise says none was chosen.
 */
export function useAttachmentSave({ point, session, setFiles, onClose, onSaved }: AttachmentSaveInput) {
  const [isSaving, setSaving] = useState(false);
  const { pending } = session;

  const save = async () => {
    if (pending.some((item) => item.status === 'uploading')) {
      notify.warning(UPLOADING_MESSAGE);
      return;
    }
    const uploaded = pending.flatMap((item) =>
      item.status === 'done' && item.uploaded ? [item.uploaded] : [],
    );
    if (uploaded.length === 0) {
      if (session.changed) onClose();
      else notify.warning(ATTACHMENT_MESSAGES.noneChosen);
      return;
    }
    setSaving(true);
    try {
      const list = await saveAttachments({
        pointId: point.id,
        objectTaskId: point.objectTaskId,
        stage: session.uploadStage,
        files: uploaded,
      });
      setFiles(list);
      session.setPending([]);
      notify.success(ATTACHMENT_MESSAGES.saved);
      onSaved?.();
      onClose();
    } catch {
      // The client has shown meta.message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return { isSaving, save };
}
