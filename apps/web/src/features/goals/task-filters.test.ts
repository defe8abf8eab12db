import { describe, expect, it } from 'vitest';
import { countQueryOf, warningsOfTask } from './task-filters.ts';

describe('countQueryOf', () => {
  it('asks personal counts for my tasks and the department condition for department tasks', () => {
    expect(countQueryOf('mine', 'd02')).toEqual({ queryType: 'personal' });
    expect(countQueryOf('department', 'd02')).toEqual({ departmentCondition: 'd02' });
    expect(countQueryOf('department', undefined)).toEqual({});
    expect(countQueryOf('collaboration', 'd02')).toEqual({});
  });
});

describe('warningsOfTask', () => {
  const counts = { processWarningCount: 1, expiredWarningCount: 2, totalWarningCount: 3 };
  it('reads either map, zero for a task without warnings', () => {
    expect(warningsOfTask({ delayMap: { t1: counts }, processMap: {} }, 't1')).toEqual({
      process: 1,
      expired: 2,
    });
    expect(warningsOfTask({ delayMap: {}, processMap: { t1: counts } }, 't1')).toEqual({
      process: 1,
      expired: 2,
    });
    expect(warningsOfTask({ delayMap: {}, processMap: {} }, 't1')).toEqual({ process: 0, expired: 0 });
    expect(warningsOfTask(undefined, 't1')).toEqual({ process: 0, expired: 0 });
  });
});
