import type {
  DepartmentWire,
  LoginResultWire,
  RoleWire,
  SessionUserWire,
  UserTypeWire,
} from '@eduqa/contract';
import { useSyncExternalStore } from 'react';
import { connectSession } from '../../shared/api/client.ts';
import { setSchoolTimeZone } from '../../shared/time/school-time.ts';
import {
  EMPTY_SESSION_DATA,
  readStoredSession,
  removeStoredSession,
  type SessionData,
  writeStoredData,
  writeStoredUser,
} from './session-storage.ts';

/**
 * - restoring: no stored session yet; try-login is asking the server (the cookie may still live);
 * - signingIn: the sign-in sequence is running;
 * - signedIn / signedOut: settled.
 */
export type SessionStatus = 'restoring' | 'signingIn' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  /** The signed-in user (spec 1 §3 wire shape); null until the whole sign-in sequence succeeded. */
  user: LoginResultWire | null;
  /** The user's menu map (key → label); empty when signed out. */
  menus: Record<string, string>;
  /** Every role, name → id. */
  roleMap: Record<string, string>;
  applicationRoles: RoleWire[];
  departments: DepartmentWire[];
  userTypes: UserTypeWire[];
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

interface State {
  status: SessionStatus;
  /** Also set while the sequence runs: its requests need the identity headers and CSRF secret. */
  user: LoginResultWire | null;
  data: SessionData;
}

const stored = readStoredSession(sessionStorageOrNull());
let state: State = stored
  ? { status: 'signedIn', user: stored.user, data: stored.data }
  : { status: 'restoring', user: null, data: EMPTY_SESSION_DATA };
if (stored) setSchoolTimeZone(stored.user.timeZone);
let snapshot = toSnapshot(state);
const listeners = new Set<() => void>();

function toSnapshot(s: State): Session {
  const user = s.status === 'signedIn' ? s.user : null;
  return {
    status: s.status,
    user,
    menus: user?.menus ?? {},
    roleMap: s.data.roleMap,
    applicationRoles: s.data.applicationRoles,
    departments: s.data.departments,
    userTypes: s.data.userTypes,
  };
}

function setState(next: State): void {
  // The school's clock comes with the user: every time formatted from now on is on it.
  if (next.user) setSchoolTimeZone(next.user.timeZone);
  state = next;
  snapshot = toSnapshot(next);
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return snapshot;
}

/**
 * The user requests go out as: signed in, or already accepted by the server while the sign-in sequence still
 * loads its lists (a page's first data need not wait for them). Null when no one is.
 */
export function requestUser(): LoginResultWire | null {
  return state.user;
}

/** The session, re-rendering on sign-in, sign-out and profile changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Bumped by every sign-in, try-login and clear, so that a superseded sequence cannot write. */
let generation = 0;

export function beginSequence(status: 'restoring' | 'signingIn'): number {
  generation += 1;
  setState({ status, user: null, data: EMPTY_SESSION_DATA });
  return generation;
}

export function isCurrent(sequence: number): boolean {
  return sequence === generation;
}

/** Spec 1 §4: the session is stored as soon as the server answers, before the lists load. */
export function storePendingUser(sequence: number, user: LoginResultWire): void {
  if (!isCurrent(sequence)) return;
  writeStoredUser(sessionStorageOrNull(), user);
  setState({ ...state, user });
}

export function completeSession(sequence: number, user: LoginResultWire, data: SessionData): void {
  if (!isCurrent(sequence)) return;
  const storage = sessionStorageOrNull();
  writeStoredUser(storage, user);
  writeStoredData(storage, data);
  setState({ status: 'signedIn', user, data });
}

/** Clears session storage and the in-memory session; the router then shows the login page. */
export function clearSession(): void {
  generation += 1;
  removeStoredSession(sessionStorageOrNull());
  setState({ status: 'signedOut', user: null, data: EMPTY_SESSION_DATA });
}

/** Profile and avatar updates merge into the stored user info (spec 1 §4) and re-render subscribers. */
export function mergeUser(partial: Partial<SessionUserWire>): void {
  if (!state.user) return;
  // An explicit `undefined` (an optional field left out of a form) must not wipe a stored value.
  const defined = Object.fromEntries(
    Object.entries(partial).filter(([, value]) => value !== undefined),
  ) as Partial<SessionUserWire>;
  const user: LoginResultWire = { ...state.user, ...defined, csrfSecret: state.user.csrfSecret };
  writeStoredUser(sessionStorageOrNull(), user);
  setState({ ...state, user });
}

connectSession({
  readIdentity: () =>
    state.user
      ? {
          userId: state.user.userId,
          userName: state.user.userName,
          orgId: state.user.orgId,
          csrfSecret: state.user.csrfSecret,
        }
      : null,
  endSession: clearSession,
});
