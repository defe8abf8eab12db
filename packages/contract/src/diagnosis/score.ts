/**
 * 得分 of an object task (obj/calScore): one number 0–100 from its points' grades and the indicator
 * weights (权重) of the standard. Pure functions only — the server's score job and the demo seed call
 * these; the 得分 stamp of a report shows the result with two decimals.
 *
 * The rule:
 * - a point scores by its grade: A 100, B 80, C 60, D 40 (`GRADE_POINTS`). A 是/否 or 有/无 point is
 *   graded Y/N by what was answered (judgement.ts `gradeOf`), while the expected answer is its target
 *   (是/有 when none), which `isBelow` already compared into the stored below-standard flag: the
 *   expected answer scores 100, the other 0, whichever of Y/N it is;
 * - a point without a grade (no result yet, or an unreadable one) does not count anywhere;
 * - a leaf indicator scores the mean of its graded points;
 * - a parent indicator scores the weighted mean of its children that have a score; a child without a
 *   graded point below it has no score and takes no part (its weight does not dilute the others);
 * - the object task scores the weighted mean of its level-1 indicators that have a score;
 * - weight null counts as 1 (so a standard without weights gives plain means); anything else that is
 *   not a positive number, which the forms and the import refuse, counts as 1 too rather than divide by 0;
 * - points hang on leaf indicators (the standards module refuses anything else); should an indicator
 *   hold both points and children, its own points' mean counts as one more child of weight 1;
 * - no graded point at all → no score (null), not 0;
 * - only the final score is rounded, half up, to two decimals.
 */
import type { LevelGrade } from '../standards/standards.enums.ts';
import { levelGradeOf } from './judgement.ts';

/** The score of a level grade. */
export const GRADE_POINTS: Readonly<Record<LevelGrade, number>> = { A: 100, B: 80, C: 60, D: 40 };
/** The score of a 是/否 or 有/无 point: the expected answer, or the other one. */
export const ANSWER_POINTS = { expected: 100, other: 0 } as const;

/** The label of the score stamp and of the score on the object task's page. */
export const SCORE_LABEL = '得分';

/** One indicator on a point's path, level 1 first. */
export interface ScoreIndicator {
  id: string;
  weight: number | null;
}

/** What the rule needs of an assigned point: its stored grade and flag, and its indicator path. */
export interface ScoredPoint {
  /** The stored grade (jgdj): A–D, Y/N, or null when not graded. */
  grade: string | null;
  /** The stored below-standard flag (dis); for a Y/N point: the answer differs from the expected one. */
  below: boolean;
  /** The indicators from level 1 down to the point's leaf indicator. */
  path: readonly ScoreIndicator[];
}

export interface ObjectTaskScore {
  /** 0–100, two decimals. */
  score: number;
  /** The points that counted: those with a grade. */
  gradedPoints: number;
}

/** A point's score from its grade, or null when it has none (or an unknown one). */
export function pointScore(point: Pick<ScoredPoint, 'grade' | 'below'>): number | null {
  if (point.grade === null) return null;
  const t = point.grade.trim().toUpperCase();
  if (t === 'Y' || t === 'N') return point.below ? ANSWER_POINTS.other : ANSWER_POINTS.expected;
  const level = levelGradeOf(t);
  return level === null ? null : GRADE_POINTS[level];
}

/** An indicator's weight among its siblings: null, or anything not a positive number, counts as 1. */
export function weightOf(weight: number | null | undefined): number {
  return typeof weight === 'number' && Number.isFinite(weight) && weight > 0 ? weight : 1;
}

/** Rounded half up to two decimals; the small nudge keeps 86.665 from becoming 86.66 in binary. */
export function roundScore(value: number): number {
  return Math.round(value * 100 + 1e-7) / 100;
}

/** The stamp's text of a score: two decimals ('86.50'); '-' when there is none. */
export function formatScore(score: number | null | undefined): string {
  return typeof score === 'number' && Number.isFinite(score) ? score.toFixed(2) : '-';
}

interface ScoreNode {
  weight: number;
  children: Map<string, ScoreNode>;
  points: number[];
}

const newNode = (weight: number | null): ScoreNode => ({
  weight: weightOf(weight),
  children: new Map(),
  points: [],
});

/** A node's unrounded score: the weighted mean of its scored children and (as weight 1) its own points. */
function nodeScore(node: ScoreNode): number | null {
  let sum = 0;
  let weights = 0;
  for (const child of node.children.values()) {
    const score = nodeScore(child);
    if (score === null) continue;
    sum += child.weight * score;
    weights += child.weight;
  }
  if (node.points.length > 0) {
    const mean = node.points.reduce((a, b) => a + b, 0) / node.points.length;
    if (node.children.size === 0) return mean;
    sum += mean;
    weights += 1;
  }
  return weights > 0 ? sum / weights : null;
}

/**
 * The score of one object task from its assigned points, or null when none is graded. The order of
 * the points does not matter; an indicator's weight is taken from the first point whose path names it
 * (the same indicator carries the same weight on every path).
 */
export function objectTaskScore(points: readonly ScoredPoint[]): ObjectTaskScore | null {
  const root = newNode(null);
  let gradedPoints = 0;
  for (const point of points) {
    const score = pointScore(point);
    if (score === null) continue;
    gradedPoints++;
    let node = root;
    for (const step of point.path) {
      let child = node.children.get(step.id);
      if (!child) {
        child = newNode(step.weight);
        node.children.set(step.id, child);
      }
      node = child;
    }
    node.points.push(score);
  }
  const score = nodeScore(root);
  return score === null ? null : { score: roundScore(score), gradedPoints };
}
