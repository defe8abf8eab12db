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

const failureWithoutCode =
  '<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure>no</cas:authenticationFailure></cas:serviceResponse>';

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

  it('keeps an account as text and takes the first of repeated elements', () => {
    const xml = success(
      '<cas:user type="staff">007</cas:user><cas:attributes><cas:name>李四</cas:name><cas:name>Li Si</cas:name></cas:attributes>',
    );
    expect(parseServiceValidate(xml, '')).toEqual({ ok: true, account: '007', name: '李四' });
    const other =
      '<a:serviceResponse xmlns:a="http://www.yale.edu/tp/cas"><a:authenticationSuccess><a:user>qian</a:user></a:authenticationSuccess></a:serviceResponse>';
    expect(parseServiceValidate(other, '')).toMatchObject({ ok: true, account: 'qian' });
  });

  it('reads a failure code whatever the prefix of the element and ignores its text', () => {
    const xml =
      '<serviceResponse xmlns="http://www.yale.edu/tp/cas"><authenticationFailure code="INVALID_SERVICE">&lt;b&gt;x</authenticationFailure></serviceResponse>';
    expect(parseServiceValidate(xml, '')).toEqual({
      ok: false,
      message: '统一身份认证票据与本系统的回调地址不符，请联系管理员检查 CAS 回调地址',
    });
    expect(parseServiceValidate(failureWithoutCode, '')).toEqual({
      ok: false,
      message: '统一身份认证未通过（未知原因），请重新登录',
    });
  });

  it('refuses an answer that declares entities: no expansion, no file read', () => {
    const unrecognised = { ok: false, message: '统一身份认证服务的应答无法识别，请联系管理员' };
    const laughs = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "admin"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${success('<cas:user>&c;</cas:user>')}`;
    expect(parseServiceValidate(laughs, '')).toEqual(unrecognised);
    const spoof = `<!DOCTYPE r [<!ENTITY who "admin">]>${success('<cas:user>&who;</cas:user>')}`;
    expect(parseServiceValidate(spoof, '')).toEqual(unrecognised);
    const external = `<!DOCTYPE r [<!ENTITY f SYSTEM "file:///etc/passwd">]>${success('<cas:user>&f;</cas:user>')}`;
    expect(parseServiceValidate(external, '')).toEqual(unrecognised);
    expect(
      parseLogoutRequest(
        `<!DOCTYPE r [<!ENTITY t "ST-9">]><LogoutRequest><SessionIndex>&t;</SessionIndex></LogoutRequest>`,
      ),
    ).toBeUndefined();
  });

  it('refuses what is not well-formed XML, or nested past reason', () => {
    const unrecognised = { ok: false, message: '统一身份认证服务的应答无法识别，请联系管理员' };
    expect(
      parseServiceValidate('<cas:authenticationSuccess><cas:user>x</cas:authenticationSuccess>', ''),
    ).toEqual(unrecognised);
    expect(parseServiceValidate('', '')).toEqual(unrecognised);
    expect(parseServiceValidate('authenticationSuccess user=admin', '')).toEqual(unrecognised);
    const deep = `${'<x>'.repeat(5000)}${success('<cas:user>deep</cas:user>')}${'</x>'.repeat(5000)}`;
    expect(parseServiceValidate(deep, '')).toEqual(unrecognised);
  });

  it('takes the account only where CAS puts it, not from a nested look-alike', () => {
    const xml = success('<cas:attributes><cas:user>admin</cas:user></cas:attributes>');
    expect(parseServiceValidate(xml, '')).toEqual({
      ok: false,
      message: '统一身份认证的应答中没有账号属性「user」，请联系管理员',
    });
    expect(parseServiceValidate(success('<cas:user/>'), '')).toMatchObject({ ok: false });
    expect(parseServiceValidate(success('<cas:user>x</cas:user>'), '__proto__')).toMatchObject({ ok: false });
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
