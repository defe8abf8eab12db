/**
 * The rules of judgement of a quality point (DESIGN §7): effective values, grading by the rule and the
 * expected direction, below-standard and unfinished flags, warning rules, sampling cycles, display.
 * Pure functions only — the server's recompute, the API and the screens all call these.
 */
import { DEFAULT_TIME_ZONE, zonedParts } from '../platform/time-zone.ts';
import type { CalRuleItem } from '../standards/cal-rule.ts';
import {
  type CalcMode,
  type DataType,
  type Direction,
  GRADES,
  type Grade,
  LEVEL_GRADES,
  type LevelGrade,
  type SamplingPeriod,
  WARNING_GRADES,
  type WarningCondition,
  type WarningGrade,
  type WarningMode,
} from '../standards/standards.enums.ts';

export interface PointRule {
  dataType: DataType;
  direction: Direction;
  calcMode: CalcMode;
  calRule: readonly CalRuleItem[];
  warningMode: WarningMode | null;
  warningCondition: WarningCondition | null;
  warningValue: string | null;
}

/** The Chinese messages of an editable result or target cell. */
export const VALUE_MESSAGES = {
  integer: '请输入整数',
  float: '请输入数字',
  percent: '请输入0到100之间的百分比',
  whether: '请选择是或否',
  have: '请选择有或无',
  level: '请选择等级A、B、C、D',
} as const;

/** The two choices of a whether / have cell, in the order the screens offer them. */
export const WHETHER_OPTIONS = ['否', '是'] as const;
export const HAVE_OPTIONS = ['无', '有'] as const;

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_RE = /^[+-]?\d+$/;

function text(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const t = raw.trim();
  return t === '' ? null : t;
}

/** Revised value when non-empty (`xzmbz` / `xzjgz` preferred), else the base value; empty → null. */
export function effectiveValue(base: string | null, revised: string | null): string | null {
  return text(revised) ?? text(base);
}

function percentBody(t: string): string {
  return t.endsWith('%') ? t.slice(0, -1).trim() : t;
}

/**
 * The numeric value of a raw cell: numbers as written ('85%' and '85' → 85 for percent), 是/有 → 1 and
 * 否/无 → 0; empty or unreadable → null. Lenient on integer vs decimal: `valueError` is the strict check.
 */
export function parseValue(dataType: DataType, raw: string | null): number | null {
  const t = text(raw);
  if (t === null) return null;
  switch (dataType) {
    case 'whether':
      return t === '是' ? 1 : t === '否' ? 0 : null;
    case 'have':
      return t === '有' ? 1 : t === '无' ? 0 : null;
    case 'percent': {
      const body = percentBody(t);
      return NUMBER_RE.test(body) ? Number(body) : null;
    }
    default:
      return NUMBER_RE.test(t) ? Number(t) : null;
  }
}

/** A level grade A–D from a raw cell (case and spaces ignored), else null. */
export function levelGradeOf(raw: string | null): LevelGrade | null {
  const t = text(raw)?.toUpperCase() ?? null;
  return (LEVEL_GRADES as readonly string[]).includes(t ?? '') ? (t as LevelGrade) : null;
}

function gradeValue(raw: string): Grade | null {
  const t = raw.trim().toUpperCase();
  return (GRADES as readonly string[]).includes(t) ? (t as Grade) : null;
}

/**
 * The rank of a grade, 0 the best: A < B < C < D < E < F < G; Y ranks as A and N as D, so a
 * whether/have point compares with the level grades.
 */
export function gradeRank(grade: string): number | null {
  const t = grade.trim().toUpperCase();
  if (t === 'Y') return 0;
  if (t === 'N') return 3;
  const i = (WARNING_GRADES as readonly string[]).indexOf(t);
  return i < 0 ? null : i;
}

