import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { checkText } from './control-chars.ts';
import { AppError } from './errors.ts';

const MALFORMED = '上传请求格式不正确，请重新选择文件上传';

const codeOf = (error: unknown) =>
  typeof error === 'object' && error && 'code' in error ? (error as { code: unknown }).code : undefined;

/** Busboy's own complaints (no boundary, a cut-off body) carry no code: the client sent a broken request. */
const asClientError = (error: unknown) =>
  codeOf(error) === undefined ? new AppError('VALIDATION', MALFORMED) : error;

function fieldsOf(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  checkText(fields);
  return fields;
}

/**
 * The one `file` part of a multipart request (its other fields sent first), up to `maxBytes`:
 * undefined when the request is not multipart or holds no file; `bytes` null when the file is larger,
 * so the caller can name it in its own message. Whoever stores the file cleans its name (cleanFileName).
 */
export async function readFilePart(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) return undefined;
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20 } });
  } catch (error) {
    throw asClientError(error);
  }
  if (!part) return undefined;
  if (part.fieldname !== 'file') throw new AppError('VALIDATION', '文件字段应为 file');
  const fields = fieldsOf(part);
  const name = part.filename;
  try {
    return { name, fields, bytes: new Uint8Array(await part.toBuffer()) as Uint8Array | null };
  } catch (error) {
    if (codeOf(error) === 'FST_REQ_FILE_TOO_LARGE') return { name, fields, bytes: null };
    throw asClientError(error);
  }
}

/** Reads the one `file` part into memory, with its other fields; a larger file is refused (413). */
export async function readSingleFile(request: FastifyRequest, maxBytes: number) {
  const part = await readFilePart(request, maxBytes);
  if (!part) return undefined;
  if (!part.bytes) throw new AppError('TOO_LARGE', '文件过大');
  return { name: part.name, bytes: part.bytes, fields: part.fields };
}
