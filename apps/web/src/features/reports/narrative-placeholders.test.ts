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
    // The phrases open their table only when there is a row in it: one below and one unfinished point.
    const point = { level1: '人才培养', level2: '教学质量', grade: null, warnings: 0, handledWarnings: 0 };
    const values = narrativeValues(
      computeOverview([
        { ...point, pointName: '课程合格率', hasResult: true, below: true },
        { ...point, pointName: '实训开出率', hasResult: false, below: false },
      ]),
    );
    const clickable = NARRATIVE_PLACEHOLDERS.filter((p) => p.meaning.includes('可点击')).map((p) => p.key);
    expect(clickable.sort()).toEqual(
      Object.keys(values)
        .filter((key) => values[key]?.table)
        .sort(),
    );
  });
});
