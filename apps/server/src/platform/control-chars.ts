import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * C0 controls but tab, line feed and carriage return, and DEL. PostgreSQL refuses a NUL in text, so
 * one reaching a query answered 500; the others have no place in a form's text either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Whether any string in the value (nested objects and arrays included) holds a control character. */
export function hasControlChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasControlChar(item, depth + 1));
  return Object.entries(value).some(([key, item]) => CONTROL.test(key) || hasControlChar(item, depth + 1));
}

export const CONTROL_CHAR_MESSAGE = '输入内容含有不允许的控制字符，请删除后重试';

/**
 * One check before any handler: a path parameter, query value or parsed body (JSON or form) holding a
 * control character is answered 400 in Chinese. Multipart fields are read by the handlers, which use
 * the same `hasControlChar`.
 */
export function installControlCharCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasControlChar(request.params) || hasControlChar(request.query) || hasControlChar(request.body)) {
      throw new AppError('VALIDATION', CONTROL_CHAR_MESSAGE);
    }
  });
}

/** Bidirectional marks and overrides: `report\u202egpj.txt` would read as `reporttxt.jpg`. */
const HIDDEN_IN_NAMES =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name as it is stored and shown: its last path segment, without control characters or
 * direction marks, at most 200 characters (the end, which holds the extension); 'file' when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(HIDDEN_IN_NAMES, '').trim().slice(-200) || 'file';
}
