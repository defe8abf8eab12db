/**
 * CAS 3.0 protocol pieces as pure functions: the login and logout addresses, and reading the XML that
 * `serviceValidate` answers and that single logout posts. The XML is small and fixed in shape, so it is
 * read with namespace-agnostic patterns instead of a parser dependency; any prefix (`cas:`, none) works.
 */

export type CasValidation =
  | { ok: true; account: string; name: string | null }
  | { ok: false; message: string };

const CAS_FAILURES: Record<string, string> = {
  INVALID_TICKET: '统一身份认证票据无效或已使用，请重新登录',
  INVALID_TICKET_SPEC: '统一身份认证票据无效，请重新登录',
  INVALID_SERVICE: '统一身份认证票据与本系统的回调地址不符，请联系管理员检查 CAS 回调地址',
  INVALID_REQUEST: '统一身份认证校验请求不完整，请重新登录',
  UNAUTHORIZED_SERVICE_PROXY: '本系统未获准使用该统一身份认证服务，请联系管理员',
  INTERNAL_ERROR: '统一身份认证服务内部错误，请稍后再试',
};

/** The server address without trailing slashes, so `${base}/login` never doubles one. */
const base = (serverUrl: string) => serverUrl.replace(/\/+$/, '');

export function casLoginUrl(serverUrl: string, serviceUrl: string): string {
  return `${base(serverUrl)}/login?service=${encodeURIComponent(serviceUrl)}`;
}

export function casValidateUrl(serverUrl: string, serviceUrl: string, ticket: string): string {
  return `${base(serverUrl)}/serviceValidate?service=${encodeURIComponent(serviceUrl)}&ticket=${encodeURIComponent(ticket)}`;
}

/** After CAS's own sign-out the browser comes back to the site's start page. */
export function casLogoutUrl(serverUrl: string, serviceUrl: string): string {
  return `${base(serverUrl)}/logout?service=${encodeURIComponent(`${new URL(serviceUrl).origin}/`)}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name] ?? whole;
    })
    .trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of the first element with this local name, whatever its namespace prefix. */
function element(xml: string, localName: string): { attributes: string; text: string } | undefined {
  const name = escapeRegExp(localName);
  const match = new RegExp(`<(?:[\\w.-]+:)?${name}(\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}\\s*>`).exec(
    xml,
  );
  return match ? { attributes: match[1] ?? '', text: match[2] ?? '' } : undefined;
}

/**
 * Reads a `serviceValidate` answer. `accountAttribute` empty or `user` takes `<cas:user>`; any other
 * name takes that element under `<cas:attributes>` (CAS 3.0 releases attributes there).
 */
export function parseServiceValidate(xml: string, accountAttribute: string): CasValidation {
  const failure = element(xml, 'authenticationFailure');
  if (failure) {
    const code = /\bcode\s*=\s*"([^"]*)"/.exec(failure.attributes)?.[1] ?? '';
    return {
      ok: false,
      message: CAS_FAILURES[code] ?? `统一身份认证未通过（${code || '未知原因'}），请重新登录`,
    };
  }
  const success = element(xml, 'authenticationSuccess');
  if (!success) return { ok: false, message: '统一身份认证服务的应答无法识别，请联系管理员' };
  const attributes = element(success.text, 'attributes')?.text ?? '';
  const wanted = accountAttribute.trim();
  const raw =
    wanted === '' || wanted === 'user'
      ? element(success.text, 'user')?.text
      : element(attributes, wanted)?.text;
  const account = raw === undefined ? '' : decodeXmlText(raw);
  if (!account) {
    return { ok: false, message: `统一身份认证的应答中没有账号属性「${wanted || 'user'}」，请联系管理员` };
  }
  const nameText = element(attributes, 'name')?.text ?? element(attributes, 'cn')?.text;
  return { ok: true, account, name: nameText ? decodeXmlText(nameText) || null : null };
}

/** The ticket a single-logout request names (`<samlp:SessionIndex>`), if any. */
export function parseLogoutRequest(xml: string): string | undefined {
  const index = element(xml, 'SessionIndex');
  const ticket = index ? decodeXmlText(index.text) : '';
  return ticket || undefined;
}
