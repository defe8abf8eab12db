/**
 * The address a respondent opens: the app's own page and the hash route of the public form (the app
 * uses a hash router, so the route sits after `#`).
 */
export function publicFormUrl(location: Pick<Location, 'origin' | 'pathname'>, linkId: string): string {
  return `${location.origin}${location.pathname}#/tableConfiguration/${encodeURIComponent(linkId)}`;
}
