import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MESSAGES, MAX_UPLOAD_MB } from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';

export const MB = 1024 * 1024;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * MB;

const MIME: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  wps: 'application/vnd.ms-works',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  rar: 'application/vnd.rar',
  zip: 'application/zip',
};

/** The lower-case extension after the last dot, '' when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function mimeOf(name: string): string {
  return MIME[extensionOf(name)] ?? 'application/octet-stream';
}

/**
 * The attachment checks of spec 2 §5, in the client's order: type, then empty, then size.
 * Answers the extension.
 */
export function checkAttachment(name: string, size: number): string {
  const extension = extensionOf(name);
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.wrongType(ATTACHMENT_EXTENSIONS));
  }
  if (size === 0) throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.empty);
  if (size > MAX_UPLOAD_BYTES) {
    throw new AppError('TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge(name, MAX_UPLOAD_MB));
  }
  return extension;
}
