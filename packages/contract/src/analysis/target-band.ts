/**
 * 目标定位 ("where should our target be"), pure: the peers' percentile bands of a quality point's linked
 * 质量年报 indicator per year with the own school inside them, a reading of a proposed target against the
 * latest band, and what the point's past cycles would have been judged against that target. The rules
 * are judgement.ts's and peer-stats.ts's own functions; nothing here re-states them.
 */
import { effectiveValue, isBelow, type PointRule, parseValue, valueError } from '../diagnosis/judgement.ts';
import type { Direction } from '../standards/standards.enums.ts';
import {
  BAND_POSITION_LABELS,
  type BandPosition,
  bandPosition,
  type PercentileBand,
  percentileBand,
} from './peer-stats.ts';
import type { PeerValueSource } from './peers.schema.ts';

/** Which peers a band is drawn from: every school of the own school's level, or those of its province too. */
export const TARGET_BAND_SCOPES = ['level', 'province'] as const;
export type TargetBandScope = (typeof TARGET_BAND_SCOPES)[number];
export const TARGET_BAND_SCOPE_LABELS: Record<TargetBandScope, string> = {
  level: '全国同层次院校',
  province: '同省同层次院校',
};

/** Why a band is empty. */
export const TARGET_BAND_EMPTY = {
  noIndicator: '该质控点尚未关联同类院校指标',
  noOwnSchool: '尚未设置本校，无法确定同类院校',
  noValues: '暂无同类院校数据',
} as const;

/**
 * Why the warnings column does not move with the target: `warningFires` compares a sample with the rule's
 * own warning value (or warning grade), never with the target, and `gradeOf` grades by the calculation
 * rule. So a proposed target changes the below-standard flag only.
 */
export const WARNINGS_FOLLOW_TARGET = false;
export const SIMULATION_NOTE =
  '预警按质控点的预警值（或预警等级）判断，等级按计算规则判断，二者都与目标值无关：拟定目标只改变是否达标，预警次数与等级为实际值。';

// ── The bands ────────────────────────────────────────────────────────────────────────────────────────

/**
 * One school's value of the linked indicator in one year, as 智能分析 takes it (`effectiveValues` of the
 * peers repo): what it published (`import`), or, for the own school, its diagnosis result of the linked point
 * (`point`), which then stands instead of what it published.
 */
export interface PeerValue {
  schoolCode: string;
  year: number;
  value: number;
  isDemo: boolean;
  source: PeerValueSource;
}

export type OwnValueSource = 'published' | 'result';

export interface YearBand extends PercentileBand {
  year: number;
  /** The own school's value: its own diagnosis result of that year, else its published one. */
  ownValue: number | null;
  ownSource: OwnValueSource | null;
  ownPosition: BandPosition | null;
}

/**
 * The bands per year, oldest first, of the peers' values (the own school's row never counts among its
 * peers), for the years in which at least one peer published, with the own school's value placed among
 * them. `isDemo` when any value drawn (a peer's, or the own one of a year with a band) is demo.
 */
export function bandsByYear(input: {
  values: readonly PeerValue[];
  ownSchoolCode: string;
  direction: Direction;
}): { years: YearBand[]; isDemo: boolean } {
  const { values, ownSchoolCode, direction } = input;
  const peersOf = new Map<number, number[]>();
  const ownOf = new Map<number, PeerValue>();
  for (const v of values) {
    if (v.schoolCode === ownSchoolCode) ownOf.set(v.year, v);
    else {
      const list = peersOf.get(v.year);
      if (list) list.push(v.value);
      else peersOf.set(v.year, [v.value]);
    }
  }
  const years = [...peersOf.keys()].sort((a, b) => a - b);
  const isDemo = values.some((v) => v.isDemo && (v.schoolCode !== ownSchoolCode || peersOf.has(v.year)));
  return {
    isDemo,
    years: years.map((year) => {
      const band = percentileBand(peersOf.get(year) ?? [], direction);
      const own = ownOf.get(year);
      const ownValue = own?.value ?? null;
      const ownSource: OwnValueSource | null = own ? (own.source === 'point' ? 'result' : 'published') : null;
      return {
        year,
        ...band,
        ownValue,
        ownSource,
        ownPosition: ownValue === null ? null : bandPosition(ownValue, band, direction),
      };
    }),
  };
}

// ── The reading of a proposed target ─────────────────────────────────────────────────────────────────

const POSITIONS: readonly BandPosition[] = ['belowP25', 'p25to50', 'p50to75', 'p75to90', 'aboveP90'];

export interface TargetReading {
  /** The latest year with a complete band, which the reading is against. */
  year: number;
  /** Where the proposed target sits; null without a numeric target. */
  targetPosition: BandPosition | null;
  /** One band above the own school's latest position, at least P50–P75 (reach the peers' better half). */
  suggested: BandPosition;
  /** The suggested band's bounds in the indicator's direction (upper null: 不低于 P90 / 不高于 P90). */
  suggestedFrom: number;
  suggestedTo: number | null;
  text: string;
}

const round2 = (n: number) => String(Math.round(n * 100) / 100);

function boundsOf(position: BandPosition, band: YearBand): [number, number | null] {
  const { p25, p50, p75, p90 } = band as { p25: number; p50: number; p75: number; p90: number };
  switch (position) {
    case 'belowP25':
    case 'p25to50':
      return [p25, p50];
    case 'p50to75':
      return [p50, p75];
    case 'p75to90':
      return [p75, p90];
    case 'aboveP90':
      return [p90, null];
  }
}

