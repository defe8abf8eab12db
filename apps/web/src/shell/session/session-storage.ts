import {
  type DepartmentWire,
  type LoginResultWire,
  LoginResultWireSchema,
  type RoleWire,
  type UserTypeWire,
} from '@eduqa/contract';

/** Spec 1 §4: the session lives in the browser's session storage (one tab, gone with the tab). */
export const SESSION_USER_KEY = 'eduqa.session';
/** The lists loaded after sign-in, kept beside the user so that a refresh needs no reload. */
export const SESSION_DATA_KEY = 'eduqa.session.data';

export interface SessionData {
  /** Roles of this application (roles by application, first 500). */
  applicationRoles: RoleWire[];
  /** Every role, name → id (spec 1 §6). */
  roleMap: Record<string, string>;
  departments: DepartmentWire[];
  userTypes: UserTypeWire[];
}

export const EMPTY_SESSION_DATA: SessionData = Object.freeze({
  applicationRoles: [],
  roleMap: {},
  departments: [],
  userTypes: [],
});

export interface StoredSession {
  user: LoginResultWire;
  data: SessionData;
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isSessionData(value: unknown): value is SessionData {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Array.isArray(v.applicationRoles) &&
    Array.isArray(v.departments) &&
    Array.isArray(v.userTypes) &&
    v.roleMap !== null &&
    typeof v.roleMap === 'object'
  );
}

/**
 * A session counts only when both parts are there and well-formed: a tab closed halfway through the
 * sign-in sequence, or an older version's leftovers, start over from the server instead.
 */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | null): StoredSession | null {
  if (!storage) return null;
  try {
    const user = LoginResultWireSchema.safeParse(parseJson(storage.getItem(SESSION_USER_KEY)));
    const data = parseJson(storage.getItem(SESSION_DATA_KEY));
    if (!user.success || !isSessionData(data)) return null;
    return { user: user.data, data };
  } catch {
    return null;
  }
}

/** Storage can refuse (private mode, quota); the session then lives in memory for this page only. */
export function writeStoredUser(storage: Pick<Storage, 'setItem'> | null, user: LoginResultWire): void {
  try {
    storage?.setItem(SESSION_USER_KEY, JSON.stringify(user));
  } catch {
    // Nothing to do: the in-memory session still works until the page is reloaded.
  }
}

export function writeStoredData(storage: Pick<Storage, 'setItem'> | null, data: SessionData): void {
  try {
    storage?.setItem(SESSION_DATA_KEY, JSON.stringify(data));
  } catch {
    // As above.
  }
}

export function removeStoredSession(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(SESSION_USER_KEY);
    storage?.removeItem(SESSION_DATA_KEY);
  } catch {
    // As above.
  }
}

/** Roles are kept as a map from name to id (spec 1 §6). */
export function toRoleMap(roles: readonly RoleWire[]): Record<string, string> {
  return Object.fromEntries(roles.map((role) => [role.roleName, role.roleId]));
}
