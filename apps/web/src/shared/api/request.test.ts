import { csrfParams, csrfToken } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  appendQuery,
  buildRequest,
  identityHeaders,
  nextClockOffset,
  toPathParams,
  toSearchParams,
} from './request.ts';

const identity = { userId: 'u1', userName: '王芳', orgId: 'd08', csrfSecret: 'secret' };
const NOW = 1_760_000_000_000;

describe('toSearchParams', () => {
  it('repeats keys for arrays and leaves out absent values', () => {
    const search = toSearchParams({
      ids: ['a', 'b'],
      name: '张三',
      empty: '',
      none: undefined,
      nil: null,
      n: 3,
    });
    expect(search.getAll('ids')).toEqual(['a', 'b']);
    expect(search.get('name')).toBe('张三');
    expect(search.get('empty')).toBe('');
    expect(search.has('none')).toBe(false);
    expect(search.has('nil')).toBe(false);
    expect(search.get('n')).toBe('3');
  });

  it('writes booleans as text and nested objects as JSON', () => {
    const search = toSearchParams({ flag: false, nested: { a: 1 } });
    expect(search.get('flag')).toBe('false');
    expect(search.get('nested')).toBe('{"a":1}');
  });

  it('carries nothing for a missing or non-object value', () => {
    expect(toSearchParams(undefined).toString()).toBe('');
    expect(toSearchParams('x').toString()).toBe('');
  });
});

describe('toPathParams', () => {
  it('keeps string and number values only', () => {
    expect(toPathParams({ id: 'x', n: 2, skip: true })).toEqual({ id: 'x', n: 2 });
    expect(toPathParams(undefined)).toBeUndefined();
  });
});

describe('identity headers', () => {
  it('sends the user name URL-encoded twice', () => {
    const headers = identityHeaders(identity);
    expect(headers.userName).toBe(encodeURIComponent(encodeURIComponent('王芳')));
    expect(decodeURIComponent(decodeURIComponent(headers.userName ?? ''))).toBe('王芳');
    expect(headers).toMatchObject({ userId: 'u1', orgId: 'd08' });
  });

  it('sends an empty organisation id when the user has none, and nothing when signed out', () => {
    expect(identityHeaders({ ...identity, orgId: null }).orgId).toBe('');
    expect(identityHeaders(null)).toEqual({});
  });
});

describe('buildRequest', () => {
  it('adds timestamp and the CSRF pair to a GET', () => {
    const built = buildRequest({
      method: 'GET',
      path: '/api/user/roles',
      query: { pageNum: 1, pageSize: 500 },
      identity,
      now: NOW,
    });
    const url = new URL(built.url, 'http://x');
    expect(url.pathname).toBe('/api/user/roles');
    expect(url.searchParams.get('pageNum')).toBe('1');
    expect(url.searchParams.get('timestamp')).toBe(String(NOW));
    expect(url.searchParams.get('csrfTimestamp')).toBe(String(NOW));
    expect(url.searchParams.get('csrfToken')).toBe(csrfToken('secret', String(NOW)));
    expect(built.data).toBeUndefined();
  });

  it('puts the CSRF pair on the URL of a POST and form-encodes the body', () => {
    const built = buildRequest({
      method: 'POST',
      path: '/api/user/admin/roles/{id}/update',
      params: { id: 'r 1' },
      body: { roleName: '角色', menuKeys: ['index', 'report'] },
      identity,
      now: NOW,
    });
    const url = new URL(built.url, 'http://x');
    expect(url.pathname).toBe('/api/user/admin/roles/r%201/update');
    expect(url.searchParams.has('timestamp')).toBe(false);
    expect(url.searchParams.get('csrfToken')).toBe(csrfToken('secret', String(NOW)));
    expect(built.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(built.data);
    expect(body.get('roleName')).toBe('角色');
    expect(body.getAll('menuKeys')).toEqual(['index', 'report']);
  });

  it('sends JSON when asked', () => {
    const built = buildRequest({
      method: 'POST',
      path: '/api/x/ids/delete',
      body: { ids: ['1', '2'] },
      json: true,
      identity,
      now: NOW,
    });
    expect(built.headers['Content-Type']).toMatch(/^application\/json/);
    expect(JSON.parse(built.data ?? '')).toEqual({ ids: ['1', '2'] });
  });

  it('sends no body and no content type for a POST without one', () => {
    const built = buildRequest({ method: 'POST', path: '/api/user/logout', identity, now: NOW });
    expect(built.data).toBeUndefined();
    expect(built.headers['Content-Type']).toBeUndefined();
  });

  it('signs nothing without a session, but still defeats caches on GET', () => {
    const built = buildRequest({
      method: 'GET',
      path: '/api/user/systemSetting/{appId}',
      params: { appId: '001' },
      identity: null,
      now: NOW,
    });
    expect(built.url).toBe(`/api/user/systemSetting/001?timestamp=${NOW}`);
    expect(built.headers).toEqual({});
  });

  it('appends to a URL that already has a query', () => {
    const built = buildRequest({ method: 'GET', path: '/api/file?attachmentId=a', identity: null, now: NOW });
    expect(built.url).toBe(`/api/file?attachmentId=a&timestamp=${NOW}`);
    expect(appendQuery('/a', new URLSearchParams())).toBe('/a');
  });
});

describe('csrfParams', () => {
  it('pairs the timestamp with its token', () => {
    expect(csrfParams('k', 42)).toEqual({ csrfTimestamp: '42', csrfToken: csrfToken('k', '42') });
  });
});

describe('nextClockOffset', () => {
  const local = Date.parse('2026-03-01T08:00:00Z');
  it('follows a server clock that is far off', () => {
    expect(nextClockOffset(0, 'Sun, 01 Mar 2026 08:20:00 GMT', local)).toBe(20 * 60_000);
  });
  it('ignores differences within a minute (header precision and latency)', () => {
    expect(nextClockOffset(5 * 60_000, 'Sun, 01 Mar 2026 08:00:30 GMT', local)).toBe(0);
  });
  it('keeps the current offset when the header is missing or unreadable', () => {
    expect(nextClockOffset(7, undefined, local)).toBe(7);
    expect(nextClockOffset(7, 'garbage', local)).toBe(7);
  });
});
