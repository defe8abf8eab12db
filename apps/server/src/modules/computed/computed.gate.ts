import { type GateFlag, type PointRule, parseValue, valueError } from '@eduqa/contract';

/** What the gate knows of one staged value. */
export interface GateInput {
  rule: PointRule;
  /** The value as text; null when the source had a row whose value was null, or no row at all. */
  value: string | null;
  /** Whether the source answered a row for the object and cycle. */
  present: boolean;
  /** The collection failed for this object (algorithm or endpoint error): its Chinese message. */
  error?: string | null;
  /** Where the value came from, so that a value-less object's reason names it. */
  source?: 'algorithm' | 'interface';
  range: { min: number | null; max: number | null };
  /** Earlier numeric values of the same object and point, oldest first. */
  history: readonly number[];
}

export interface GateVerdict {
  flags: GateFlag[];
  reasons: string[];
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Fewer earlier values than this and the history says nothing about a new one. */
export const MIN_HISTORY = 3;
/** A value is far from history beyond this many (scaled) median absolute deviations … */
const MAD_LIMIT = 3;
/** … or beyond this factor of the median, either way. */
const RATIO_LIMIT = 3;
/** MAD scaled to the standard deviation of a normal distribution. */
const MAD_SCALE = 1.4826;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const show = (n: number) => String(Number(n.toPrecision(6)));

/**
 * Far from the object's own history: more than 3 scaled MADs from the median of earlier values (and
 * at least 10 % of it, so that a flat history does not flag a tiny wobble), or more than 3 times / less
 * than a third of a positive median. Null when it is not far, else the Chinese reason.
 */
export function outlierReason(value: number, history: readonly number[]): string | null {
  if (history.length < MIN_HISTORY) return null;
  const med = median(history);
  const mad = median(history.map((h) => Math.abs(h - med)));
  const gap = Math.abs(value - med);
  const byMad = mad > 0 && gap / (MAD_SCALE * mad) > MAD_LIMIT && gap > 0.1 * Math.abs(med);
  const byRatio = med > 0 && (value > RATIO_LIMIT * med || value < med / RATIO_LIMIT);
  if (!byMad && !byRatio) return null;
  return `数值 ${show(value)} 偏离该对象以往 ${history.length} 次采样的中位数 ${show(med)}`;
}

/** The longest reason kept: a database's message can quote a whole value or statement. */
export const MAX_REASON_LENGTH = 300;

/**
 * A reason as the gate report shows it: one line, no stack frames (should an error ever carry them), at
 * most MAX_REASON_LENGTH characters with an ellipsis when cut.
 */
export function reasonText(text: string): string {
  const line = text
    .split(/\n\s+at\s/)[0]!
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH - 1)}…` : line;
}

const NO_VALUE_REASONS = {
  algorithm: { missing: '算法没有返回值（该对象本周期没有数据）', null: '算法返回了空值' },
  interface: { missing: '接口返回中没有该对象本周期的数据', null: '接口返回的数值为空' },
  unknown: { missing: '数据源中没有该对象本周期的数据', null: '数据源返回了空值' },
};

/** The flags and reasons of one staged value; no flag means it may go in unseen. */
export function gateOf(input: GateInput): GateVerdict {
  const verdict: GateVerdict = { flags: [], reasons: [] };
  const flag = (f: GateFlag, reason: string) => {
    verdict.flags.push(f);
    verdict.reasons.push(reason);
  };
  if (input.error) {
    flag('error', reasonText(input.error));
    return verdict;
  }
  const noValue = NO_VALUE_REASONS[input.source ?? 'unknown'];
  if (!input.present) {
    flag('missing', noValue.missing);
    return verdict;
  }
  if (input.value === null || input.value.trim() === '') {
    flag('null', noValue.null);
    return verdict;
  }
  const invalid = valueError(input.rule, input.value);
  if (invalid) {
    flag('range', `数值“${input.value}”不符合质控点的数据类型：${invalid}`);
    return verdict;
  }
  const n = parseValue(input.rule.dataType, input.value);
  if (n === null || input.rule.dataType === 'whether' || input.rule.dataType === 'have') return verdict;
  const { min, max } = input.range;
  if ((min !== null && n < min) || (max !== null && n > max)) {
    flag('range', `数值 ${show(n)} 超出合理范围 ${min ?? '-∞'} ~ ${max ?? '+∞'}`);
  }
  const far = outlierReason(n, input.history);
  if (far) flag('outlier', far);
  return verdict;
}

/**
 * An algorithm's or endpoint's value as the text a sample stores: numbers without float noise,
 * booleans as 是/否 (有/无 for have points), strings trimmed; null and undefined stay null.
 */
export function valueText(raw: unknown, dataType: PointRule['dataType']): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(Number(raw.toPrecision(12))) : null;
  if (typeof raw === 'bigint') return raw.toString();
  if (typeof raw === 'boolean') return dataType === 'have' ? (raw ? '有' : '无') : raw ? '是' : '否';
  if (typeof raw === 'string') {
    const t = raw.trim();
    if (t === '') return null;
    // A numeric column arrives as text ('78.0000000000'): kept as the number it is.
    if (dataType !== 'whether' && dataType !== 'have' && NUMBER_RE.test(t))
      return String(Number(Number(t).toPrecision(12)));
    return t;
  }
  return JSON.stringify(raw);
}
