import { formatZonedDateTime, schoolClockZone, setSchoolClockZone, zonedTimeToMs } from '@eduqa/contract';

/**
 * The school's clock on the web (issue 26): the system setting 时区, which the session carries. Every time
 * the screens format themselves goes through here, so a browser in another zone shows what the server
 * exports.
 */
export function setSchoolTimeZone(zone: string): void {
  setSchoolClockZone(zone);
}

export const schoolTimeZone = (): string => schoolClockZone();

/** yyyy-MM-dd HH:mm:ss on the school's clock; `empty` for no time or one that is no date. */
export function formatSchoolTime(value: Date | string | number | null | undefined, empty = '—'): string {
  if (value === null || value === undefined || value === '') return empty;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(ms) ? empty : formatZonedDateTime(ms, schoolClockZone());
}

/** A time as the server sends it (yyyy-MM-dd[ HH:mm[:ss]], on the school's clock) as an instant. */
export function parseSchoolTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(text.trim());
  if (!m) return null;
  const time = m[2] ?? '00:00:00';
  const ms = zonedTimeToMs(`${m[1]}T${time.length === 5 ? `${time}:00` : time}`, schoolClockZone());
  return Number.isNaN(ms) ? null : new Date(ms);
}
