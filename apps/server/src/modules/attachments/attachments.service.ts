/// <reference path="./archiver.d.ts" />
import { Readable } from 'node:stream';
import {
  ATTACHMENT_MESSAGES,
  type AttachFiles,
  type DetachFile,
  type ObjectTaskFilesQuery,
  type PointFile,
  type PointFilesZip,
  type QualityFile,
  type UploadedFile,
} from '@eduqa/contract';
import { ZipArchive } from 'archiver';
import type { Actor } from '../../platform/access.ts';
import { cleanFileName } from '../../platform/control-chars.ts';
import { notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import type { DiagnosisAccess } from '../diagnosis/diagnosis.access.ts';
import { toQualityFile } from '../diagnosis/diagnosis-rows.repo.ts';
import type { FilesService } from '../files/files.service.ts';
import { checkAttachment, mimeOf } from '../files/uploads.checks.ts';
import type { AttachmentsRepo } from './attachments.repo.ts';

/** `name.ext`, `name(1).ext`, `name(2).ext`… so no zip entry hides another. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = cleanFileName(raw);
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 1; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem}(${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

interface AttachmentsDeps {
  repo: AttachmentsRepo;
  access: DiagnosisAccess;
  files: FilesService;
  storage: FileStorage;
}

/** Attachments of quality points by stage (spec 2 §2.6): the charger attaches, readers download. */
export function createAttachmentsService(deps: AttachmentsDeps) {
  return {
    ...attachmentWrites(deps),
    ...attachmentReads(deps),
  };
}

/** Uploading, attaching and detaching: the charger's side. */
function attachmentWrites({ repo, access, files }: AttachmentsDeps) {
  return {
    /** The single upload: the file belongs to its uploader until it is attached. */
    async upload(actor: Actor, file: { name: string; bytes: Uint8Array }): Promise<UploadedFile> {
      const name = cleanFileName(file.name);
      const fileType = checkAttachment(name, file.bytes.length);
      const fileId = await files.save({
        name,
        mime: mimeOf(name),
        bytes: file.bytes,
        ownerUserId: actor.userId,
      });
      return { fileId, fileName: name, fileType, size: file.bytes.length };
    },

    /** uploadFileList: the charger attaches their uploads to a point at a stage. */
    async saveList(actor: Actor, input: AttachFiles): Promise<QualityFile[]> {
      const right = await access.pointRight(actor, input.assignedPointId, 'edit');
      if (input.objectTaskId && input.objectTaskId !== right.objectTaskId) throw notFound('质控点不存在');
      const { refused } = await repo.attach({
        assignedPointId: input.assignedPointId,
        stage: input.stage,
        fileIds: input.files.map((item) => item.fileId),
        ownerUserId: actor.userId,
        newId,
      });
      if (refused.length > 0) throw notFound('附件不存在');
      return (await repo.filesOfPoint(input.assignedPointId)).map(toQualityFile);
    },

    /** deleteFile: the charger removes an attachment from the point. */
    async remove(actor: Actor, input: DetachFile) {
      await access.pointRight(actor, input.assignedPointId, 'edit');
      if (!(await repo.detach(input.assignedPointId, input.fileId))) throw notFound('附件不存在');
    },
  };
}

/** Listing, opening and zipping attached files: the readers' side. */
function attachmentReads({ repo, access, storage }: AttachmentsDeps) {
  const canRead = async (actor: Actor, assignedPointId: string) =>
    (await access.pointStanding(actor, assignedPointId)) !== null;

  return {
    /** file/list: the supporting files of an object task the caller reads. */
    async objectTaskFiles(
      actor: Actor,
      query: ObjectTaskFilesQuery,
    ): Promise<{ records: PointFile[]; total: number }> {
      await access.objectTaskRight(actor, query.objectTaskId, 'read');
      const page = await repo.pageObjectTaskFiles(
        {
          objectTaskId: query.objectTaskId,
          assignedPointId: query.assignedPointId,
          stage: query.stage,
          keyword: query.keyword,
        },
        query,
      );
      return {
        total: page.total,
        records: page.records.map((row) => {
          const file = toQualityFile(row);
          return {
            fileId: file.fileId,
            name: file.fileName,
            fileType: file.fileType,
            size: file.size,
            stage: file.stage,
            url: file.url,
            assignedPointId: row.assignedPointId,
            pointName: row.pointName,
            createdAt: row.createdAt,
          };
        }),
      };
    },

    /** One file, for its uploader or a reader of a point it is attached to; else not-found. */
    async open(actor: Actor, fileId: string) {
      const file = await repo.findFile(fileId);
      if (!file) throw notFound('附件不存在');
      let allowed = file.ownerUserId === actor.userId;
      if (!allowed) {
        for (const pointId of await repo.pointsOfFile(fileId)) {
          if (await canRead(actor, pointId)) {
            allowed = true;
            break;
          }
        }
      }
      if (!allowed) throw notFound('附件不存在');
      return { file, bytes: await storage.get(file.storageKey) };
    },

    /**
     * The point's files (or the chosen ones) as a zip stream named `<point name>支撑附件.zip`.
     * Each file is read from storage only when the archive reaches it.
     */
    async zip(actor: Actor, input: PointFilesZip) {
      await access.pointRight(actor, input.assignedPointId, 'read');
      const pointName = (await repo.pointName(input.assignedPointId)) ?? '质控点';
      const wanted = input.fileIds && input.fileIds.length > 0 ? new Set(input.fileIds) : null;
      const rows = (await repo.filesOfPoint(input.assignedPointId)).filter(
        (row) => !wanted || wanted.has(row.fileId),
      );
      if (rows.length === 0) throw notFound(ATTACHMENT_MESSAGES.noFiles);
      const names = uniqueNames(rows.map((row) => row.name));
      const archive = new ZipArchive({ zlib: { level: 6 } });
      rows.forEach((row, i) => {
        const lazy = Readable.from(
          (async function* () {
            yield await storage.get(row.storageKey);
          })(),
        );
        archive.append(lazy, { name: names[i]! });
      });
      void archive.finalize().catch(() => archive.destroy());
      return { fileName: `${ATTACHMENT_MESSAGES.zipName(pointName)}.zip`, stream: archive };
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
