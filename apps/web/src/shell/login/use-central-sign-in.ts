import type { SsoStatus } from '@eduqa/contract';
import { useEffect, useState } from 'react';
import type { SessionStatus } from '../session/index.ts';
import { fetchSsoStatus, isLeaving, leaveTo } from './central-sign-in.ts';

/**
 * Central sign-in as the login page sees it: whether it is on, and whether this visit goes there — not
 * at `?local=1` nor after a refused central sign-in (`ssoError`). A signed-out visitor who goes is sent.
 */
export function useCentralSignIn(status: SessionStatus, searchParams: URLSearchParams) {
  const [central, setCentral] = useState<SsoStatus | null>(null);
  const isLocal = searchParams.get('local') === '1';
  const ssoError = searchParams.get('ssoError');
  const goesCentral = central?.loginUrl != null && !isLocal && !ssoError;
  useEffect(() => {
    let isActive = true;
    void fetchSsoStatus().then((found) => {
      if (isActive) setCentral(found);
    });
    return () => {
      isActive = false;
    };
  }, []);
  useEffect(() => {
    if (goesCentral && status === 'signedOut' && central?.loginUrl && !isLeaving()) leaveTo(central.loginUrl);
  }, [goesCentral, status, central]);
  return { central, ssoError, goesCentral };
}
