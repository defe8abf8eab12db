import { describe, expect, it } from 'vitest';
import {
  departmentOptions,
  headOf,
  initialFilters,
  shownDepartmentId,
  toAnalysisRequest,
  withYear,
} from './summary-filters.ts';

const charge = [
  { id: 'd03', name: '质量管理办公室', headId: 'u3', headName: '孙华' },
  { id: 'd05', name: '人事处', headId: 'u3', headName: '孙华' },
];

describe('initialFilters', () => {
  it('starts on the first charged department with every warning type', () => {
    expect(initialFilters(charge)).toEqual({ warningType: 'all', departmentId: 'd03' });
  });
  it('starts on all departments for someone who heads none', () => {
    expect(initialFilters([])).toEqual({ warningType: 'all' });
  });
});

describe('toAnalysisRequest', () => {
  it('sends only the filters that are set', () => {
    expect(toAnalysisRequest({ warningType: 'all' })).toEqual({ warningType: 'all' });
    expect(
      toAnalysisRequest({
        warningType: 'process',
        cycleYear: 2026,
        yearTargetId: 'y1',
        taskType: 'A',
        departmentId: undefined,
      }),
    ).toEqual({ warningType: 'process', cycleYear: 2026, yearTargetId: 'y1', taskType: 'A' });
  });
});

describe('headOf', () => {
  const departments = [
    { departmentId: 'd03', chargeUserName: '孙华' },
    { departmentId: 'd09', chargeUserName: null },
  ];
  it('names the head of the chosen department', () => {
    expect(headOf('d03', departments, [])).toBe('孙华');
  });
  it('falls back on the session record, and is null without a department or a head', () => {
    expect(headOf('d05', [], charge)).toBe('孙华');
    expect(headOf('d09', departments, charge)).toBeNull();
    expect(headOf(undefined, departments, charge)).toBeNull();
  });
});

describe('withYear', () => {
  const years: Record<string, number> = { y25: 2025, y26: 2026 };
  const yearOf = (id: string) => years[id];
  it('keeps a year target of the chosen year and drops one of another year', () => {
    const filters = { warningType: 'all' as const, yearTargetId: 'y26' };
    expect(withYear(filters, 2026, yearOf).yearTargetId).toBe('y26');
    expect(withYear(filters, 2025, yearOf)).toEqual({
      warningType: 'all',
      cycleYear: 2025,
      yearTargetId: undefined,
    });
    expect(withYear(filters, undefined, yearOf).yearTargetId).toBe('y26');
  });
});

describe('the 责任部门 select', () => {
  const list = [{ departmentId: 'd03', departmentName: '质量管理办公室' }];
  it('names the charged departments before the department list has come', () => {
    expect(departmentOptions([], charge)).toEqual([
      { value: 'd03', label: '质量管理办公室' },
      { value: 'd05', label: '人事处' },
    ]);
    expect(departmentOptions(list, charge)).toHaveLength(2);
  });
  it('never shows a raw id: an unknown department is held back until its name is known', () => {
    expect(shownDepartmentId('d02', [])).toBeUndefined();
    expect(shownDepartmentId('d02', departmentOptions(list, charge))).toBeUndefined();
    expect(shownDepartmentId('d03', departmentOptions([], charge))).toBe('d03');
    expect(shownDepartmentId(undefined, departmentOptions(list, []))).toBeUndefined();
  });
});
