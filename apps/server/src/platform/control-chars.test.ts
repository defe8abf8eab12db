import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, csrfQuery, signIn, type TestApp } from '../../test/app.ts';
import { CONTROL_CHAR_MESSAGE, cleanFileName, hasControlChar } from './control-chars.ts';

describe('hasControlChar', () => {
  it('finds NUL and the other controls anywhere in a value, keys included, but lets tab and line breaks be', () => {
    expect(hasControlChar('a\u0000b')).toBe(true);
    expect(hasControlChar({ list: [{ name: 'x\u001b[31m' }] })).toBe(true);
    expect(hasControlChar({ 'k\u0007': 'v' })).toBe(true);
    expect(hasControlChar({ text: '第一行\r\n第二行\t缩进', n: 1, ok: true, none: null })).toBe(false);
  });
});

describe('cleanFileName', () => {
  it('drops direction overrides, controls and directories', () => {
    expect(cleanFileName('report\u202egpj.txt')).toBe('reportgpj.txt');
    expect(cleanFileName('..\\..\\evil\u0000.xlsx')).toBe('evil.xlsx');
    expect(cleanFileName('\u2066\u2069')).toBe('file');
  });
});

describe('the global check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refused = (answer: { statusCode: number; json(): { meta: { message: string } } }) => {
    expect(answer.statusCode).toBe(400);
    expect(answer.json().meta.message).toBe(CONTROL_CHAR_MESSAGE);
  };

  it('answers 400 in Chinese for a NUL in a JSON body, a path parameter or a query, signed in or not', async () => {
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'ad\u0000min', password: 'x' },
      }),
    );
    refused(await t.app.inject({ method: 'GET', url: '/api/user/systemSetting/0%0001' }));
    refused(
      await t.app.inject({ method: 'GET', url: '/api/herm-sjgl/document/download?attachmentId=a%00b' }),
    );
  });

  it('answers 400 for a multipart upload without a boundary', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/portraitChange',
      query: csrfQuery(session.csrfSecret),
      headers: { cookie: session.cookie, 'content-type': 'multipart/form-data' },
      payload: 'no parts at all',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().meta.success).toBe(false);
  });
});
