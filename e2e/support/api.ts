import { createHmac } from 'node:crypto';
import { expect, request } from '@playwright/test';
import { DEMO_PASSWORD } from './session.ts';

/**
 * A signed-in API client of the spec for making a journey's own data: the session cookie kept by the
 * context, the CSRF pair per request. `get` and `post` paths are joined to `base` and must answer success.
 */
export async function apiAs(baseURL: string, account: string, base = '') {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/user/login', { data: { username: account, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { csrfSecret, userId } = (await login.json()).data as { csrfSecret: string; userId: string };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const csrfTimestamp = String(Date.now());
    const csrfToken = createHmac('sha256', csrfSecret).update(csrfTimestamp).digest('hex');
    const response = await api.post(`${base}${url}`, { data, params: { csrfTimestamp, csrfToken } });
    const body = await response.json();
    expect(body.meta?.success, `${url}: ${JSON.stringify(body.meta)}`).toBe(true);
    return body.data as T;
  };
  const get = async <T>(url: string, params: Record<string, string>): Promise<T> => {
    const body = await (await api.get(`${base}${url}`, { params })).json();
    expect(body.meta?.success, `${url}: ${JSON.stringify(body.meta)}`).toBe(true);
    return body.data as T;
  };
  return { api, userId, get, post };
}
