import {
  ATTACHMENT_MESSAGES,
  diagnosisEndpoints,
  type QualityFileWire,
  type StageKey,
} from '@eduqa/contract';
import { call, download } from '../../shared/api/client.ts';
import type { UploadedAttachment } from './upload-attachment.ts';

/** uploadFileList: attach the uploaded files to the point at the stage; answers the point's files. */
export function saveAttachments(input: {
  zgzkdid: string;
  objTaskId: string;
  stage: StageKey;
  files: readonly UploadedAttachment[];
}): Promise<QualityFileWire[]> {
  return call(diagnosisEndpoints.fileList, {
    json: true,
    body: {
      zgzkdid: input.zgzkdid,
      objTaskId: input.objTaskId,
      stage: input.stage,
      list: input.files.map((file) => ({
        fileId: file.fileId,
        fileName: file.fileName,
        fileType: file.fileType,
      })),
    },
  });
}

export function deleteAttachment(zgzkdid: string, fileId: string): Promise<null> {
  return call(diagnosisEndpoints.fileDelete, { body: { zgzkdid, fileId } });
}

/** The URL of one file: downloads it, and previews images and PDF inline (spec 2 §7.2). */
export function fileUrl(fileId: string): string {
  return `${diagnosisEndpoints.fileDownload.path}?id=${encodeURIComponent(fileId)}`;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** All files of the point (or the given ones) as `<point name>支撑附件.zip`. */
export async function downloadAll(point: { id: string; zkdmc: string }, ids?: readonly string[]) {
  const blob = await download(diagnosisEndpoints.filesDownload.path, {
    query: { zgzkdid: point.id, ...(ids && ids.length > 0 ? { ids: ids.join(',') } : {}) },
    silent: true,
  });
  saveBlob(blob, `${ATTACHMENT_MESSAGES.zipName(point.zkdmc)}.zip`);
}
