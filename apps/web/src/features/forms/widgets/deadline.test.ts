import { describe, expect, it } from 'vitest';
import { describeDeadline, formatSchoolTime, parseSchoolTime } from './deadline.ts';

const now = new Date('2026-11-26T02:00:00Z'); // 10:00 at school

describe('describeDeadline', () => {
  it('counts whole days left on the school clock', () => {
    expect(describeDeadline('2026-11-30 18:00:00', now)).toEqual({
      text: '剩余4天',
      isOverdue: false,
      isNear: false,
    });
    expect(describeDeadline('2026-11-28 12:00:00', now)).toMatchObject({ text: '剩余2天', isNear: true });
  });

  it('says due today when less than a day is left', () => {
    expect(describeDeadline('2026-11-26 23:59:59', now)).toMatchObject({
      text: '今天截止',
      isOverdue: false,
    });
  });

  it('marks a passed deadline as overdue with its days', () => {
    expect(describeDeadline('2026-11-26 09:00:00', now)).toEqual({
      text: '已逾期',
      isOverdue: true,
      isNear: false,
    });
    expect(describeDeadline('2026-11-23 09:00:00', now)).toMatchObject({
      text: '已逾期3天',
      isOverdue: true,
    });
  });

  it('reads nothing into a malformed deadline', () => {
    expect(describeDeadline('soon', now).text).toBe('');
  });
});

describe('school time', () => {
  it('round-trips a date through the school clock', () => {
    const date = parseSchoolTime('2026-12-31 18:30:00');
    expect(date?.toISOString()).toBe('2026-12-31T10:30:00.000Z');
    expect(formatSchoolTime(date!)).toBe('2026-12-31 18:30:00');
    expect(parseSchoolTime('2026-12-31')?.toISOString()).toBe('2026-12-30T16:00:00.000Z');
  });
});
