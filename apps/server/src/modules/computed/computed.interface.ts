import { zonedTimeToMs } from '@eduqa/contract';
import { formatSchoolDate, schoolTimeZone } from '../../platform/time.ts';

/**
 * `interface` collection: one GET of another system's JSON endpoint per run and point, its rows mapped
 * to objects by code. Bounded in time and size; every failure is one Chinese sentence.
 */
export interface InterfaceMapping {
  url: string;
  listPath: string | null;
  codeField: string;
  valueField: string;
  dateField: string | null;
}

export interface InterfaceRow {
  code: string;
  /** undefined when the row has no value field. */
  value: unknown;
  /** 'YYYY-MM-DD' of the row's date field, or null when the mapping has none. */
  day: string | null;
}

export interface InterfaceLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_INTERFACE_LIMITS: InterfaceLimits = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 };

/** A failure of the other system, told in Chinese to the publisher at the gate. */
export class InterfaceError extends Error {
  override name = 'InterfaceError';
}

/** The answer has no such field (a JSON answer never holds `undefined`, so absent is undefined). */
export const missingFieldReason = (field: string) => `返回中缺少字段 ${field}`;

/** A dotted path into parsed JSON ('data.list'); empty → the value itself. */
export function pick(value: unknown, path: string | null): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The body, refused past `maxBytes` while it streams, so a huge answer never sits in memory. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const tooBig = () => new InterfaceError(`返回内容过大（超过 ${Math.round(maxBytes / 1024)} KB）`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooBig();
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Why fetch failed before any answer, from its cause (undici puts the socket's error there, with the
 * system's code): the publisher fixes a wrong port differently from a wrong host or a certificate.
 */
export function connectReason(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return `请求超时（${timeoutMs / 1000} 秒）`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | null) : null;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  const message = typeof cause?.message === 'string' ? cause.message : '';
  if (code === 'ECONNREFUSED') return '连接被拒绝：接口地址上没有服务在监听';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return '无法连接到接口地址：域名无法解析';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return '无法连接到接口地址：连接超时';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return '连接被接口服务器中断';
  if (/CERT|SSL|TLS/i.test(code)) return '无法连接到接口地址：HTTPS 证书校验失败';
  if (message === 'unexpected redirect') return '接口返回了重定向，请填写重定向后的地址';
  if (message === 'bad port') return '接口地址的端口不允许访问';
  return '无法连接到接口地址，请检查地址和网络';
}

async function fetchJson(url: string, limits: InterfaceLimits): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(limits.timeoutMs),
    });
  } catch (error) {
    throw new InterfaceError(connectReason(error, limits.timeoutMs));
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new InterfaceError(`HTTP 状态码 ${response.status}`);
  }
  let text: string;
  try {
    text = await readLimited(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof InterfaceError) throw error;
    throw new InterfaceError(`请求超时（${limits.timeoutMs / 1000} 秒内没有返回完整数据）`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InterfaceError('返回内容不是 JSON');
  }
}

const dayOfField = (raw: unknown): string | null => {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const ms =
    typeof raw === 'number'
      ? raw
      : raw.length === 10
        ? zonedTimeToMs(`${raw}T00:00:00`, schoolTimeZone())
        : Date.parse(raw);
  if (Number.isNaN(ms)) return null;
  return formatSchoolDate(new Date(ms));
};

/**
 * The endpoint's rows: those without an object code are skipped; a list that is not there is an error,
 * and so is a list none of whose items has the code field (the mapping, not the data, is wrong).
 */
export async function fetchInterfaceRows(
  mapping: InterfaceMapping,
  limits: InterfaceLimits = DEFAULT_INTERFACE_LIMITS,
): Promise<InterfaceRow[]> {
  const list = pick(await fetchJson(mapping.url, limits), mapping.listPath);
  if (list === undefined && mapping.listPath) throw new InterfaceError(missingFieldReason(mapping.listPath));
  if (!Array.isArray(list))
    throw new InterfaceError(`返回中的“${mapping.listPath || '顶层'}”不是列表，请检查列表路径`);
  if (list.length > 0 && list.every((item) => pick(item, mapping.codeField) === undefined))
    throw new InterfaceError(missingFieldReason(mapping.codeField));
  const rows: InterfaceRow[] = [];
  for (const item of list) {
    const code = pick(item, mapping.codeField);
    if (typeof code !== 'string' && typeof code !== 'number') continue;
    rows.push({
      code: String(code).trim(),
      value: pick(item, mapping.valueField),
      day: mapping.dateField ? dayOfField(pick(item, mapping.dateField)) : null,
    });
  }
  return rows;
}