/** Whether a value is acceptable in a result / target cell of this point: null, or the Chinese message. */
export function valueError(rule: PointRule, raw: string): string | null {
  const t = text(raw);
  if (t === null) return null;
  if (rule.calcMode === 'level') return levelGradeOf(t) ? null : VALUE_MESSAGES.level;
  switch (rule.dataType) {
    case 'integer':
      return INTEGER_RE.test(t) ? null : VALUE_MESSAGES.integer;
    case 'float':
      return NUMBER_RE.test(t) ? null : VALUE_MESSAGES.float;
    case 'percent': {
      const n = parseValue('percent', t);
      return n !== null && n >= 0 && n <= 100 ? null : VALUE_MESSAGES.percent;
    }
    case 'whether':
      return parseValue('whether', t) === null ? VALUE_MESSAGES.whether : null;
    case 'have':
      return parseValue('have', t) === null ? VALUE_MESSAGES.have : null;
  }
}

/**
 * The grading rule's readable pairs in evaluation order: thresholds descending for '>', ascending for
 * '<' (the stored order does not matter; ties keep their stored order). Unreadable pairs are dropped.
 */
export function orderedRule(rule: PointRule): Array<{ threshold: number; grade: Grade }> {
  const pairs: Array<{ threshold: number; grade: Grade }> = [];
  for (const item of rule.calRule) {
    const threshold = parseValue(rule.dataType === 'percent' ? 'percent' : 'float', item.value);
    const grade = gradeValue(item.dxLevel);
    if (threshold !== null && grade !== null) pairs.push({ threshold, grade });
  }
  const sign = rule.direction === '>' ? -1 : 1;
  return pairs.sort((a, b) => sign * (a.threshold - b.threshold));
}

/**
 * The grade of a result: level mode → the result itself (A–D); whether/have → Y for 是/有, N otherwise;
 * numbers → the grade of the first pair the result reaches ('>': result ≥ threshold, '<': result ≤
 * threshold), D when none is reached. No (or unreadable numeric) result → null.
 */
export function gradeOf(rule: PointRule, result: string | null): Grade | null {
  const t = text(result);
  if (t === null) return null;
  if (rule.calcMode === 'level') return levelGradeOf(t);
  if (rule.dataType === 'whether' || rule.dataType === 'have') {
    return parseValue(rule.dataType, t) === 1 ? 'Y' : 'N';
  }
  const value = parseValue(rule.dataType, t);
  if (value === null) return null;
  for (const pair of orderedRule(rule)) {
    if (rule.direction === '>' ? value >= pair.threshold : value <= pair.threshold) return pair.grade;
  }
  return 'D';
}

/**
 * Below standard (`dis`): '>' result < target, '<' result > target; whether/have: the result differs
 * from the target (是/有 expected when there is none); level mode: a grade worse than the target
 * grade. No result, or nothing to compare with → not below.
 */
export function isBelow(rule: PointRule, result: string | null, target: string | null): boolean {
  const r = text(result);
  if (r === null) return false;
  if (rule.calcMode === 'level') {
    const rg = levelGradeOf(r);
    const tg = levelGradeOf(target);
    if (rg === null || tg === null) return false;
    return LEVEL_GRADES.indexOf(rg) > LEVEL_GRADES.indexOf(tg);
  }
  if (rule.dataType === 'whether' || rule.dataType === 'have') {
    const expected = parseValue(rule.dataType, target) ?? 1;
    return (parseValue(rule.dataType, r) ?? 0) !== expected;
  }
  const rv = parseValue(rule.dataType, r);
  const tv = parseValue(rule.dataType, target);
  if (rv === null || tv === null) return false;
  return rule.direction === '>' ? rv < tv : rv > tv;
}

export interface Judgement {
  grade: Grade | null;
  below: boolean;
  unfinished: boolean;
}

/** Grade and flags of one assigned point from its effective target and result. */
export function judge(
  rule: PointRule,
  input: { target: string | null; result: string | null; closed: boolean },
): Judgement {
  return {
    grade: gradeOf(rule, input.result),
    below: isBelow(rule, input.result, input.target),
    unfinished: input.closed && text(input.result) === null,
  };
}

/** The monitored value of a warning: the value itself, or its grade ('' when none) in level mode. */
export function monitoredOf(rule: PointRule, value: string): string {
  if (rule.warningMode === 'level') return gradeOf(rule, value) ?? '';
  return value.trim();
}

