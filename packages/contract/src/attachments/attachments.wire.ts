import type { z } from 'zod';
import { type FileStage, STAGE_KEYS, type StageKey } from '../diagnosis/diagnosis.enums.ts';
import type {
  FileDeleteBodySchema,
  FileListBodySchema,
  FilesDownloadQuerySchema,
  PointFilesQuerySchema,
} from '../diagnosis/diagnosis.schema.ts';
import type { UploadWireSchema } from '../diagnosis/diagnosis.wire.ts';
import type {
  AttachFiles,
  DetachFile,
  ObjectTaskFilesQuery,
  PointFilesZip,
  UploadedFile,
} from './attachments.schema.ts';

type UploadWire = z.infer<typeof UploadWireSchema>;
type FileListBodyWire = z.infer<typeof FileListBodySchema>;
type PointFilesQueryWire = z.infer<typeof PointFilesQuerySchema>;
type FileDeleteBodyWire = z.infer<typeof FileDeleteBodySchema>;
type FilesDownloadQueryWire = z.infer<typeof FilesDownloadQuerySchema>;

/** The wire's stage key (mbbz, jcyj…) of a stage. */
const stageKeyOf = (stage: FileStage): StageKey =>
  (Object.keys(STAGE_KEYS) as StageKey[]).find((key) => STAGE_KEYS[key] === stage)!;

export const toUploadWire = (f: UploadedFile): UploadWire => ({
  fjlx: f.fileType,
  bh: f.fileId,
  fileName: f.fileName,
  size: f.size,
});
export const fromUploadWire = (w: UploadWire): UploadedFile => ({
  fileId: w.bh,
  fileName: w.fileName,
  fileType: w.fjlx,
  size: w.size,
});

export const toAttachFilesWire = (a: AttachFiles): FileListBodyWire => ({
  zgzkdid: a.assignedPointId,
  ...(a.objectTaskId !== undefined ? { objTaskId: a.objectTaskId } : {}),
  stage: stageKeyOf(a.stage),
  list: a.files.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileType: f.fileType })),
});
export const fromAttachFilesWire = (w: FileListBodyWire): AttachFiles => ({
  assignedPointId: w.zgzkdid,
  ...(w.objTaskId !== undefined ? { objectTaskId: w.objTaskId } : {}),
  stage: STAGE_KEYS[w.stage],
  files: w.list.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileType: f.fileType })),
});

export const toObjectTaskFilesQueryWire = (q: ObjectTaskFilesQuery): PointFilesQueryWire => ({
  pageNum: q.pageNum,
  pageSize: q.pageSize,
  dxrwid: q.objectTaskId,
  ...(q.assignedPointId !== undefined ? { zgzkdid: q.assignedPointId } : {}),
  ...(q.stage !== undefined ? { stage: q.stage } : {}),
  ...(q.keyword !== undefined ? { keyword: q.keyword } : {}),
});
export const fromObjectTaskFilesQueryWire = (w: PointFilesQueryWire): ObjectTaskFilesQuery => ({
  pageNum: w.pageNum,
  pageSize: w.pageSize,
  objectTaskId: w.dxrwid,
  ...(w.zgzkdid !== undefined ? { assignedPointId: w.zgzkdid } : {}),
  ...(w.stage !== undefined ? { stage: w.stage } : {}),
  ...(w.keyword !== undefined ? { keyword: w.keyword } : {}),
});

export const toDetachFileWire = (d: DetachFile): FileDeleteBodyWire => ({
  zgzkdid: d.assignedPointId,
  fileId: d.fileId,
});
export const fromDetachFileWire = (w: FileDeleteBodyWire): DetachFile => ({
  assignedPointId: w.zgzkdid,
  fileId: w.fileId,
});

export const toPointFilesZipWire = (z: PointFilesZip): FilesDownloadQueryWire => ({
  zgzkdid: z.assignedPointId,
  ...(z.fileIds !== undefined ? { ids: z.fileIds } : {}),
});
export const fromPointFilesZipWire = (w: FilesDownloadQueryWire): PointFilesZip => ({
  assignedPointId: w.zgzkdid,
  ...(w.ids !== undefined ? { fileIds: w.ids } : {}),
});
