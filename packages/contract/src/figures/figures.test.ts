import { describe, expect, it } from 'vitest';
import {
  COUNT_FIGURES,
  computeTaskFigures,
  type PointFigureFact,
  RATE_FIGURES,
  rate,
  rateLabel,
  ratePhrase,
  rateWithBase,
} from './figures.ts';

const point = (f: Partial<PointFigureFact> = {}): PointFigureFact => ({
  hasResult: true,
  below: false,
  warnings: 0,
  handledWarnings: 0,
  ...f,
});

/** The demo school's 2026 task as issue 26 measured it: 16 points, 14 with a result, 9 reached. */
const school = [
  ...Array.from({ length: 9 }, () => point()),
  ...Array.from({ length: 5 }, () => point({ below: true })),
  point({ hasResult: false }),
  point({ hasResult: false, warnings: 3, handledWarnings: 2 }),
];

describe('the figure catalogue', () => {
  it('names and defines every figure in Chinese, each rate over another figure of the catalogue', () => {
    const entries = [...Object.values(COUNT_FIGURES), ...Object.values(RATE_FIGURES)];
    for (const entry of entries) {
      expect(entry.name).toMatch(/^[\u4e00-\u9fa5]+$/);
      expect(entry.definition).toMatch(/[\u4e00-\u9fa5]/);
      expect(entry.scope).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const entry of Object.values(RATE_FIGURES)) {
      expect(Object.keys(COUNT_FIGURES)).toContain(entry.numerator);
      expect(Object.keys(COUNT_FIGURES)).toContain(entry.denominator);
    }
    expect(RATE_FIGURES.reachedRate.denominator).toBe('evaluatedCount');
    expect(RATE_FIGURES.completionRate.denominator).toBe('pointCount');
    expect(RATE_FIGURES.handledRate.denominator).toBe('warningCount');
  });

  it('computes the task figures so that they add up: 达标 + 未达标 = 已出结果, 已出结果 + 未完成 = 质控点数', () => {
    const f = computeTaskFigures(school);
    expect(f).toEqual({
      pointCount: 16,
      evaluatedCount: 14,
      reachedCount: 9,
      belowCount: 5,
      unfinishedCount: 2,
      reachedRate: 64.29,
      completionRate: 87.5,
      warningCount: 3,
      handledCount: 2,
      handledRate: 66.67,
    });
    for (const entry of Object.values(RATE_FIGURES)) {
      const key = Object.entries(RATE_FIGURES).find(([, e]) => e === entry)![0] as keyof typeof RATE_FIGURES;
      expect(f[key]).toBe(rate(f[entry.numerator], f[entry.denominator]));
    }
  });

  it('counts a point without a result as unfinished even when a stale flag calls it below', () => {
    const f = computeTaskFigures([point({ hasResult: false, below: true }), point()]);
    expect(f).toMatchObject({ belowCount: 0, reachedCount: 1, unfinishedCount: 1, reachedRate: 100 });
  });

  it('never counts more handled warnings than warnings, and answers 0, not NaN, over nothing', () => {
    expect(computeTaskFigures([point({ warnings: 1, handledWarnings: 3 })]).handledCount).toBe(1);
    const none = computeTaskFigures([]);
    expect([none.reachedRate, none.completionRate, none.handledRate]).toEqual([0, 0, 0]);
  });

  it('rounds rates to two decimals', () => {
    expect(rate(1, 3)).toBe(33.33);
    expect(rate(2, 3)).toBe(66.67);
    expect(rate(1, 0)).toBe(0);
  });
});

describe('a rate with what it is taken over', () => {
  // 112 points, 102 with a result, 71 reached: the sentence issue 26 found not adding up.
  const f = computeTaskFigures(
    Array.from({ length: 112 }, (_, i) => point({ hasResult: i < 102, below: i >= 71 })),
  );

  it('says the denominator in the sentence', () => {
    expect(ratePhrase('reachedRate', f)).toBe('已出结果的102个质控点中达标71个，达标率69.61%');
    expect(ratePhrase('completionRate', f)).toBe('112个质控点中已出结果102个，完成率91.07%');
    expect(ratePhrase('handledRate', computeTaskFigures(school))).toBe('3次预警中已处理2次，处理率66.67%');
  });

  it('puts the denominator beside a rate and into its label', () => {
    expect(rateWithBase('reachedRate', f)).toBe('69.61%（按已出结果的102个质控点计）');
    expect(rateLabel('reachedRate', f)).toBe('达标率（已出结果 102 个）');
    expect(rateLabel('handledRate', f)).toBe('处理率（预警次数 0 次）');
  });
});
