import {
  type BodyOf,
  csrfParams,
  type DataOf,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
} from '@eduqa/contract';
import { DEMO_PASSWORD } from '../harness.ts';

export interface CallArgs<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** A signed-in session over real HTTP: every call goes through routing, validation, CSRF and permissions. */
export interface ApiSession {
  call<E extends Endpoint>(endpoint: E, args?: CallArgs<E>): Promise<DataOf<E>>;
}

const stringify = (query: object | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
  );

/** Signs in as `account` and answers a session whose calls are typed from the contract. */
export async function openSession(baseUrl: string, account: string): Promise<ApiSession> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in of ${account} failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfSecret } = ((await login.json()) as { data: { csrfSecret: string } }).data;
  return {
    async call(endpoint, args = {}) {
      const path = fillPath(endpoint.path, args.params as Record<string, string | number> | undefined);
      const query = stringify(args.query as object | undefined);
      const post = endpoint.method === 'POST';
      const search = new URLSearchParams(post ? { ...query, ...csrfParams(csrfSecret, Date.now()) } : query);
      const response = await fetch(`${baseUrl}${path}?${search}`, {
        method: endpoint.method,
        headers: { cookie, ...(post ? { 'content-type': 'application/json' } : {}) },
        ...(post ? { body: JSON.stringify(args.body ?? {}) } : {}),
      });
      const envelope = (await response.json()) as {
        meta?: { success?: boolean; message?: string };
        data: unknown;
      };
      if (!response.ok || !envelope.meta?.success)
        throw new Error(`${endpoint.method} ${path}: ${response.status} ${envelope.meta?.message ?? ''}`);
      return envelope.data as DataOf<typeof endpoint>;
    },
  };
}
