import { ATTACHMENT_MESSAGES, type FileStage } from '@eduqa/contract';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../shared/ui/feedback.tsx';
import { type UploadedAttachment, uploadAttachment } from './upload-attachment.ts';
import { UploadAborted } from './upload-plan.ts';

export interface PendingFile {
  uid: string;
  name: string;
  size: number;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  uploaded?: UploadedAttachment;
}

let uidCounter = 0;

/**
 * One opening of the attachment dialog: the files chosen and uploading (each with its progress and
 * abort), whether a saved file was deleted, and the stage new files go to.
 */
export function useUploadSession(open: boolean, stage: FileStage) {
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [changed, setChanged] = useState(false);
  // The stage of this upload: the caller's default, changed with the 上传阶段 select (issue 11).
  const [uploadStage, setUploadStage] = useState<FileStage>(stage);
  const controllers = useRef(new Map<string, AbortController>());

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

  return { pending, setPending, changed, setChanged, uploadStage, setUploadStage, start, removePending };
}

export type UploadSession = ReturnType<typeof useUploadSession>;