/**
 * Reads a proposed target against the latest complete band: where it sits, and which band to aim for
 * (one above where the own school stands, never below P50–P75). Null when no year has a complete band.
 */
export function readTarget(input: {
  years: readonly YearBand[];
  direction: Direction;
  proposedValue: number | null;
}): TargetReading | null {
  const { years, direction, proposedValue } = input;
  const latest = [...years].reverse().find((y) => y.p25 !== null && y.p90 !== null);
  if (!latest) return null;
  const own = latest.ownPosition;
  const ownIndex = own === null ? 0 : POSITIONS.indexOf(own);
  const suggested = POSITIONS[Math.min(4, Math.max(2, ownIndex + 1))] as BandPosition;
  const [from, to] = boundsOf(suggested, latest);
  const targetPosition = proposedValue === null ? null : bandPosition(proposedValue, latest, direction);
  const range =
    to === null
      ? `${direction === '>' ? '不低于' : '不高于'} ${round2(from)}`
      : `${round2(from)}–${round2(to)}`;
  const parts = [
    targetPosition === null
      ? null
      : `拟定目标值位于${latest.year}年同类院校 ${BAND_POSITION_LABELS[targetPosition]} 区间`,
    `建议目标值落在同类院校 ${BAND_POSITION_LABELS[suggested]} 区间（${range}）`,
  ].filter(Boolean);
  return {
    year: latest.year,
    targetPosition,
    suggested,
    suggestedFrom: from,
    suggestedTo: to,
    text: `${parts.join('；')}。`,
  };
}

// ── The proposed target and the past cycles ──────────────────────────────────────────────────────────

/** The Chinese message of a proposed target the point cannot hold (naming the field), else null. */
export function proposedTargetError(rule: PointRule, raw: string): string | null {
  const problem = valueError(rule, raw);
  return problem === null ? null : `拟定目标值格式不正确：${problem}`;
}

/** A target or result as a number for the band and the chart; null for whether/have and level points. */
export function numericValueOf(rule: PointRule, raw: string | null): number | null {
  if (rule.calcMode === 'level' || rule.dataType === 'whether' || rule.dataType === 'have') return null;
  return parseValue(rule.dataType, raw);
}

/**
 * Assigned points of the quality point in one diagnosis task that share their values, as the set-based
 * read groups them (`objects` of them; `warnings` recorded over them all).
 */
export interface PastPointGroup {
  taskId: string;
  taskName: string;
  period: string;
  endDate: string;
  /** The task is finished or its end date has passed. */
  closed: boolean;
  targetValue: string | null;
  revisedTarget: string | null;
  result: string | null;
  revisedResult: string | null;
  grade: string | null;
  below: boolean;
  objects: number;
  warnings: number;
}

/** One past cycle (diagnosis task) of the point: what happened, and what the proposed target would have said. */
export interface SimulatedCycle {
  taskId: string;
  taskName: string;
  period: string;
  endDate: string;
  closed: boolean;
  /** How many objects were judged on the point in the cycle (one for the school). */
  objectCount: number;
  /** The effective result and grade when the cycle has one object, else null. */
  result: string | null;
  grade: string | null;
  /** The distinct effective targets the cycle had (revised target preferred), in order of appearance. */
  actualTargets: string[];
  actualBelowCount: number;
  simulatedBelowCount: number;
  /** Objects without an effective result: the figure catalogue's 未完成, open cycle or closed. */
  unfinishedCount: number;
  warningCount: number;
  /** Equal to `warningCount`: see WARNINGS_FOLLOW_TARGET. */
  simulatedWarningCount: number;
}

/**
 * Each cycle in the order of its first group: the stored below-standard flags next to `isBelow` of the
 * effective result against the proposed target.
 */
export function simulateCycles(
  rule: PointRule,
  groups: readonly PastPointGroup[],
  proposedTarget: string | null,
): SimulatedCycle[] {
  const cycles = new Map<string, SimulatedCycle>();
  for (const g of groups) {
    let cycle = cycles.get(g.taskId);
    if (!cycle) {
      cycle = {
        taskId: g.taskId,
        taskName: g.taskName,
        period: g.period,
        endDate: g.endDate,
        closed: g.closed,
        objectCount: 0,
        result: null,
        grade: null,
        actualTargets: [],
        actualBelowCount: 0,
        simulatedBelowCount: 0,
        unfinishedCount: 0,
        warningCount: 0,
        simulatedWarningCount: 0,
      };
      cycles.set(g.taskId, cycle);
    }
    const result = effectiveValue(g.result, g.revisedResult);
    const target = effectiveValue(g.targetValue, g.revisedTarget);
    cycle.objectCount += g.objects;
    if (target !== null && !cycle.actualTargets.includes(target)) cycle.actualTargets.push(target);
    if (g.below) cycle.actualBelowCount += g.objects;
    if (isBelow(rule, result, proposedTarget)) cycle.simulatedBelowCount += g.objects;
    if (result === null) cycle.unfinishedCount += g.objects;
    cycle.warningCount += g.warnings;
    cycle.simulatedWarningCount += g.warnings;
    // A lone object's own values; a second group in the cycle means several objects.
    const single = cycle.objectCount === 1;
    cycle.result = single ? result : null;
    cycle.grade = single ? g.grade : null;
  }
  return [...cycles.values()];
}
