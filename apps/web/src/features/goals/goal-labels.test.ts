import { describe, expect, it } from 'vitest';
import {
  decompositionText,
  GOAL_FILE_ACCEPT,
  percent,
  scheduleTagColor,
  summariseWarnings,
  taskTypeText,
} from './goal-labels.ts';

describe('scheduleTagColor', () => {
  it('shows unstart red, block yellow, normal blue and finish green', () => {
    expect(scheduleTagColor('unstart')).toBe('red');
    expect(scheduleTagColor('block')).toBe('gold');
    expect(scheduleTagColor('normal')).toBe('blue');
    expect(scheduleTagColor('finish')).toBe('green');
  });
});

describe('summariseWarnings', () => {
  it('counts a task in both maps once', () => {
    const both = { processWarningCount: 1, expiredWarningCount: 2, totalWarningCount: 3 };
    const processOnly = { processWarningCount: 2, expiredWarningCount: 0, totalWarningCount: 2 };
    expect(summariseWarnings({ delayMap: { t1: both }, processMap: { t1: both, t2: processOnly } })).toEqual({
      tasks: 2,
      process: 3,
      expired: 2,
      total: 5,
    });
  });
  it('is zero without an answer', () => {
    expect(summariseWarnings(undefined)).toEqual({ tasks: 0, process: 0, expired: 0, total: 0 });
  });
});

describe('labels', () => {
  it('names task types and decomposition audits in Chinese', () => {
    expect(taskTypeText('A')).toBe('A类·重点');
    expect(decompositionText(null)).toBe('未提交');
    expect(decompositionText(2)).toBe('审核不通过');
  });
  it('clamps completion to 0–100 with two decimals', () => {
    expect(percent(null)).toBe(0);
    expect(percent(120)).toBe(100);
    expect(percent(33.3333)).toBe(33.33);
  });
});

describe('GOAL_FILE_ACCEPT', () => {
  it('lets a phone offer its camera and keeps the document types', () => {
    const accepted = GOAL_FILE_ACCEPT.split(',');
    expect(accepted[0]).toBe('image/*');
    for (const type of ['.png', '.jpg', '.pdf', '.docx', '.xlsx', '.zip']) expect(accepted).toContain(type);
  });
});
