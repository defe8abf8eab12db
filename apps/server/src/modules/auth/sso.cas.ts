/**
 * CAS 3.0 protocol pieces as pure functions: the login and logout addresses, and reading the XML that
 * `serviceValidate` answers and that single logout posts. The answer is the sign-in assertion, so it is
 * read with an XML parser, not patterns: namespace prefixes (`cas:`, none) are dropped, entities and CDATA
 * decoded, and a document that is not well-formed or declares entities is refused as unrecognisable.
 */
import { ENTITY_ACTION, EntityDecoder } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const ATTRIBUTE = '@_';
const TEXT = '#text';

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

/**
 * Numeric character references are decoded (`&#19977;` is 三); the five XML entities too. An entity a
 * DOCTYPE declares throws, so a hostile answer (entity expansion) is refused before anything expands;
 * external entities the parser refuses itself.
 */
const entities = new EntityDecoder({ numericAllowed: true, onInputEntity: () => ENTITY_ACTION.THROW });

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  // An account like 20260001 stays the text it is, leading zeros and all.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  entityDecoder: entities,
});

/** The parsed document, or undefined when the text is no well-formed XML or declares entities. */
function parseXml(xml: string): unknown {
  if (XMLValidator.validate(xml) !== true) return undefined;
  try {
    const parsed: unknown = parser.parse(xml);
    return parsed;
  } catch {
    // Declared entities, nesting past the parser's limit: an answer no CAS server sends.
    return undefined;
  }
}

const isElement = (node: unknown): node is Record<string, unknown> =>
  typeof node === 'object' && node !== null && !Array.isArray(node);

/** A repeated element parses as an array; the first one counts, as in document order. */
const first = (node: unknown): unknown => (Array.isArray(node) ? node[0] : node);

/** The direct child with this local name. */
function child(node: unknown, localName: string): unknown {
  return isElement(node) ? first(node[localName]) : undefined;
}

/** The first element with this local name at any depth, in document order. */
function descendant(node: unknown, localName: string): unknown {
  const nodes = Array.isArray(node) ? node : [node];
  for (const each of nodes) {
    if (!isElement(each)) continue;
    for (const [name, value] of Object.entries(each)) {
      if (name.startsWith(ATTRIBUTE) || name === TEXT) continue;
      if (name === localName) return first(value);
      const found = descendant(value, localName);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** An element's own text: a leaf parses as its string, an element with attributes keeps it in `#text`. */
function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  const text = isElement(node) ? node[TEXT] : undefined;
  return typeof text === 'string' ? text : '';
}

function attributeOf(node: unknown, name: string): string {
  const value = isElement(node) ? node[`${ATTRIBUTE}${name}`] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * Reads a `serviceValidate` answer. `accountAttribute` empty or `user` takes `<cas:user>`; any other
 * name takes that element under `<cas:attributes>` (CAS 3.0 releases attributes there).
 */
export function parseServiceValidate(xml: string, accountAttribute: string): CasValidation {
  const document = parseXml(xml);
  const failure = descendant(document, 'authenticationFailure');
  if (failure !== undefined) {
    const code = attributeOf(failure, 'code');
    return {
      ok: false,
      message: CAS_FAILURES[code] ?? `统一身份认证未通过（${code || '未知原因'}），请重新登录`,
    };
  }
  const success = descendant(document, 'authenticationSuccess');
  if (success === undefined) return { ok: false, message: '统一身份认证服务的应答无法识别，请联系管理员' };
  const attributes = child(success, 'attributes');
  const wanted = accountAttribute.trim();
  const account = textOf(
    wanted === '' || wanted === 'user' ? child(success, 'user') : child(attributes, wanted),
  );
  if (!account) {
    return { ok: false, message: `统一身份认证的应答中没有账号属性「${wanted || 'user'}」，请联系管理员` };
  }
  const name = textOf(child(attributes, 'name')) || textOf(child(attributes, 'cn'));
  return { ok: true, account, name: name || null };
}

/** The ticket a single-logout request names (`<samlp:SessionIndex>`), if any. */
export function parseLogoutRequest(xml: string): string | undefined {
  return textOf(descendant(parseXml(xml), 'SessionIndex')) || undefined;
}
