import { isoWeek, type SamplingPeriod, zonedTimeToMs } from '@eduqa/contract';
import { schoolTimeZone } from '../../platform/time.ts';

/** One sampling cycle inside a task period: its key (as `cycleKeyOf` names it) and its calendar days. */
export interface SamplingCycle {
  key: string;
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function keyOf(period: Exclude<SamplingPeriod, 'no'>, day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (period === 'month') return day.slice(0, 7);
  if (period === 'day') return day;
  const [wy, w] = isoWeek(y, m, d);
  return `${pad(wy, 4)}-W${pad(w)}`;
}

/**
 * The sampling cycles of a point inside a task period, up to today: a cycle cut by the period's start,
 * its end or today keeps only its days inside. Period 'no' (不采样) is one cycle: the whole period so far.
 * Dates are calendar days ('YYYY-MM-DD', the school's calendar), so the arithmetic is plain UTC.
 */
export function samplingCyclesOf(input: {
  period: SamplingPeriod;
  startDate: string;
  endDate: string;
  today: string;
}): SamplingCycle[] {
  const last = input.endDate < input.today ? input.endDate : input.today;
  if (last < input.startDate) return [];
  if (input.period === 'no')
    return [{ key: `${input.startDate}~${last}`, start: input.startDate, end: last }];
  const cycles: SamplingCycle[] = [];
  const endMs = Date.parse(`${last}T00:00:00Z`);
  for (let ms = Date.parse(`${input.startDate}T00:00:00Z`); ms <= endMs; ms += DAY_MS) {
    const day = dayOf(ms);
    const key = keyOf(input.period, day);
    const current = cycles.at(-1);
    if (current?.key === key) current.end = day;
    else cycles.push({ key, start: day, end: day });
  }
  return cycles;
}

/** The sampling cycles of an assigned point's task period, up to `today`. */
export const cyclesOfTarget = (
  t: { samplingPeriod: SamplingPeriod; taskStart: string; taskEnd: string },
  today: string,
): SamplingCycle[] =>
  samplingCyclesOf({ period: t.samplingPeriod, startDate: t.taskStart, endDate: t.taskEnd, today });

/** When a cycle's sample is taken: noon of its last day on the school's clock, so every reader files it there. */
export const sampledAtOf = (cycle: SamplingCycle): Date =>
  new Date(zonedTimeToMs(`${cycle.end}T12:00:00`, schoolTimeZone()));
