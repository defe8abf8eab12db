import { describe, expect, it } from 'vitest';
import type { TaskRow } from './api.ts';
import { countQueryOf, narrowWarned, warningsOfTask } from './task-filters.ts';

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

describe('narrowWarned', () => {
  const row = (
    id: string,
    rwlx: TaskRow['rwlx'],
    scheduleStatus: TaskRow['scheduleStatus'],
    departmentId: string,
  ) => ({ id, rwlx, scheduleStatus, departmentId }) as TaskRow;
  const rows = [
    row('1', 'A', 'block', 'd02'),
    row('2', 'B', 'normal', 'd02'),
    row('3', 'A', 'normal', 'd04'),
  ];
  it('keeps the rows matching every chosen filter', () => {
    expect(narrowWarned(rows, {}).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(narrowWarned(rows, { type: 'A' }).map((r) => r.id)).toEqual(['1', '3']);
    expect(narrowWarned(rows, { type: 'A', departmentId: 'd02' }).map((r) => r.id)).toEqual(['1']);
    expect(narrowWarned(rows, { scheduleStatus: 'normal' }).map((r) => r.id)).toEqual(['2', '3']);
  });
});
