import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Reads the one `file` part of a multipart request into memory, with its other fields. */
export async function readSingleFile(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) return undefined;
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20 } });
  if (!part) return undefined;
  if (part.fieldname !== 'file') throw new AppError('VALIDATION', '文件字段应为 file');
  const bytes = await part.toBuffer();
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
  }
  return { name: part.filename, bytes: new Uint8Array(bytes), fields };
}
