import { type SsoStatus, ssoEndpoints } from '@eduqa/contract';
import { call } from '../../shared/api/client.ts';

/** Whether central sign-in is on, and its entry and logout addresses; null when it cannot be told. */
export async function fetchSsoStatus(): Promise<SsoStatus | null> {
  try {
    return await call(ssoEndpoints.status, { silent: true });
  } catch {
    return null;
  }
}

let leaving = false;

/**
 * Leaves the app for a central sign-in or sign-out address. Once leaving, the login page does not send
 * the browser to the central entry as well (sign-out clears the session, which shows the login page).
 */
export function leaveTo(url: string): void {
  leaving = true;
  window.location.assign(url);
}

export const isLeaving = (): boolean => leaving;
