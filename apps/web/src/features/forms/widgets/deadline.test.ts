import { DEFAULT_TIME_ZONE } from '@eduqa/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { setSchoolTimeZone } from '../../../shared/time/school-time.ts';
import { describeDeadline } from './deadline.ts';

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

  it("reads the deadline on the school's zone", () => {
    onTestFinished(() => setSchoolTimeZone(DEFAULT_TIME_ZONE));
    expect(describeDeadline('2026-11-26 10:30:00', now).text).toBe('今天截止');
    // 10:30 in Tokyo was 01:30 UTC: half an hour ago.
    setSchoolTimeZone('Asia/Tokyo');
    expect(describeDeadline('2026-11-26 10:30:00', now)).toMatchObject({ text: '已逾期', isOverdue: true });
  });

  it('reads nothing into a malformed deadline', () => {
    expect(describeDeadline('soon', now).text).toBe('');
  });
});
