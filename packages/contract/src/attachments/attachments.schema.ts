import type { FileStage } from '../diagnosis/diagnosis.enums.ts';
import type { PagingQuery } from '../platform/envelope.ts';

/**
 * 支撑附件 (spec 2 §2.6) in English, as the server's attachments module reads them; the spec's names
 * (zgzkdid, dxrwid, fjlx, bh) are the wire's, mapped in `attachments.wire.ts`.
 */

/** A file just uploaded: it belongs to its uploader until it is attached. */
export interface UploadedFile {
  fileId: string;
  fileName: string;
  /** The extension the type check accepted. */
  fileType: string;
  size: number;
}

/** The charger attaches uploads to a point at a stage (uploadFileList). */
export interface AttachFiles {
  assignedPointId: string;
  objectTaskId?: string | undefined;
  stage: FileStage;
  files: Array<{ fileId: string; fileName: string; fileType: string }>;
}

/** The supporting files of an object task, by point, stage and name (file/list). */
export interface ObjectTaskFilesQuery extends PagingQuery {
  objectTaskId: string;
  assignedPointId?: string | undefined;
  stage?: FileStage | undefined;
  keyword?: string | undefined;
}

/** One attachment taken off a point (deleteFile). */
export interface DetachFile {
  assignedPointId: string;
  fileId: string;
}

/** A point's files (or the chosen ones) as one zip. */
export interface PointFilesZip {
  assignedPointId: string;
  fileIds?: string[] | undefined;
}
