import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * C0 controls but tab, line feed and carriage return, and DEL. PostgreSQL refuses a NUL in text, so
 * one reaching a query answered 500; the others have no place in a form's text either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A surrogate without its pair: JSON's `\ud800` escape makes one, and it has no UTF-8 form, so
 * PostgreSQL refuses the text and the request answered 500. Without the `u` flag the pattern sees code units.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const CONTROL_ALL = new RegExp(CONTROL.source, 'g');
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * The text with what PostgreSQL cannot store (a NUL, a lone surrogate) and the other controls replaced by
 * U+FFFD: for the platform's own records of a refused request, which must be written even when the request
 * carried exactly what it was refused for.
 */
export const storableText = (text: string) =>
  text.replace(CONTROL_ALL, '\uFFFD').replace(LONE_SURROGATE_ALL, '\uFFFD');

export const CONTROL_CHAR_MESSAGE = '输入内容含有不允许的控制字符，请删除后重试';
export const INVALID_ENCODING_MESSAGE = '输入内容含有无效的字符编码，请删除后重试';

const flawOf = (text: string) =>
  CONTROL.test(text) ? CONTROL_CHAR_MESSAGE : LONE_SURROGATE.test(text) ? INVALID_ENCODING_MESSAGE : null;

/**
 * The Chinese refusal for the first string in the value that cannot be stored (a control character or
 * a lone surrogate), keys and nested objects and arrays included; null when every string is fine.
 * Walks with a list rather than recursion, so that no depth of nesting is left unchecked. Raw bodies
 * (a Buffer) hold bytes, not text, and are not walked.
 */
export function textFlaw(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      const flaw = flawOf(item);
      if (flaw) return flaw;
    } else if (Array.isArray(item)) {
      // One at a time: spreading a list of hundreds of thousands would overflow the call's arguments.
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) pending.push(key, child);
    }
  }
  return null;
}

/** Refuses (400, in Chinese) a value that `textFlaw` finds fault with. */
export function checkText(value: unknown) {
  const flaw = textFlaw(value);
  if (flaw) throw new AppError('VALIDATION', flaw);
}

/**
 * Whether a URL's query holds percent-escapes that are not UTF-8, as `%ED%A0%80` (a surrogate's bytes).
 * The query parser keeps such a value as its raw text, to be searched for or stored as typed. A '%' not
 * followed by two hex digits is a literal percent sign, not an escape, and is let be.
 */
export function hasBrokenQueryEncoding(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return false;
  try {
    decodeURIComponent(url.slice(start + 1).replace(/%(?![0-9a-f]{2})/gi, '%25'));
    return false;
  } catch {
    return true;
  }
}

/**
 * One check before any handler: a path parameter, query value or parsed body (JSON or form) holding a
 * control character or a lone surrogate, or a query whose escapes are not UTF-8, is answered 400 in
 * Chinese. Multipart fields are read by the handlers, which use the same `checkText`.
 */
export function installControlCharCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasBrokenQueryEncoding(request.url)) throw new AppError('VALIDATION', INVALID_ENCODING_MESSAGE);
    checkText(request.params);
    checkText(request.query);
    checkText(request.body);
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
