import {
  ATTACHMENT_MESSAGES,
  diagnosisEndpoints,
  type FileStage,
  fromQualityFileWire,
  type QualityFile,
  type StageKey,
} from '@eduqa/contract';
import { call, callWithMessage, download, upload } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import type { UploadedAttachment, UploadTransport } from './upload-attachment.ts';

/** The wire's key of each stage; 自我诊断 is sent as zwzd (zjgj names the same stage). */
const STAGE_KEY: Record<FileStage, StageKey> = {
  standard: 'mbbz',
  warning: 'jcyj',
  diagnosis: 'zwzd',
  unfinish: 'unfinish',
  disqualified: 'disqualified',
};

/** uploadFileList: attach the uploaded files to the point at the stage; answers the point's files. */
export async function saveAttachments(input: {
  pointId: string;
  objectTaskId: string;
  stage: FileStage;
  files: readonly UploadedAttachment[];
}): Promise<QualityFile[]> {
  const files = await call(diagnosisEndpoints.fileList, {
    json: true,
    body: {
      zgzkdid: input.pointId,
      objTaskId: input.objectTaskId,
      stage: STAGE_KEY[input.stage],
      list: input.files.map((file) => ({
        fileId: file.fileId,
        fileName: file.fileName,
        fileType: file.fileType,
      })),
    },
  });
  return files.map(fromQualityFileWire);
}

export function deleteAttachment(pointId: string, fileId: string): Promise<null> {
  return call(diagnosisEndpoints.fileDelete, { body: { zgzkdid: pointId, fileId } });
}

/** The URL of one file: downloads it, and previews images and PDF inline (spec 2 §7.2). */
export function fileUrl(fileId: string): string {
  return `${diagnosisEndpoints.fileDownload.path}?id=${encodeURIComponent(fileId)}`;
}

/** All files of the point (or the given ones) as `<point name>支撑附件.zip`. */
export async function downloadAll(point: { id: string; name: string }, ids?: readonly string[]) {
  const blob = await download(diagnosisEndpoints.filesDownload.path, {
    query: { zgzkdid: point.id, ...(ids && ids.length > 0 ? { ids: ids.join(',') } : {}) },
    silent: true,
  });
  saveBlob(blob, `${ATTACHMENT_MESSAGES.zipName(point.name)}.zip`);
}

export const httpTransport: UploadTransport = {
  async single(file, onProgress, signal) {
    const form = new FormData();
    form.append('file', file, file.name);
    const answer = await upload(diagnosisEndpoints.upload, form, {
      onProgress,
      silent: true,
      ...(signal ? { signal } : {}),
    });
    return { fileId: answer.bh, fileName: answer.fileName, fileType: answer.fjlx, size: answer.size };
  },
  async chunk(input, onProgress, signal) {
    // The fields go before the file part: the server reads them as it streams.
    const form = new FormData();
    form.append('guid', input.guid);
    form.append('chunk', String(input.index));
    form.append('chunks', String(input.chunks));
    form.append('file', input.blob, input.fileName);
    await upload(diagnosisEndpoints.chunkUpload, form, {
      onProgress,
      silent: true,
      ...(signal ? { signal } : {}),
    });
  },
  received: (guid) => call(diagnosisEndpoints.chunkList, { query: { guid }, silent: true }),
  async merge(body) {
    // fName repeats the file name, as the spec's client sends it.
    const answer = await callWithMessage(diagnosisEndpoints.chunkMerge, {
      body: { ...body, fName: body.fileName },
      silent: true,
    });
    const { fjId, ...data } = answer.data;
    return { message: answer.message, data: { ...data, fileId: fjId } };
  },
};
