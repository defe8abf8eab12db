import { computeOverview, narrativeValues } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { NARRATIVE_PLACEHOLDERS } from './api.ts';

describe('the placeholder help of the template editor', () => {
  it('explains exactly the placeholders a narrative may use', () => {
    const usable = Object.keys(narrativeValues(computeOverview([])));
    expect(NARRATIVE_PLACEHOLDERS.map((p) => p.key).sort()).toEqual(usable.sort());
    expect(NARRATIVE_PLACEHOLDERS.every((p) => p.meaning.length > 0)).toBe(true);
  });

  it('marks as clickable the placeholders whose count opens a table', () => {
    const values = narrativeValues(computeOverview([]));
    const clickable = NARRATIVE_PLACEHOLDERS.filter((p) => p.meaning.includes('可点击')).map((p) => p.key);
    expect(clickable.sort()).toEqual(
      Object.keys(values)
        .filter((key) => values[key]?.table)
        .sort(),
    );
  });
});
