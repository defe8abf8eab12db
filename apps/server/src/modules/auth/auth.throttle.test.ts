import { describe, expect, it } from 'vitest';
import { type AttemptCounter, decideAttempt } from './auth.throttle.ts';

const now = new Date('2026-11-30T08:00:00Z');
const limits = { windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const guards = [
  { key: 'ip:a', max: 50 },
  { key: 'pair:a u', max: 5 },
  { key: 'account:u', max: 100 },
];
const counter = (key: string, patch: Partial<AttemptCounter> = {}): AttemptCounter => ({
  key,
  attempts: 0,
  pending: 0,
  windowStart: new Date(now.getTime() - 60_000),
  lockedUntil: null,
  ...patch,
});

describe('decideAttempt', () => {
  it('lets an attempt in and counts it in flight on every guard', () => {
    const decided = decideAttempt({ counters: [], guards, now, limits });
    expect(decided.verdict).toBe('go');
    expect(decided.counters.map((c) => c.pending)).toEqual([1, 1, 1]);
  });

  it('makes an attempt wait, not fail, while attempts in flight fill the bound', () => {
    const decided = decideAttempt({
      counters: [counter('pair:a u', { attempts: 2, pending: 3 })],
      guards,
      now,
      limits,
    });
    expect(decided.verdict).toBe('busy');
    expect(decided.counters.find((c) => c.key === 'pair:a u')).toMatchObject({
      pending: 3,
      lockedUntil: null,
    });
    expect(decided.counters.map((c) => c.pending)).toEqual([0, 3, 0]);
  });

  it('locks once failures alone reach the bound, and each further attempt keeps the lock on', () => {
    const decided = decideAttempt({
      counters: [counter('pair:a u', { attempts: 5 })],
      guards,
      now,
      limits,
    });
    expect(decided.verdict).toBe('locked');
    expect(decided.counters[1]!.lockedUntil?.getTime()).toBe(now.getTime() + limits.lockMs);
    expect(decided.counters.map((c) => c.pending)).toEqual([0, 0, 0]);
    const later = new Date(now.getTime() + 60_000);
    const again = decideAttempt({ counters: decided.counters, guards, now: later, limits });
    expect(again.verdict).toBe('locked');
    expect(again.counters[1]!.lockedUntil?.getTime()).toBe(later.getTime() + limits.lockMs);
  });

  it('starts a passed window afresh, but not while its lock holds', () => {
    const old = new Date(now.getTime() - 2 * limits.windowMs);
    const passed = decideAttempt({
      counters: [counter('pair:a u', { attempts: 5, pending: 2, windowStart: old })],
      guards,
      now,
      limits,
    });
    expect(passed.verdict).toBe('go');
    expect(passed.counters[1]).toMatchObject({ attempts: 0, pending: 1, windowStart: now });
    const held = decideAttempt({
      counters: [
        counter('pair:a u', { attempts: 6, windowStart: old, lockedUntil: new Date(now.getTime() + 1_000) }),
      ],
      guards,
      now,
      limits,
    });
    expect(held.verdict).toBe('locked');
  });
});
