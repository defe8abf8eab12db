import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  csrfQuery,
  signIn,
  type TestApp,
} from '../../test/app.ts';
import {
  CONTROL_CHAR_MESSAGE,
  checkText,
  cleanFileName,
  hasBrokenQueryEncoding,
  INVALID_ENCODING_MESSAGE,
  textFlaw,
} from './control-chars.ts';

describe('textFlaw', () => {
  it('finds NUL and the other controls anywhere in a value, keys included, but lets tab and line breaks be', () => {
    expect(textFlaw('a\u0000b')).toBe(CONTROL_CHAR_MESSAGE);
    expect(textFlaw({ list: [{ name: 'x\u001b[31m' }] })).toBe(CONTROL_CHAR_MESSAGE);
    expect(textFlaw({ 'k\u0007': 'v' })).toBe(CONTROL_CHAR_MESSAGE);
    expect(textFlaw({ text: '第一行\r\n第二行\t缩进', n: 1, ok: true, none: null })).toBeNull();
  });

  it('finds a high surrogate without its low half, or a low one without its high half, keys included', () => {
    expect(textFlaw('x\ud800y')).toBe(INVALID_ENCODING_MESSAGE);
    expect(textFlaw('\udbff')).toBe(INVALID_ENCODING_MESSAGE);
    expect(textFlaw('x\udc00')).toBe(INVALID_ENCODING_MESSAGE);
    expect(textFlaw('\udc00\ud800')).toBe(INVALID_ENCODING_MESSAGE);
    expect(textFlaw({ list: [{ name: ['ok', 'a\udfffb'] }] })).toBe(INVALID_ENCODING_MESSAGE);
    expect(textFlaw({ 'k\ud83d': 'v' })).toBe(INVALID_ENCODING_MESSAGE);
  });

  it('lets pairs be: emoji and characters outside the basic plane are text', () => {
    expect(textFlaw({ '😀': '𠀀字\ud83d\ude00', list: ['\udbff\udfff'] })).toBeNull();
  });

  it('looks at any depth of nesting and leaves raw bytes alone', () => {
    let deep: unknown = 'x\ud800';
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(textFlaw(deep)).toBe(INVALID_ENCODING_MESSAGE);
    expect(textFlaw(Buffer.from([0xed, 0xa0, 0x80, 0x00]))).toBeNull();
  });

  it('is the refusal multipart fields get too', () => {
    expect(() => checkText({ kind: 'a\ud800' })).toThrow(INVALID_ENCODING_MESSAGE);
    expect(() => checkText({ kind: 'a\u0000' })).toThrow(CONTROL_CHAR_MESSAGE);
    expect(() => checkText({ kind: '专家' })).not.toThrow();
  });
});

describe('hasBrokenQueryEncoding', () => {
  it('finds escapes that are not UTF-8 in the query only', () => {
    expect(hasBrokenQueryEncoding('/a?k=%ED%A0%80')).toBe(true);
    expect(hasBrokenQueryEncoding('/a?k=%FF')).toBe(true);
    expect(hasBrokenQueryEncoding('/a?k=%E7%AE%A1&x=100%')).toBe(false);
    expect(hasBrokenQueryEncoding('/a%ED%A0%80?k=1')).toBe(false);
    expect(hasBrokenQueryEncoding('/a')).toBe(false);
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

  const refused = (
    answer: { statusCode: number; json(): { meta: { message: string } } },
    message = CONTROL_CHAR_MESSAGE,
  ) => {
    expect(answer.statusCode).toBe(400);
    expect(answer.json().meta.message).toBe(message);
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

  it('answers 400 in Chinese for a lone surrogate in a JSON value or key, where PostgreSQL answered 500', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/herm-znfx/schoolScreen/updateOwnSchool',
        query: csrfQuery(admin.csrfSecret),
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload,
      });
    refused(await post('{"schoolCode":"x\\ud800y"}'), INVALID_ENCODING_MESSAGE);
    refused(await post('{"schoolCode":"x","\\udc00":{"a":["\\ud800"]}}'), INVALID_ENCODING_MESSAGE);
  });

  it('answers 400 for the bytes of a surrogate, or any escape that is not UTF-8, in a query or a path', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    refused(await admin.get('/api/user/users/common?keyword=%ED%A0%80&pageNum=1'), INVALID_ENCODING_MESSAGE);
    refused(await admin.get('/api/user/users/common?%ED%A0%80=1'), INVALID_ENCODING_MESSAGE);
    refused(await admin.get('/api/user/users/common?keyword=%C3'), INVALID_ENCODING_MESSAGE);
    expect((await admin.get('/api/user/systemSetting/%ED%A0%80')).statusCode).toBe(400);
  });

  it('lets well-formed escapes and a bare percent sign in a query be', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect((await admin.get('/api/user/users/common?keyword=%E7%AE%A1%F0%9F%98%80')).statusCode).toBe(200);
    expect((await admin.get('/api/user/users/common?keyword=50%')).statusCode).toBe(200);
    expect((await admin.get('/api/user/users/common?keyword=%zz')).statusCode).toBe(200);
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
