import { csrfParams, fillPath, type HttpMethod } from '@eduqa/contract';

/** What the request conventions of spec 1 §7 need to know about the signed-in user. */
export interface RequestIdentity {
  userId: string;
  userName: string;
  orgId: string | null;
  csrfSecret: string;
}

/** Only plain objects carry parameters; anything else (undefined included) carries none. */
function entriesOf(value: unknown): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value);
}

function scalar(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Key/value pairs as the server's form and query parsers read them: arrays as repeated keys (not
 * `key[]`), absent values left out, nested objects as JSON text.
 */
export function toSearchParams(value: unknown): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, item] of entriesOf(value)) {
    for (const element of Array.isArray(item) ? item : [item]) {
      const text = scalar(element);
      if (text !== null) search.append(key, text);
    }
  }
  return search;
}

/** Path parameters: `{ id: 'x' }` fills `/roles/{id}`; other shapes carry nothing. */
export function toPathParams(value: unknown): Record<string, string | number> | undefined {
  const entries = entriesOf(value).flatMap(
    ([key, item]): Array<[string, string | number]> =>
      typeof item === 'string' || typeof item === 'number' ? [[key, item]] : [],
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Header values must be Latin-1, and the spec's server decodes the name twice. */
export function identityHeaders(identity: RequestIdentity | null): Record<string, string> {
  if (!identity) return {};
  return {
    userId: identity.userId,
    userName: encodeURIComponent(encodeURIComponent(identity.userName)),
    orgId: identity.orgId ?? '',
  };
}

export interface BuildRequestInput {
  method: HttpMethod;
  path: string;
  params?: unknown;
  query?: unknown;
  body?: unknown;
  json?: boolean;
  identity: RequestIdentity | null;
  /** Local time in ms, already corrected by the server clock offset. */
  now: number;
}

export interface BuiltRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Form-encoded text, JSON text, or nothing. */
  data: string | undefined;
}

/**
 * One request under the conventions of spec 1 §7: identity headers; GET adds `timestamp` (defeats
 * caches) and the CSRF pair; POST puts the CSRF pair on the URL and sends a form-encoded body unless
 * `json` is asked for.
 */
export function buildRequest(input: BuildRequestInput): BuiltRequest {
  const search = toSearchParams(input.query);
  if (input.method === 'GET') search.set('timestamp', String(input.now));
  if (input.identity) {
    const pair = csrfParams(input.identity.csrfSecret, input.now);
    search.set('csrfTimestamp', pair.csrfTimestamp);
    search.set('csrfToken', pair.csrfToken);
  }
  const path = fillPath(input.path, toPathParams(input.params));
  const headers = identityHeaders(input.identity);
  let data: string | undefined;
  if (input.method === 'POST' && input.body !== undefined) {
    if (input.json) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      data = JSON.stringify(input.body);
    } else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      data = toSearchParams(input.body).toString();
    }
  }
  return { method: input.method, url: appendQuery(path, search), headers, data };
}

/** A URL that already carries a query string gets the extra parameters appended. */
export function appendQuery(url: string, search: URLSearchParams): string {
  const text = search.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/**
 * The CSRF token is refused when its timestamp is more than 10 minutes off the server's clock, and
 * school PCs often run with a wrong clock. The `Date` header of each answer tells the offset; it has
 * one-second precision and includes latency, so small differences are ignored.
 */
export function nextClockOffset(current: number, dateHeader: unknown, localNow: number): number {
  if (typeof dateHeader !== 'string') return current;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return current;
  const offset = server - localNow;
  return Math.abs(offset) > 60_000 ? offset : 0;
}
