import { CSRF_WINDOW_MS, csrfToken } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { isCsrfTokenValid } from './csrf.ts';

describe('isCsrfTokenValid', () => {
  const now = 1_800_000_000_000;
  const timestamp = String(now - 1000);
  it('accepts a fresh token of the session secret', () => {
    expect(isCsrfTokenValid({ secret: 's', timestamp, token: csrfToken('s', timestamp), now })).toBe(true);
  });
  it('refuses missing, forged, foreign and stale tokens', () => {
    expect(isCsrfTokenValid({ secret: 's', timestamp: undefined, token: undefined, now })).toBe(false);
    expect(isCsrfTokenValid({ secret: 's', timestamp, token: 'abc', now })).toBe(false);
    expect(isCsrfTokenValid({ secret: 's', timestamp, token: csrfToken('other', timestamp), now })).toBe(
      false,
    );
    const stale = String(now - CSRF_WINDOW_MS - 1);
    expect(isCsrfTokenValid({ secret: 's', timestamp: stale, token: csrfToken('s', stale), now })).toBe(
      false,
    );
  });
});
