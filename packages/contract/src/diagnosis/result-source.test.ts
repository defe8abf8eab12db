import { describe, expect, it } from 'vitest';
import { pickResultSample, type SourcedSample } from './result-source.ts';

/** A sample at a Beijing time ('2025-10-31T20:00'). */
const at = (id: string, local: string, value: string, source: SourcedSample['source']): SourcedSample => ({
  id,
  ms: Date.parse(`${local}:00+08:00`),
  value,
  source,
});
const period = { period: 'month', startDate: '2025-10-01', endDate: '2025-11-30' } as const;

describe('pickResultSample (结果取值规则)', () => {
  it('lets a collected value replace a typed one of the same cycle, even one typed later', () => {
    const pick = pickResultSample(
      [at('c10', '2025-10-31T12:00', '75', 'collected'), at('t10', '2025-10-31T20:00', '82.7', 'typed')],
      period,
    );
    expect(pick.chosen?.id).toBe('c10');
    expect(pick.cycleKey).toBe('2025-10');
    expect([...pick.replaced]).toEqual(['t10']);
  });

  it('keeps a typed value in a cycle where the collection has none, as the latest cycle', () => {
    const pick = pickResultSample(
      [at('c10', '2025-10-31T12:00', '75', 'collected'), at('t11', '2025-11-20T09:00', '82.7', 'typed')],
      period,
    );
    expect(pick.chosen?.id).toBe('t11');
    expect(pick.cycleKey).toBe('2025-11');
    expect(pick.replaced.size).toBe(0);
  });

  it('takes the latest of a kind within a cycle and ignores samples outside the task period', () => {
    const pick = pickResultSample(
      [
        at('t1', '2025-11-02T09:00', '60', 'typed'),
        at('t2', '2025-11-05T09:00', '61', 'typed'),
        at('late', '2025-12-01T09:00', '99', 'typed'),
      ],
      period,
    );
    expect(pick.chosen?.id).toBe('t2');
  });

  it('treats the whole task period as one cycle when the point is not sampled (不采样)', () => {
    const pick = pickResultSample(
      [at('c', '2025-10-10T12:00', '70', 'collected'), at('t', '2025-11-20T09:00', '90', 'typed')],
      { ...period, period: 'no' },
    );
    expect(pick.chosen?.id).toBe('c');
    expect([...pick.replaced]).toEqual(['t']);
  });

  it('answers nothing without a sample', () => {
    expect(pickResultSample([], period)).toMatchObject({ chosen: null, cycleKey: null });
  });
});
