import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatZonedDate,
  formatZonedDateTime,
  TimeZoneSchema,
  zonedTimeToMs,
  zoneOffsetMs,
} from './time-zone.ts';

const HOUR = 3_600_000;

describe('TimeZoneSchema', () => {
  it('keeps a zone Intl knows, in its canonical spelling', () => {
    expect(TimeZoneSchema.parse('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(TimeZoneSchema.parse(' asia/tokyo ')).toBe('Asia/Tokyo');
    expect(TimeZoneSchema.parse('UTC')).toBe('UTC');
  });

  it('refuses an unknown zone or a bare offset, in Chinese', () => {
    for (const bad of ['Mars/Olympus', '+08:00', 'UTC+8', '', 'Asia/Shanghai; drop table x']) {
      const result = TimeZoneSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/时区/);
    }
    expect(canonicalTimeZone('+08:00')).toBeNull();
  });
});

describe('zoned clock', () => {
  const at = Date.parse('2026-03-15T16:30:05Z');

  it('reads an instant on the zone of the caller', () => {
    expect(formatZonedDateTime(at)).toBe('2026-03-16 00:30:05');
    expect(formatZonedDateTime(at, 'UTC')).toBe('2026-03-15 16:30:05');
    expect(formatZonedDateTime(at, 'Asia/Urumqi')).toBe('2026-03-15 22:30:05');
    expect(formatZonedDate(at, 'Asia/Tokyo')).toBe('2026-03-16');
  });

  it('asks Intl for the offset, daylight saving included', () => {
    expect(zoneOffsetMs(at, 'Asia/Shanghai')).toBe(8 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Europe/London')).toBe(0);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Europe/London')).toBe(HOUR);
  });

  it('turns a wall-clock reading back into the instant', () => {
    expect(new Date(zonedTimeToMs('2026-09-01T08:30:00')).toISOString()).toBe('2026-09-01T00:30:00.000Z');
    expect(new Date(zonedTimeToMs('2026-09-01T08:30:00', 'UTC')).toISOString()).toBe(
      '2026-09-01T08:30:00.000Z',
    );
    expect(new Date(zonedTimeToMs('2026-07-01T09:00:00', 'Europe/London')).toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(new Date(zonedTimeToMs('2026-01-01T09:00:00', 'Europe/London')).toISOString()).toBe(
      '2026-01-01T09:00:00.000Z',
    );
    expect(zonedTimeToMs('2026-13-01T00:00:00')).toBeNaN();
  });
});
