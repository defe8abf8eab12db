/**
 * The first path segments served outside the signed-in app (the login page, the public form page). A
 * module of its own: the login page's first download reads it, and the route table must stay out of that.
 */
export const PUBLIC_SEGMENTS: readonly string[] = ['login', 'tableConfiguration'];

/** Whether a hash path (`/login?…`, `/tableConfiguration/…`) is one of them. */
export const isPublicPath = (path: string): boolean => PUBLIC_SEGMENTS.includes(path.split(/[/?]/)[1] ?? '');
