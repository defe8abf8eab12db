import {
  ATTACHMENT_MESSAGES,
  CHUNK_SIZE,
  ChunkBodySchema,
  diagnosisEndpoints,
  fromAttachFilesWire,
  fromDetachFileWire,
  fromObjectTaskFilesQueryWire,
  fromPointFilesZipWire,
  MAX_UPLOAD_MB,
  MERGE_WAITING,
  PREVIEW_EXTENSIONS,
  toPointFileWire,
  toQualityFileWire,
  toUploadWire,
} from '@eduqa/contract';
import type { FastifyRequest } from 'fastify';
import { access } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { readFilePart } from '../../platform/multipart.ts';
import { toWirePage } from '../../platform/paging.ts';
import { type Router, withMessage } from '../../platform/route.ts';
import { validate } from '../../platform/validation.ts';
import { checkAttachment, extensionOf, MAX_UPLOAD_BYTES } from '../files/uploads.checks.ts';
import type { UploadsService } from '../files/uploads.service.ts';
import type { AttachmentsService } from './attachments.service.ts';

const improvement = access.menu('improvement');

/** The one `file` part; none is the spec's "nothing chosen". A larger file is reported, not thrown. */
async function readPart(request: FastifyRequest, maxBytes: number) {
  const part = await readFilePart(request, maxBytes);
  if (!part) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.noneChosen);
  return {
    name: part.name,
    fields: part.fields,
    bytes: part.bytes ?? new Uint8Array(),
    tooLarge: !part.bytes,
  };
}

/** `inline` or `attachment` with the UTF-8 name of RFC 5987 and an ASCII fallback. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Attachments of quality points and the chunked upload behind them (spec 2 §2.6, §4, §7.2). */
export function registerAttachmentsRoutes(
  router: Router,
  deps: { attachments: AttachmentsService; uploads: UploadsService },
) {
  const { attachments, uploads } = deps;

  router.route(diagnosisEndpoints.upload, improvement, async ({ actor, request }) => {
    const file = await readPart(request, MAX_UPLOAD_BYTES);
    if (file.tooLarge) {
      checkAttachment(file.name, 1); // the type is checked before the size
      throw new AppError('TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge(file.name, MAX_UPLOAD_MB));
    }
    return toUploadWire(await attachments.upload(actor, file));
  });

  router.route(diagnosisEndpoints.chunkUpload, improvement, async ({ actor, request }) => {
    const part = await readPart(request, CHUNK_SIZE);
    const fields = validate(ChunkBodySchema, part.fields);
    if (part.tooLarge) throw new AppError('TOO_LARGE', `分片大小不能超过${CHUNK_SIZE}字节`);
    return uploads.storeChunk(actor, { ...fields, bytes: part.bytes });
  });

  router.route(diagnosisEndpoints.chunkList, improvement, async ({ actor, query }) =>
    uploads.chunkList(actor, query.guid),
  );

  router.route(diagnosisEndpoints.chunkMerge, improvement, async ({ actor, body }) => {
    const { state, fileId, fileName, size } = await uploads.merge(actor, body);
    const wire = { state, fjId: fileId, fileName, size };
    return state === 'merging' ? withMessage(wire, MERGE_WAITING) : wire;
  });

  router.route(diagnosisEndpoints.fileList, improvement, async ({ actor, body }) =>
    (await attachments.saveList(actor, fromAttachFilesWire(body))).map(toQualityFileWire),
  );

  router.route(diagnosisEndpoints.pointFiles, improvement, async ({ actor, query }) =>
    toWirePage(
      await attachments.objectTaskFiles(actor, fromObjectTaskFilesQueryWire(query)),
      query,
      toPointFileWire,
    ),
  );

  router.route(diagnosisEndpoints.fileDelete, improvement, async ({ actor, body }) => {
    await attachments.remove(actor, fromDetachFileWire(body));
    return null;
  });

  router.route(diagnosisEndpoints.fileDownload, improvement, async ({ actor, query, reply }) => {
    const { file, bytes } = await attachments.open(actor, query.id);
    const preview = (PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
    reply
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition(preview ? 'inline' : 'attachment', file.name))
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });

  router.route(diagnosisEndpoints.filesDownload, improvement, async ({ actor, query, reply }) => {
    const { fileName, stream } = await attachments.zip(actor, fromPointFilesZipWire(query));
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
