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
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes)
    throw new InterfaceError(`接口返回的数据超过 ${Math.round(maxBytes / 1024)} KB 上限`);
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
      throw new InterfaceError(`接口返回的数据超过 ${Math.round(maxBytes / 1024)} KB 上限`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new InterfaceError(`接口在 ${limits.timeoutMs / 1000} 秒内没有响应`);
    throw new InterfaceError('无法连接接口地址，请检查地址和网络');
  }
  if (!response.ok) throw new InterfaceError(`接口返回错误状态 ${response.status}`);
  let text: string;
  try {
    text = await readLimited(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof InterfaceError) throw error;
    throw new InterfaceError(`接口在 ${limits.timeoutMs / 1000} 秒内没有返回完整数据`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InterfaceError('接口返回的不是合法的 JSON');
  }
}

const dayOfField = (raw: unknown): string | null => {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const ms = typeof raw === 'number' ? raw : Date.parse(raw.length === 10 ? `${raw}T00:00:00+08:00` : raw);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
};

/** The endpoint's rows: those without an object code are skipped; a list that is not there is an error. */
export async function fetchInterfaceRows(
  mapping: InterfaceMapping,
  limits: InterfaceLimits = DEFAULT_INTERFACE_LIMITS,
): Promise<InterfaceRow[]> {
  const list = pick(await fetchJson(mapping.url, limits), mapping.listPath);
  if (!Array.isArray(list))
    throw new InterfaceError(`接口数据中“${mapping.listPath || '顶层'}”不是列表，请检查列表路径`);
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
