import * as client from 'openid-client';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * HTTP issuers are accepted only on this machine (tests, a provider beside the server); anywhere else
 * tokens would cross the network in the clear.
 */
export function isAllowedIssuer(issuer: string): boolean {
  try {
    const url = new URL(issuer);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Discovered provider configurations, one per issuer + client: discovery is one request to the provider,
 * done on the first sign-in after a change of settings. A failed discovery is not kept, so the next
 * attempt tries again.
 */
export function createOidcConfigs() {
  const cache = new Map<string, Promise<client.Configuration>>();
  return {
    get(settings: OidcClientSettings): Promise<client.Configuration> {
      const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
      let found = cache.get(key);
      if (!found) {
        const url = new URL(settings.issuer);
        found = client.discovery(
          url,
          settings.clientId,
          settings.clientSecret || undefined,
          settings.clientSecret ? undefined : client.None(),
          url.protocol === 'http:'
            ? { execute: [client.allowInsecureRequests], timeout: 10 }
            : { timeout: 10 },
        );
        found.catch(() => cache.delete(key));
        cache.clear();
        cache.set(key, found);
      }
      return found;
    },
  };
}

export type OidcConfigs = ReturnType<typeof createOidcConfigs>;
