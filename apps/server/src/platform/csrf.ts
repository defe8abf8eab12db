import { timingSafeEqual } from 'node:crypto';
import { CSRF_WINDOW_MS, csrfToken } from '@eduqa/contract';

/** True when the token is the HMAC of a timestamp within the freshness window. */
export function isCsrfTokenValid(options: {
  secret: string;
  timestamp: unknown;
  token: unknown;
  now?: number;
}): boolean {
  const { secret, timestamp, token } = options;
  if (typeof timestamp !== 'string' || typeof token !== 'string' || !/^\d{1,16}$/.test(timestamp))
    return false;
  const age = (options.now ?? Date.now()) - Number(timestamp);
  if (Math.abs(age) > CSRF_WINDOW_MS) return false;
  const expected = Buffer.from(csrfToken(secret, timestamp));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
