import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * Central sign-in counterparts for tests, each on a free loopback port: a real OpenID provider
 * (`oidc-provider` with its development login and consent pages, any login accepted) and a CAS 3
 * endpoint that answers `serviceValidate` with the protocol's XML.
 */

const listen = (server: Server) =>
  new Promise<string>((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

export const OIDC_CLIENT = { clientId: 'eduqa', clientSecret: 'eduqa-test-secret-0123456789' };

export async function startOidcProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}) {
  const server = createServer();
  const issuer = await listen(server);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
    // The development pages accept any login: what is typed becomes the account (and preferred_username).
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, preferred_username: sub, name: `统一认证用户${sub}` }),
    }),
    pkce: { required: () => true },
    // Lifetimes set, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
  });
  // Quiet: the development pages log a warning for every visit.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return { issuer, provider, close: () => close(server) };
}

export type OidcFixture = Awaited<ReturnType<typeof startOidcProvider>>;

/** A cookie jar for one origin: enough to walk the provider's pages with fetch. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/**
 * Walks a browser through the provider from its authorization URL: types `login` on the login page,
 * continues on the consent page, and answers the redirect back to the client (URL with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = jar();
  let url = new URL(authorizationUrl);
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookies.header() },
    });
    cookies.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on the provider page: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'consent';
    url = new URL(action.replaceAll('&amp;', '&'), url);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

export interface CasFixture {
  url: string;
  /** The service URLs and tickets that `serviceValidate` was asked about. */
  validations: Array<{ service: string | null; ticket: string | null }>;
  close(): Promise<void>;
}

/**
 * `/cas/serviceValidate`: a ticket `ST-<n>-<account>` succeeds for that account (with a `uid` and a
 * `name` attribute); `ST-bad…` fails with INVALID_TICKET; anything else fails with INVALID_SERVICE.
 */
export async function startCasServer(): Promise<CasFixture> {
  const validations: CasFixture['validations'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://cas.local');
    if (url.pathname !== '/cas/serviceValidate') {
      response.writeHead(404).end();
      return;
    }
    const ticket = url.searchParams.get('ticket');
    validations.push({ service: url.searchParams.get('service'), ticket });
    const account = /^ST-\d+-(.+)$/.exec(ticket ?? '')?.[1];
    const xml = account
      ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${account}</cas:user>
    <cas:attributes>
      <cas:uid>${account}</cas:uid>
      <cas:name>统一认证用户&amp;${account}</cas:name>
    </cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`
      : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${ticket?.startsWith('ST-bad') ? 'INVALID_TICKET' : 'INVALID_SERVICE'}">Ticket ${ticket} not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;
    response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(xml);
  });
  const url = `${await listen(server)}/cas`;
  return { url, validations, close: () => close(server) };
}

/** The SAML logoutRequest a CAS server posts to the service URL for single logout. */
export function casLogoutRequest(ticket: string): string {
  return `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-1" Version="2.0" IssueInstant="2026-11-25T10:00:00Z"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
}
