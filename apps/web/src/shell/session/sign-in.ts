import { authEndpoints, type LoginResultWire, orgEndpoints } from '@eduqa/contract';
import { ApiError, call, resetSessionExpiryNotice } from '../../shared/api/client.ts';
import { notify, showDialog } from '../../shared/ui/feedback.tsx';
import { fetchSsoStatus, leaveTo } from '../login/central-sign-in.ts';
import { EMPTY_SESSION_DATA } from './session-storage.ts';
import {
  beginSequence,
  clearSession,
  completeSession,
  isCurrent,
  storePendingUser,
} from './session-store.ts';
import { loadSessionData, type SignInFetchers } from './sign-in-steps.ts';

/** Page sizes of spec 1 §9. */
const fetchers: SignInFetchers = {
  applicationRoles: () =>
    call(orgEndpoints.rolesByApplication, { query: { pageNum: 1, pageSize: 500 }, silent: true }),
  relationInfo: () => call(orgEndpoints.userRelationInfo, { silent: true }),
  // Department heads are always on in this product (the spec's department-head flag).
  departments: () =>
    call(orgEndpoints.departments, { query: { pageNum: 1, pageSize: 100_000 }, silent: true }),
  roles: () => call(orgEndpoints.roles, { query: { pageNum: 1, pageSize: 10_000_000 }, silent: true }),
  userTypes: () =>
    call(orgEndpoints.userTypes, { query: { pageNum: 1, pageSize: 10_000_000 }, silent: true }),
};

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '登录失败，请稍后重试';
}

/** After the server knows the user: store, load the lists, mark signed in. Throws the step's message. */
async function finishSignIn(sequence: number, user: LoginResultWire): Promise<boolean> {
  storePendingUser(sequence, user);
  // The server answers nothing but the password change until it is done: the lists wait for the next sign-in.
  const loaded = user.mustChangePassword
    ? { user, data: EMPTY_SESSION_DATA }
    : await loadSessionData(user, fetchers);
  if (!isCurrent(sequence)) return false;
  completeSession(sequence, loaded.user, loaded.data);
  resetSessionExpiryNotice();
  return true;
}

/**
 * The sign-in sequence of spec 1 §4. Any failure clears the session and opens the 登录失败 dialog
 * with the server's (or the failed step's) message. Resolves true once signed in.
 */
export async function signIn(username: string, password: string): Promise<boolean> {
  const sequence = beginSequence('signingIn');
  try {
    const user = await call(authEndpoints.login, { body: { username, password }, silent: true });
    if (!isCurrent(sequence)) return false;
    return await finishSignIn(sequence, user);
  } catch (error) {
    if (!isCurrent(sequence)) return false;
    clearSession();
    showDialog('error', { title: '登录失败', content: messageOf(error), okText: '确定' });
    return false;
  }
}

/**
 * Restores the session from the cookie (a refresh with an empty session storage, or a new tab).
 * Silent when there is no server session; a failed load afterwards is shown as an error toast.
 */
export async function tryLogin(): Promise<boolean> {
  const sequence = beginSequence('restoring');
  let user: LoginResultWire;
  try {
    user = await call(authEndpoints.tryLoginUserInfo, { silent: true });
  } catch {
    if (isCurrent(sequence)) clearSession();
    return false;
  }
  if (!isCurrent(sequence)) return false;
  try {
    return await finishSignIn(sequence, user);
  } catch (error) {
    if (!isCurrent(sequence)) return false;
    clearSession();
    notify.error(messageOf(error));
    return false;
  }
}

/**
 * Signs out on the server, then clears the session. A session the server already ended counts as
 * signed out; any other failure opens the 登出失败 dialog and keeps the user signed in. Under central
 * sign-in the browser then goes to its logout address (spec 1 §8), ending the central session too.
 */
export async function signOut(): Promise<boolean> {
  try {
    await call(authEndpoints.logout, { silent: true });
  } catch (error) {
    const ended =
      error instanceof ApiError && (error.kind === 'notSignedIn' || error.kind === 'sessionExpired');
    if (!ended) {
      showDialog('error', { title: '登出失败', content: messageOf(error), okText: '确定' });
      return false;
    }
  }
  const central = await fetchSsoStatus();
  if (central?.logoutUrl) leaveTo(central.logoutUrl);
  clearSession();
  return true;
}
