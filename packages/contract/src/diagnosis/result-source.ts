import { DEFAULT_TIME_ZONE } from '../platform/time-zone.ts';
import type { SamplingPeriod } from '../standards/standards.enums.ts';
import { cycleKeyOf } from './judgement.ts';

/**
 * Where a point's value came from (issue 26). A sample is typed by a person (录入采样值) or written by
 * an accepted collection (its lineage says group, version, run and input rows); the result itself may be
 * revised by the charger (修正结果值), which wins over both.
 */
export const SAMPLE_SOURCES = ['typed', 'collected'] as const;
export type SampleSource = (typeof SAMPLE_SOURCES)[number];
export const SAMPLE_SOURCE_LABELS: Record<SampleSource, string> = {
  typed: '手工录入',
  collected: '算法计算',
};

/** The source of the result actually used: a sample of either kind, the revised value, or nothing yet. */
export const RESULT_SOURCES = ['typed', 'collected', 'revised', 'none'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];
export const RESULT_SOURCE_LABELS: Record<ResultSource, string> = {
  typed: '手工录入',
  collected: '算法计算',
  revised: '修正结果值',
  none: '暂无结果',
};

/**
 * 结果取值规则 of a computed point (algorithm, SQL or interface), the one rule the recompute applies and
 * the screens show: the publisher at the gate, every reader under 为什么是这个值. A collection never
 * erases what a person typed: in a cycle where it has a value it takes the typed value's place, in a
 * cycle where it has none the typed value stays — and the lineage says which happened.
 */
export const RESULT_SOURCE_RULE =
  '结果取值规则：有修正结果值时取修正结果值；否则取任务期间内最近一个有值的采样周期的值——同一周期内，采集入库的值替换手工录入的值；采集无值的周期保留手工录入的值。';
export const KEPT_TYPED_NOTE = '采集无值，保留手工录入值';
export const REPLACED_TYPED_NOTE = '采集值替换了同周期手工录入的值';

/** What the rule needs of a sample: when it was taken and by what. */
export interface SourcedSample {
  id: string;
  /** Epoch milliseconds of the sampling time. */
  ms: number;
  value: string;
  source: SampleSource;
}

/** The cycle a sample counts in; 不采样 (period 'no') makes the whole task period one cycle. */
export function sampleCycleOf(period: SamplingPeriod, ms: number, zone: string = DEFAULT_TIME_ZONE): string {
  return cycleKeyOf(period, new Date(ms), zone) ?? 'all';
}

export interface ResultPick<T extends SourcedSample> {
  /** The sample whose value is the result, or null when no sample lies in the task period. */
  chosen: T | null;
  /** Its cycle (as `sampleCycleOf` names it). */
  cycleKey: string | null;
  /** Typed samples whose cycle has a collected value: kept, shown, but not the result's. */
  replaced: ReadonlySet<string>;
}

/**
 * The result sample of a computed point by `RESULT_SOURCE_RULE` (the revised value is applied after,
 * with `effectiveValue`): samples outside the task period (days of the school's calendar, `timeZone`) do
 * not count; per cycle a collected sample beats typed ones and the latest of a kind wins; the latest cycle
 * with a sample gives the result.
 */
export function pickResultSample<T extends SourcedSample>(
  samples: readonly T[],
  input: { period: SamplingPeriod; startDate: string; endDate: string; timeZone?: string },
): ResultPick<T> {
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const byCycle = new Map<string, T>();
  const collectedCycles = new Set<string>();
  const inPeriod = samples.filter((s) => {
    const day = cycleKeyOf('day', new Date(s.ms), zone);
    return day !== null && day >= input.startDate && day <= input.endDate;
  });
  for (const s of inPeriod)
    if (s.source === 'collected') collectedCycles.add(sampleCycleOf(input.period, s.ms, zone));
  for (const s of inPeriod) {
    const cycle = sampleCycleOf(input.period, s.ms, zone);
    if (collectedCycles.has(cycle) && s.source !== 'collected') continue;
    const held = byCycle.get(cycle);
    if (!held || s.ms >= held.ms) byCycle.set(cycle, s);
  }
  let chosen: T | null = null;
  for (const s of byCycle.values()) if (!chosen || s.ms > chosen.ms) chosen = s;
  const replaced = new Set(
    inPeriod
      .filter((s) => s.source === 'typed' && collectedCycles.has(sampleCycleOf(input.period, s.ms, zone)))
      .map((s) => s.id),
  );
  return { chosen, cycleKey: chosen ? sampleCycleOf(input.period, chosen.ms, zone) : null, replaced };
}