/** A warning grade A–G from a raw cell, else null. */
export function warningGradeOf(raw: string | null): WarningGrade | null {
  const t = text(raw)?.toUpperCase() ?? null;
  return (WARNING_GRADES as readonly string[]).includes(t ?? '') ? (t as WarningGrade) : null;
}

function compare(value: number, cond: WarningCondition, limit: number): boolean {
  switch (cond) {
    case '<':
      return value < limit;
    case '<=':
      return value <= limit;
    case '=':
      return value === limit;
    case '>=':
      return value >= limit;
    case '>':
      return value > limit;
  }
}

/**
 * Whether the point's warning rule fires for a value. Result comparison: `value <cond> warningValue`.
 * Level comparison: the monitored grade is at or below the warning grade (A–G). No rule, no value or
 * an unreadable one → false.
 */
export function warningFires(rule: PointRule, value: string): boolean {
  if (rule.warningMode === null || text(value) === null) return false;
  if (rule.warningMode === 'level') {
    const limit = warningGradeOf(rule.warningValue);
    const monitored = gradeOf(rule, value);
    if (limit === null || monitored === null) return false;
    const rank = gradeRank(monitored);
    return rank !== null && rank >= WARNING_GRADES.indexOf(limit);
  }
  if (rule.warningCondition === null) return false;
  const v = parseValue(rule.dataType, value);
  const limit = parseValue(rule.dataType, rule.warningValue);
  if (v === null || limit === null) return false;
  return compare(v, rule.warningCondition, limit);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The ISO-8601 week of a calendar date (given as a UTC midnight): [week-year, week]. */
export function isoWeek(year: number, month: number, day: number): [number, number] {
  const d = new Date(Date.UTC(year, month - 1, day));
  const dow = d.getUTCDay() || 7; // Monday 1 … Sunday 7
  d.setUTCDate(d.getUTCDate() + 4 - dow); // the Thursday of this week decides the year
  const weekYear = d.getUTCFullYear();
  const week = Math.ceil(((d.getTime() - Date.UTC(weekYear, 0, 1)) / 86400000 + 1) / 7);
  return [weekYear, week];
}

/**
 * The sampling cycle a moment falls in, on the school's calendar (`zone`): 'YYYY-MM' (month), 'YYYY-Www'
 * (ISO week), 'YYYY-MM-DD' (day); null for 'no' or an invalid date.
 */
export function cycleKeyOf(
  period: SamplingPeriod,
  at: Date,
  zone: string = DEFAULT_TIME_ZONE,
): string | null {
  const ms = at.getTime();
  if (period === 'no' || Number.isNaN(ms)) return null;
  const { year: y, month: m, day: d } = zonedParts(ms, zone);
  switch (period) {
    case 'month':
      return `${pad(y, 4)}-${pad(m)}`;
    case 'day':
      return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
    case 'week': {
      const [wy, w] = isoWeek(y, m, d);
      return `${pad(wy, 4)}-W${pad(w)}`;
    }
  }
}

/** Display of a value: float with two decimals, percent with a % suffix; empty → ''. */
export function formatValue(dataType: DataType, raw: string | null): string {
  const t = text(raw);
  if (t === null) return '';
  if (dataType === 'float') {
    const n = parseValue('float', t);
    return n === null ? t : n.toFixed(2);
  }
  if (dataType === 'percent') {
    const n = parseValue('percent', t);
    return n === null ? t : `${percentBody(t).replace(/^\+/, '')}%`;
  }
  return t;
}

/** numerator / denominator × 100, clamped to 0–100, two decimals; 0 when either is empty or zero. */
export function progressPercent(numerator: number | null, denominator: number | null): number {
  if (numerator === null || denominator === null || numerator === 0 || denominator === 0) return 0;
  const v = (numerator / denominator) * 100;
  if (!Number.isFinite(v)) return 0;
  const clamped = Math.min(100, Math.max(0, v));
  return Math.round(clamped * 100) / 100;
}
