import { describe, expect, it } from 'vitest';
import { queryGroups } from './transaction.ts';

describe('queryGroups', () => {
  it('merges groups as a literal of spreads would: every key, a later group winning', () => {
    const first = { read: () => 'first', only: () => 1 };
    const second = { read: () => 'second' };
    const merged = queryGroups(first, second, { known: { list: () => [] as string[] } });
    expect(Object.keys(merged)).toEqual(['read', 'only', 'known']);
    expect(merged.read()).toBe('second');
    expect(merged.only()).toBe(1);
    expect(merged.known.list()).toEqual([]);
  });

  it('leaves the groups themselves unchanged', () => {
    const first = { read: () => 'first' };
    queryGroups(first, { read: () => 'second' });
    expect(first.read()).toBe('first');
  });
});
