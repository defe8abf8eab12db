import {
  ATTACHMENT_MESSAGES,
  CHUNK_SIZE,
  ChunkBodySchema,
  diagnosisEndpoints,
  MAX_UPLOAD_MB,
  MERGE_WAITING,
  PREVIEW_EXTENSIONS,
  toQualityFileWire,
} from '@eduqa/contract';
import type { FastifyRequest } from 'fastify';
import { access } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Router, withMessage } from '../../platform/route.ts';
import { validate } from '../../platform/validation.ts';
import { checkAttachment, extensionOf, MAX_UPLOAD_BYTES } from '../files/uploads.checks.ts';
import type { UploadsService } from '../files/uploads.service.ts';
import type { AttachmentsService } from './attachments.service.ts';

const improvement = access.menu('improvement');

/**
 * Reads the one `file` part of a multipart request (other fields first), up to `maxBytes`. A larger
 * file is reported, not thrown, so the caller can name it in the spec's message.
 */
async function readPart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.noneChosen);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20 } });
  if (!part) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.noneChosen);
  if (part.fieldname !== 'file') throw new AppError('VALIDATION', '文件字段应为 file');
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  const name = part.filename;
  try {
    const bytes = new Uint8Array(await part.toBuffer());
    return { name, bytes, fields, tooLarge: false };
  } catch (error) {
    const code = typeof error === 'object' && error && 'code' in error ? error.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return { name, bytes: new Uint8Array(), fields, tooLarge: true };
    throw error;
  }
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
  services: { attachments: AttachmentsService; uploads: UploadsService },
) {
  const { attachments, uploads } = services;

  router.route(diagnosisEndpoints.upload, improvement, async ({ actor, request }) => {
    const file = await readPart(request, MAX_UPLOAD_BYTES);
    if (file.tooLarge) {
      checkAttachment(file.name, 1); // the type is checked before the size
      throw new AppError('TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge(file.name, MAX_UPLOAD_MB));
    }
    return attachments.upload(actor, file);
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
    const answer = await uploads.merge(actor, body);
    return answer.state === 'merging' ? withMessage(answer, MERGE_WAITING) : answer;
  });

  router.route(diagnosisEndpoints.fileList, improvement, async ({ actor, body }) =>
    (await attachments.saveList(actor, body)).map(toQualityFileWire),
  );

  router.route(diagnosisEndpoints.fileDelete, improvement, async ({ actor, body }) => {
    await attachments.remove(actor, body);
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
    const { fileName, stream } = await attachments.zip(actor, query);
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
