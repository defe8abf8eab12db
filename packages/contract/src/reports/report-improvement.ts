/**
 * 改进成效 — did last cycle's measures work? For a point that was below standard or warned last cycle and
 * received an improvement measure, this cycle's value is compared with last cycle's in the point's
 * direction. Pure, so the report screen, the Word document and the tests agree.
 */
import { gradeRank, levelGradeOf, type PointRule, parseValue } from '../diagnosis/judgement.ts';
import type { ImprovementTrend } from './reports.enums.ts';

export function improvementTrend(
  rule: Pick<PointRule, 'dataType' | 'direction' | 'calcMode'>,
  last: string | null,
  current: string | null,
): ImprovementTrend {
  if (current === null || current.trim() === '' || last === null || last.trim() === '') return 'unknown';
  if (rule.calcMode === 'level') {
    const a = levelGradeOf(last);
    const b = levelGradeOf(current);
    if (!a || !b) return 'unknown';
    const ra = gradeRank(a)!;
    const rb = gradeRank(b)!;
    return rb < ra ? 'improved' : rb === ra ? 'unchanged' : 'worse';
  }
  const a = parseValue(rule.dataType, last);
  const b = parseValue(rule.dataType, current);
  if (a === null || b === null) return 'unknown';
  // 是/有 count as 1: for whether/have points more is better whatever the stored direction.
  const biggerIsBetter = rule.dataType === 'whether' || rule.dataType === 'have' || rule.direction === '>';
  if (a === b) return 'unchanged';
  return b > a === biggerIsBetter ? 'improved' : 'worse';
}
