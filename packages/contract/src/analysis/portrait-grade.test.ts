import { describe, expect, it } from 'vitest';
import { isPointMet, pointPortraitGrade, portraitGradeOf, portraitGradeOfPoints } from './portrait-grade.ts';

const met = { hasResult: true, grade: 'B', below: false };
const missed = { hasResult: true, grade: 'D', below: true };
const open = { hasResult: false, grade: null, below: false };

describe('portrait grade', () => {
  it('is 未评 without points or without any result', () => {
    expect(portraitGradeOf({ pointCount: 0, evaluatedCount: 0, metCount: 0 })).toBe('unrated');
    expect(portraitGradeOfPoints([open, open])).toBe('unrated');
  });

  it('draws the bands at 90, 75 and 60 percent of all points, inclusive', () => {
    expect(portraitGradeOf({ pointCount: 10, evaluatedCount: 10, metCount: 9 })).toBe('excellent');
    expect(portraitGradeOf({ pointCount: 100, evaluatedCount: 100, metCount: 89 })).toBe('good');
    expect(portraitGradeOf({ pointCount: 4, evaluatedCount: 4, metCount: 3 })).toBe('good');
    expect(portraitGradeOf({ pointCount: 100, evaluatedCount: 100, metCount: 74 })).toBe('qualified');
    expect(portraitGradeOf({ pointCount: 5, evaluatedCount: 5, metCount: 3 })).toBe('qualified');
    expect(portraitGradeOf({ pointCount: 100, evaluatedCount: 100, metCount: 59 })).toBe('unqualified');
    expect(portraitGradeOf({ pointCount: 3, evaluatedCount: 1, metCount: 0 })).toBe('unqualified');
  });

  it('counts a point without a result against the share', () => {
    // 3 met of 4 points = 75 % → 良好; the same 3 of 3 evaluated would have been 优秀.
    expect(portraitGradeOfPoints([met, met, met, open])).toBe('good');
    expect(portraitGradeOfPoints([met, met, met])).toBe('excellent');
  });

  it('meets a point graded A or Y even when flagged below its own target, and not a missed one', () => {
    expect(isPointMet({ hasResult: true, grade: 'A', below: true })).toBe(true);
    expect(isPointMet({ hasResult: true, grade: 'y', below: true })).toBe(true);
    expect(isPointMet(missed)).toBe(false);
    expect(isPointMet(open)).toBe(false);
    expect(portraitGradeOfPoints([met, missed])).toBe('unqualified');
  });
});

describe('point grade labels', () => {
  it('maps A/Y, B, C, D/N and no grade onto the five labels', () => {
    expect(['A', 'y', 'B', 'C', 'D', 'N', 'E', null, ' '].map(pointPortraitGrade)).toEqual([
      'excellent',
      'excellent',
      'good',
      'qualified',
      'unqualified',
      'unqualified',
      'unqualified',
      'unrated',
      'unrated',
    ]);
  });
});
