import { describe, expect, it } from 'vitest';
import {
  casLoginUrl,
  casLogoutUrl,
  casValidateUrl,
  parseLogoutRequest,
  parseServiceValidate,
} from './sso.cas.ts';

const success = (inner: string) =>
  `<?xml version="1.0"?><cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess>${inner}</cas:authenticationSuccess></cas:serviceResponse>`;

describe('CAS 3.0 XML', () => {
  it('takes cas:user, decoding entities and CDATA', () => {
    expect(parseServiceValidate(success('<cas:user> li&amp;si </cas:user>'), '')).toEqual({
      ok: true,
      account: 'li&si',
      name: null,
    });
    expect(parseServiceValidate(success('<cas:user><![CDATA[wang]]></cas:user>'), 'user')).toMatchObject({
      account: 'wang',
    });
  });

  it('takes a configured attribute and the display name from the attributes', () => {
    const xml = success(
      '<cas:user>20260001</cas:user><cas:attributes><cas:uid>zhangsan</cas:uid><cas:cn>张&#19977;</cas:cn></cas:attributes>',
    );
    expect(parseServiceValidate(xml, 'uid')).toEqual({ ok: true, account: 'zhangsan', name: '张三' });
    expect(parseServiceValidate(xml, 'mail')).toEqual({
      ok: false,
      message: '统一身份认证的应答中没有账号属性「mail」，请联系管理员',
    });
  });

  it('reads answers without a namespace prefix', () => {
    const xml =
      '<serviceResponse><authenticationSuccess><user>zhao</user></authenticationSuccess></serviceResponse>';
    expect(parseServiceValidate(xml, '')).toMatchObject({ ok: true, account: 'zhao' });
  });

  it('turns failures into Chinese messages, known codes and unknown ones', () => {
    const failure = (code: string) =>
      `<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure code="${code}">no</cas:authenticationFailure></cas:serviceResponse>`;
    expect(parseServiceValidate(failure('INVALID_TICKET'), '')).toEqual({
      ok: false,
      message: '统一身份认证票据无效或已使用，请重新登录',
    });
    expect(parseServiceValidate(failure('ODD'), '')).toEqual({
      ok: false,
      message: '统一身份认证未通过（ODD），请重新登录',
    });
    expect(parseServiceValidate('<html>502</html>', '')).toEqual({
      ok: false,
      message: '统一身份认证服务的应答无法识别，请联系管理员',
    });
  });

  it('reads the ticket of a single-logout request', () => {
    const xml =
      '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>ST-1-abc</samlp:SessionIndex></samlp:LogoutRequest>';
    expect(parseLogoutRequest(xml)).toBe('ST-1-abc');
    expect(parseLogoutRequest('<samlp:LogoutRequest/>')).toBeUndefined();
  });

  it('builds the protocol addresses with the service encoded', () => {
    const service = 'https://q.edu.cn/api/sso/cas/callback';
    expect(casLoginUrl('https://cas.edu.cn/cas/', service)).toBe(
      'https://cas.edu.cn/cas/login?service=https%3A%2F%2Fq.edu.cn%2Fapi%2Fsso%2Fcas%2Fcallback',
    );
    expect(casValidateUrl('https://cas.edu.cn/cas', service, 'ST-1&x')).toBe(
      'https://cas.edu.cn/cas/serviceValidate?service=https%3A%2F%2Fq.edu.cn%2Fapi%2Fsso%2Fcas%2Fcallback&ticket=ST-1%26x',
    );
    expect(casLogoutUrl('https://cas.edu.cn/cas', service)).toBe(
      'https://cas.edu.cn/cas/logout?service=https%3A%2F%2Fq.edu.cn%2F',
    );
  });
});
