import { describe, expect, it } from 'vitest';
import { averageStatusTransition, isBeyondAverage, isReached } from './annual.rules.ts';

describe('average-level target status', () => {
  it('pauses, resumes and finishes with an actual value', () => {
    expect(averageStatusTransition({ from: 'normal', to: 'pause', actualValue: null })).toEqual({
      ok: true,
      to: 'pause',
    });
    expect(averageStatusTransition({ from: 'pause', to: 'normal', actualValue: null })).toEqual({
      ok: true,
      to: 'normal',
    });
    expect(averageStatusTransition({ from: 'pause', to: 'finished', actualValue: 3 })).toEqual({
      ok: true,
      to: 'finished',
    });
  });

  it('refuses finishing without an actual value, a finished target and no change, in Chinese', () => {
    expect(averageStatusTransition({ from: 'normal', to: 'finished', actualValue: null })).toEqual({
      ok: false,
      message: '完成目标时请填写实际值',
    });
    const reopened = averageStatusTransition({ from: 'finished', to: 'normal', actualValue: 1 });
    expect(reopened.ok).toBe(false);
    expect(!reopened.ok && reopened.message).toContain('不能改为');
    const same = averageStatusTransition({ from: 'normal', to: 'normal', actualValue: null });
    expect(!same.ok && same.message).toContain('已是');
  });
});

describe('comparison with the average level', () => {
  it('reads the direction: bigger is better for >, smaller for <', () => {
    expect(isBeyondAverage({ direction: '>', targetNumber: 95, averageValue: 90 })).toBe(true);
    expect(isBeyondAverage({ direction: '>', targetNumber: 85, averageValue: 90 })).toBe(false);
    expect(isBeyondAverage({ direction: '<', targetNumber: 12, averageValue: 15 })).toBe(true);
    expect(isBeyondAverage({ direction: '<', targetNumber: 15, averageValue: 15 })).toBe(true);
  });

  it('has no verdict until there is an actual value', () => {
    expect(isReached({ direction: '>', targetNumber: 95, actualValue: null })).toBeNull();
    expect(isReached({ direction: '>', targetNumber: 95, actualValue: 96 })).toBe(true);
    expect(isReached({ direction: '<', targetNumber: 12, actualValue: 13 })).toBe(false);
  });
});
