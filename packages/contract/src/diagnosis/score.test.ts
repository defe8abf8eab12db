import { describe, expect, it } from 'vitest';
import {
  formatScore,
  objectTaskScore,
  pointScore,
  roundScore,
  type ScoredPoint,
  type ScoreIndicator,
  weightOf,
} from './score.ts';

const at = (id: string, weight: number | null = null): ScoreIndicator => ({ id, weight });
const point = (grade: string | null, path: ScoreIndicator[], below = false): ScoredPoint => ({
  grade,
  below,
  path,
});

describe('pointScore', () => {
  it('scores the level grades A 100, B 80, C 60, D 40, in any case', () => {
    expect(['A', 'B', 'C', 'D', ' b '].map((grade) => pointScore({ grade, below: false }))).toEqual([
      100, 80, 60, 40, 80,
    ]);
  });

  it('scores a whether/have point 100 for the expected answer and 0 for the other, Y or N alike', () => {
    expect(pointScore({ grade: 'Y', below: false })).toBe(100);
    expect(pointScore({ grade: 'Y', below: true })).toBe(0); // answered 是 where 否 was expected
    expect(pointScore({ grade: 'N', below: false })).toBe(100); // answered 否 where 否 was expected
    expect(pointScore({ grade: 'N', below: true })).toBe(0);
  });

  it('gives no score without a grade or with an unknown one', () => {
    expect(pointScore({ grade: null, below: false })).toBeNull();
    expect(pointScore({ grade: 'E', below: false })).toBeNull();
    expect(pointScore({ grade: '', below: false })).toBeNull();
  });
});

describe('objectTaskScore', () => {
  it('has no score when no point is graded', () => {
    expect(objectTaskScore([])).toBeNull();
    expect(objectTaskScore([point(null, [at('i1'), at('i11')])])).toBeNull();
  });

  it('scores a leaf indicator the mean of its graded points, leaving ungraded ones out', () => {
    const leaf = [at('i1'), at('i11')];
    // (100 + 60) / 2 = 80; the ungraded point counts neither as 0 nor in the number of points
    expect(objectTaskScore([point('A', leaf), point('C', leaf), point(null, leaf)])).toEqual({
      score: 80,
      gradedPoints: 2,
    });
  });

  it('weighs the level-1 indicators', () => {
    const heavy = at('a', 3);
    const light = at('b', 1);
    // a = (100 + 80) / 2 = 90; b = 40; (3 × 90 + 1 × 40) / 4 = 77.5
    const points = [
      point('A', [heavy, at('a1')]),
      point('B', [heavy, at('a1')]),
      point('D', [light, at('b1')]),
    ];
    expect(objectTaskScore(points)).toEqual({ score: 77.5, gradedPoints: 3 });
  });

  it('weighs nested levels, a null weight counting as 1, with whether/have points', () => {
    const x = at('x', 2);
    const x1 = at('x1'); // weight null → 1
    const x2 = at('x2', 3);
    const y = at('y'); // weight null → 1
    const points = [
      point('A', [x, x1]),
      point('B', [x, x1]),
      point('C', [x, x1]), // x1 = (100 + 80 + 60) / 3 = 80
      point('Y', [x, x2]), // 是, as expected: 100
      point('N', [x, x2], true), // 无 where 有 was expected: 0 → x2 = 50
      point('B', [y, at('y1')]), // y1 = 80 → y = 80
    ];
    // x = (1 × 80 + 3 × 50) / 4 = 57.5; task = (2 × 57.5 + 1 × 80) / 3 = 65
    expect(objectTaskScore(points)).toEqual({ score: 65, gradedPoints: 6 });
  });

  it('leaves out an indicator without graded points: its weight does not dilute the others', () => {
    const points = [point(null, [at('a', 5), at('a1')]), point('C', [at('b', 1), at('b1')])];
    expect(objectTaskScore(points)).toEqual({ score: 60, gradedPoints: 1 });
  });

  it('does not depend on the order of the points', () => {
    const points = [
      point('A', [at('a', 2), at('a1', 1)]),
      point('D', [at('a', 2), at('a2', 4)]),
      point('B', [at('b', 1), at('b1')]),
    ];
    // a = (1 × 100 + 4 × 40) / 5 = 52; task = (2 × 52 + 80) / 3 = 61.333… → 61.33
    expect(objectTaskScore(points)).toEqual({ score: 61.33, gradedPoints: 3 });
    expect(objectTaskScore([...points].reverse())).toEqual({ score: 61.33, gradedPoints: 3 });
  });

  it('rounds only the final score: thirds of thirds stay exact until the end', () => {
    const a = at('a');
    // a1 = (100 + 80 + 80) / 3 = 86.666…, a2 = 60; a = 73.333…; rounding a1 first would give 73.34
    const points = [
      point('A', [a, at('a1')]),
      point('B', [a, at('a1')]),
      point('B', [a, at('a1')]),
      point('C', [a, at('a2')]),
    ];
    expect(objectTaskScore(points)?.score).toBe(73.33);
  });

  it("counts an indicator's own points as one more child of weight 1 when it also has children", () => {
    const a = at('a');
    // a's children: a1 (weight 3) = 100, and a's own points (weight 1) = 40 → (300 + 40) / 4 = 85
    const points = [point('A', [a, at('a1', 3)]), point('D', [a])];
    expect(objectTaskScore(points)).toEqual({ score: 85, gradedPoints: 2 });
  });
});

describe('weights and rounding', () => {
  it('counts a missing or non-positive weight as 1', () => {
    expect([null, undefined, 0, -2, Number.NaN, 2.5].map(weightOf)).toEqual([1, 1, 1, 1, 1, 2.5]);
  });

  it('rounds half up to two decimals despite binary fractions', () => {
    expect([86.665, 1.005, 77.5, 66.666666, 0].map(roundScore)).toEqual([86.67, 1.01, 77.5, 66.67, 0]);
  });

  it('shows a score with two decimals, none as -', () => {
    expect([86.5, 100, 61.33, null].map(formatScore)).toEqual(['86.50', '100.00', '61.33', '-']);
  });
});
