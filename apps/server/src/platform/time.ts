/** The school's calendar: Asia/Shanghai, UTC+8 without daylight saving since 1991. */
const SCHOOL_OFFSET_MS = 8 * 3_600_000;

/**
 * yyyy-MM-dd HH:mm:ss on the school's clock, the spec's display format. Fixed rather than the server's
 * own zone, so a server in UTC shows the same times as the sampling cycles (also Shanghai) count them.
 */
export function formatDateTime(date: Date | null | undefined): string | null {
  if (!date) return null;
  const iso = new Date(date.getTime() + SCHOOL_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
