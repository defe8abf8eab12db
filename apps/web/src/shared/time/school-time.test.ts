import { DEFAULT_TIME_ZONE } from '@eduqa/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { formatSchoolTime, parseSchoolTime, setSchoolTimeZone } from './school-time.ts';

afterEach(() => setSchoolTimeZone(DEFAULT_TIME_ZONE));

describe('school time', () => {
  it('round-trips a date through the school clock', () => {
    const date = parseSchoolTime('2026-12-31 18:30:00');
    expect(date?.toISOString()).toBe('2026-12-31T10:30:00.000Z');
    expect(formatSchoolTime(date)).toBe('2026-12-31 18:30:00');
    expect(parseSchoolTime('2026-12-31')?.toISOString()).toBe('2026-12-30T16:00:00.000Z');
  });

  it('follows the zone the session carries, whatever the browser’s', () => {
    setSchoolTimeZone('Asia/Tokyo');
    expect(formatSchoolTime('2026-12-31T10:30:00.000Z')).toBe('2026-12-31 19:30:00');
    expect(parseSchoolTime('2026-12-31 18:30')?.toISOString()).toBe('2026-12-31T09:30:00.000Z');
    setSchoolTimeZone('UTC');
    expect(formatSchoolTime(new Date('2026-12-31T10:30:00.000Z'))).toBe('2026-12-31 10:30:00');
  });

  it('shows the placeholder for no time or one that is no date', () => {
    expect(formatSchoolTime(null)).toBe('—');
    expect(formatSchoolTime('', '-')).toBe('-');
    expect(formatSchoolTime('soon')).toBe('—');
    expect(parseSchoolTime('soon')).toBeNull();
  });
});
