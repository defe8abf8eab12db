/** Where signed-in users land when nothing else is asked for. */
export const HOME_PATH = '/index';

/** The login route, remembering where the user was (spec 1 §2: the `from` query). */
export function loginPathFrom(path: string): string {
  if (path === '/' || path === '' || path === '/login' || path.startsWith('/login?')) return '/login';
  return `/login?from=${encodeURIComponent(path)}`;
}

/**
 * The `from` query only ever names a path inside this app: anything else (another site, a protocol,
 * the login page itself) falls back to the home page.
 */
export function safeFromPath(from: string | null | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.includes('\\')) return HOME_PATH;
  if (from === '/login' || from.startsWith('/login?') || from === '/') return HOME_PATH;
  return from;
}

/** The path inside the hash router, e.g. `/system/users?page=2`. */
export function pathOfHash(hash: string): string {
  const path = hash.replace(/^#/, '');
  return path.startsWith('/') ? path : '/';
}

/** 消息中心: every signed-in person's own messages, outside the areas (no menu key needed). */
export const NOTICES_PATH = '/notices';
