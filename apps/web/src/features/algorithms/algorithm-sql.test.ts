import { describe, expect, it } from 'vitest';
import { detectParameters } from './algorithm-sql.ts';

describe('detectParameters', () => {
  it('lists the named parameters once each, in order of use', () => {
    expect(detectParameters('select :year, :objectCode where x = :year').known).toEqual([
      'year',
      'objectCode',
    ]);
  });

  it('skips strings, comments and casts, and reports unknown names', () => {
    const found = detectParameters(
      "select ':year', x::int /* :cycleEnd */, :cycleStart -- :objectId\n, :secret",
    );
    expect(found).toEqual({ known: ['cycleStart'], unknown: ['secret'] });
  });
});
