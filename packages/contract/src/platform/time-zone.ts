import { z } from 'zod';

/**
 * The school's time zone (issue 26: every time shown or exported is on the school's clock). A system
 * setting; a school that has not chosen keeps 北京时间. Offsets are always asked of Intl, never fixed, so a
 * zone with daylight saving counts right on both sides of its change.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The zones the settings screen offers first; any other IANA name may be typed. */
export const COMMON_TIME_ZONES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'Asia/Shanghai', label: '北京时间（Asia/Shanghai）' },
  { value: 'Asia/Hong_Kong', label: '香港时间（Asia/Hong_Kong）' },
  { value: 'Asia/Macau', label: '澳门时间（Asia/Macau）' },
  { value: 'Asia/Taipei', label: '台北时间（Asia/Taipei）' },
  { value: 'Asia/Urumqi', label: '乌鲁木齐时间（Asia/Urumqi）' },
  { value: 'Asia/Tokyo', label: '东京时间（Asia/Tokyo）' },
  { value: 'Asia/Seoul', label: '首尔时间（Asia/Seoul）' },
  { value: 'Asia/Singapore', label: '新加坡时间（Asia/Singapore）' },
  { value: 'Asia/Bangkok', label: '曼谷时间（Asia/Bangkok）' },
  { value: 'Asia/Dubai', label: '迪拜时间（Asia/Dubai）' },
  { value: 'Europe/London', label: '伦敦时间（Europe/London）' },
  { value: 'Europe/Paris', label: '巴黎时间（Europe/Paris）' },
  { value: 'Europe/Moscow', label: '莫斯科时间（Europe/Moscow）' },
  { value: 'America/New_York', label: '纽约时间（America/New_York）' },
  { value: 'America/Los_Angeles', label: '洛杉矶时间（America/Los_Angeles）' },
  { value: 'Australia/Sydney', label: '悉尼时间（Australia/Sydney）' },
  { value: 'UTC', label: '协调世界时（UTC）' },
];

export const TIME_ZONE_INVALID = '时区无效，请填写 IANA 时区名称，例如 Asia/Shanghai';

/**
 * A region name only: Intl of newer engines also takes '+08:00', which PostgreSQL's `at time zone` reads
 * with the opposite sign (POSIX), so an offset must never reach the setting.
 */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The zone's canonical spelling (asia/shanghai → Asia/Shanghai, Etc/UTC → UTC), or null when Intl knows no such zone. */
export function canonicalTimeZone(zone: string): string | null {
  if (!ZONE_NAME.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TimeZoneSchema = z
  .string({ error: '请选择时区' })
  .trim()
  .min(1, { error: '请选择时区' })
  .max(64, { error: TIME_ZONE_INVALID })
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_INVALID });
      return z.NEVER;
    }
    return canonical;
  })
  .describe('时区');

/** A wall-clock reading: month 1–12. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** What a clock in `zone` reads at the instant `ms`. */
export function zonedParts(ms: number, zone: string = DEFAULT_TIME_ZONE): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** yyyy-MM-dd of the instant on the zone's calendar. */
export function formatZonedDate(ms: number, zone: string = DEFAULT_TIME_ZONE): string {
  const p = zonedParts(ms, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** yyyy-MM-dd HH:mm:ss of the instant on the zone's clock, the spec's display format. */
export function formatZonedDateTime(ms: number, zone: string = DEFAULT_TIME_ZONE): string {
  const p = zonedParts(ms, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** How far the zone's clock is ahead of UTC at the instant, in milliseconds. */
export function zoneOffsetMs(ms: number, zone: string = DEFAULT_TIME_ZONE): number {
  const p = zonedParts(ms, zone);
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/**
 * The instant a wall-clock reading names in the zone: `local` is 'yyyy-MM-ddTHH:mm[:ss[.sss]]' without an
 * offset; NaN when it is no date. A reading skipped by a daylight-saving change counts on the offset before it.
 */
export function zonedTimeToMs(local: string, zone: string = DEFAULT_TIME_ZONE): number {
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc)) return Number.NaN;
  const guess = asUtc - zoneOffsetMs(asUtc, zone);
  const offset = zoneOffsetMs(guess, zone);
  return asUtc - offset;
}

let processZone = DEFAULT_TIME_ZONE;

/**
 * The school's zone as this process knows it: the server sets it from the system setting (platform/time.ts),
 * the web from the signed-in session. Read only where no caller can pass the zone — a schema parsing a time
 * typed without an offset; every function above takes it as a parameter.
 */
export function schoolClockZone(): string {
  return processZone;
}

export function setSchoolClockZone(zone: string): void {
  processZone = zone;
}
