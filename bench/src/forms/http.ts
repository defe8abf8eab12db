import { csrfParams } from '@eduqa/contract';
import { DEMO_PASSWORD } from '../harness.ts';

/** A signed-in session as the browser keeps it: the cookie and the secret its POSTs sign CSRF tokens with. */
export interface RawSession {
  cookie: string;
  csrfSecret: string;
}

export async function signInRaw(baseUrl: string, account: string): Promise<RawSession> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account} failed: ${response.status}`);
  const { csrfSecret } = ((await response.json()) as { data: { csrfSecret: string } }).data;
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrfSecret };
}

/** One timed request: its status, the envelope's message, and the milliseconds until the body was read. */
export interface Answer {
  status: number;
  isSuccess: boolean;
  message: string;
  ms: number;
}

export async function timedRequest(
  url: string,
  init: { method: 'GET' | 'POST'; session?: RawSession; body?: unknown },
): Promise<Answer> {
  const { session } = init;
  const signed =
    init.method === 'POST' && session
      ? `${url.includes('?') ? '&' : '?'}${new URLSearchParams(csrfParams(session.csrfSecret, Date.now()))}`
      : '';
  const start = performance.now();
  try {
    const response = await fetch(`${url}${signed}`, {
      method: init.method,
      headers: {
        ...(session ? { cookie: session.cookie } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    const ms = performance.now() - start;
    let envelope: { meta?: { success?: boolean; message?: string } } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // a bare answer (the floor route, the ping) has no envelope
    }
    return {
      status: response.status,
      isSuccess: response.ok && envelope.meta?.success !== false,
      message: envelope.meta?.message ?? '',
      ms,
    };
  } catch (error) {
    return { status: 0, isSuccess: false, message: String(error), ms: performance.now() - start };
  }
}

/** Runs `work` over `items`, at most `limit` at a time (sign-ins cost a scrypt each: two cores, few at once). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
