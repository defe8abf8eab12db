import { AVERAGE_STATUS_LABELS, type AverageDirection, type AverageStatus } from './annual.schema.ts';
import type { Transition } from './goal-states.ts';

/**
 * 平均水平目标 rules, pure so server and web judge alike. A status moves normal ⇄ pause and from either
 * to finished, which needs an actual value; finished is final (withdraw or edit the task instead).
 */
export const AVERAGE_STATUS_TRANSITIONS: Readonly<Record<AverageStatus, readonly AverageStatus[]>> = {
  normal: ['pause', 'finished'],
  pause: ['normal', 'finished'],
  finished: [],
};

export function averageStatusTransition(input: {
  from: AverageStatus;
  to: AverageStatus;
  actualValue: number | null;
}): Transition<AverageStatus> {
  const { from, to } = input;
  if (from === to) return { ok: false, message: `目标已是“${AVERAGE_STATUS_LABELS[to]}”状态` };
  if (!AVERAGE_STATUS_TRANSITIONS[from].includes(to)) {
    return {
      ok: false,
      message: `目标当前为“${AVERAGE_STATUS_LABELS[from]}”，不能改为“${AVERAGE_STATUS_LABELS[to]}”`,
    };
  }
  if (to === 'finished' && input.actualValue === null)
    return { ok: false, message: '完成目标时请填写实际值' };
  return { ok: true, to };
}

/** '>' bigger is better: `value` meets `reference` when value ≥ reference; '<' when value ≤ reference. */
export function meets(direction: AverageDirection, value: number, reference: number): boolean {
  return direction === '>' ? value >= reference : value <= reference;
}

/** The target is set on the right side of the average level (not weaker than the average). */
export const isBeyondAverage = (t: {
  direction: AverageDirection;
  targetNumber: number;
  averageValue: number;
}) => meets(t.direction, t.targetNumber, t.averageValue);

/** Whether the actual value reached the target; null while there is none. */
export const isReached = (t: {
  direction: AverageDirection;
  targetNumber: number;
  actualValue: number | null;
}): boolean | null => (t.actualValue === null ? null : meets(t.direction, t.actualValue, t.targetNumber));
