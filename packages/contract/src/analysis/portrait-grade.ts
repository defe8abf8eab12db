import type { PortraitGrade } from './analysis.enums.ts';

/**
 * The overall grade of a portrait (优秀 / 良好 / 合格 / 不合格 / 未评), from the object's assigned points in
 * one diagnosis task:
 * - a point is *met* when it has a result and is graded A (or Y for 是/有 points), or is not below standard;
 * - share = met points / all assigned points (a point without a result counts against: it is unfinished);
 * - share ≥ 90 % → 优秀, ≥ 75 % → 良好, ≥ 60 % → 合格, else 不合格;
 * - no point has a result (or there are no points) → 未评.
 */
export const PORTRAIT_GRADE_THRESHOLDS = { excellent: 90, good: 75, qualified: 60 } as const;

export interface PortraitGradeFact {
  hasResult: boolean;
  grade: string | null;
  below: boolean;
}

/** Whether one point counts as met (see above). */
export function isPointMet(fact: PortraitGradeFact): boolean {
  if (!fact.hasResult) return false;
  const grade = fact.grade?.trim().toUpperCase() ?? null;
  return grade === 'A' || grade === 'Y' || !fact.below;
}

/** The grade from the counts: all points, points with a result, met points. */
export function portraitGradeOf(counts: {
  pointCount: number;
  evaluatedCount: number;
  metCount: number;
}): PortraitGrade {
  if (counts.pointCount <= 0 || counts.evaluatedCount <= 0) return 'unrated';
  const share = (counts.metCount / counts.pointCount) * 100;
  if (share >= PORTRAIT_GRADE_THRESHOLDS.excellent) return 'excellent';
  if (share >= PORTRAIT_GRADE_THRESHOLDS.good) return 'good';
  if (share >= PORTRAIT_GRADE_THRESHOLDS.qualified) return 'qualified';
  return 'unqualified';
}

/** The grade of a list of point facts. */
export function portraitGradeOfPoints(facts: readonly PortraitGradeFact[]): PortraitGrade {
  return portraitGradeOf({
    pointCount: facts.length,
    evaluatedCount: facts.filter((f) => f.hasResult).length,
    metCount: facts.filter(isPointMet).length,
  });
}

/**
 * The portrait label of one point's grade, for the grade distribution: A (or Y, 是/有) 优秀, B 良好, C 合格,
 * D (or N, or a warning grade below D) 不合格, no grade 未评.
 */
export function pointPortraitGrade(grade: string | null): PortraitGrade {
  const g = grade?.trim().toUpperCase() ?? '';
  if (g === 'A' || g === 'Y') return 'excellent';
  if (g === 'B') return 'good';
  if (g === 'C') return 'qualified';
  if (g === '') return 'unrated';
  return 'unqualified';
}
