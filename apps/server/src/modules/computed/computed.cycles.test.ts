import { describe, expect, it } from 'vitest';
import { sampledAtOf, samplingCyclesOf } from './computed.cycles.ts';

describe('sampling cycles of a task period', () => {
  it('cuts the first and the last month at the period and stops at today', () => {
    const cycles = samplingCyclesOf({
      period: 'month',
      startDate: '2025-01-15',
      endDate: '2025-12-31',
      today: '2025-03-10',
    });
    expect(cycles).toEqual([
      { key: '2025-01', start: '2025-01-15', end: '2025-01-31' },
      { key: '2025-02', start: '2025-02-01', end: '2025-02-28' },
      { key: '2025-03', start: '2025-03-01', end: '2025-03-10' },
    ]);
  });

  it('stops at the end date of a period already over', () => {
    const cycles = samplingCyclesOf({
      period: 'month',
      startDate: '2024-11-01',
      endDate: '2024-12-20',
      today: '2025-06-01',
    });
    expect(cycles.map((c) => c.key)).toEqual(['2024-11', '2024-12']);
    expect(cycles.at(-1)?.end).toBe('2024-12-20');
  });

  it('names weeks by their ISO year, across the turn of the year', () => {
    const cycles = samplingCyclesOf({
      period: 'week',
      startDate: '2024-12-28',
      endDate: '2025-01-10',
      today: '2025-02-01',
    });
    expect(cycles).toEqual([
      { key: '2024-W52', start: '2024-12-28', end: '2024-12-29' },
      { key: '2025-W01', start: '2024-12-30', end: '2025-01-05' },
      { key: '2025-W02', start: '2025-01-06', end: '2025-01-10' },
    ]);
  });

  it('takes the whole period so far as one cycle when the point is not sampled', () => {
    expect(
      samplingCyclesOf({ period: 'no', startDate: '2025-01-01', endDate: '2025-12-31', today: '2025-04-02' }),
    ).toEqual([{ key: '2025-01-01~2025-04-02', start: '2025-01-01', end: '2025-04-02' }]);
  });

  it('has no cycle before the period starts', () => {
    for (const period of ['day', 'month', 'no'] as const)
      expect(
        samplingCyclesOf({ period, startDate: '2025-09-01', endDate: '2026-01-31', today: '2025-08-31' }),
      ).toEqual([]);
  });

  it('takes a cycle sample at noon of its last day, Beijing time', () => {
    expect(sampledAtOf({ key: '2025-02', start: '2025-02-01', end: '2025-02-28' }).toISOString()).toBe(
      '2025-02-28T04:00:00.000Z',
    );
  });
});
