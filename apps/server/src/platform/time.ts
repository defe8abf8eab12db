import { formatZonedDate, formatZonedDateTime, schoolClockZone, setSchoolClockZone } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * The school's time zone, the one place the server knows it (issue 26): the system setting 时区, kept here
 * so that formatting stays synchronous. Set when the app starts and when an administrator saves it; every
 * instance also re-reads it at most once a minute, so the others follow a change saved on one of them.
 */
export function schoolTimeZone(): string {
  return schoolClockZone();
}

/** Takes the saved zone at once (the contract's schemas read times typed without an offset on it). */
export function setSchoolTimeZone(zone: string): void {
  setSchoolClockZone(zone);
}

const REFRESH_MS = 60_000;

/**
 * Loads the zone now and re-reads it before a request once it is a minute old; `read` answers the setting.
 */
export async function installSchoolTimeZone(app: FastifyInstance, read: () => Promise<string>) {
  let readAt = 0;
  const refresh = async () => {
    readAt = Date.now();
    setSchoolTimeZone(await read());
  };
  await refresh();
  app.addHook('onRequest', async () => {
    if (Date.now() - readAt >= REFRESH_MS) await refresh();
  });
}

/** The zone as a bound parameter, for `at time zone` in SQL (days and months on the school's calendar). */
export const schoolZoneSql = (): SQL => sql`${schoolTimeZone()}::text`;

/** Today on the school's calendar, as SQL (the day deadlines are counted from). */
export const schoolTodaySql = (): SQL => sql`(now() at time zone ${schoolZoneSql()})::date`;

/**
 * yyyy-MM-dd HH:mm:ss on the school's clock, the spec's display format. The school's zone rather than the
 * server's own, so a server in UTC shows the same times as the sampling cycles count them.
 */
export function formatDateTime(date: Date | null | undefined): string | null {
  if (!date) return null;
  return formatZonedDateTime(date.getTime(), schoolTimeZone());
}

/** yyyy-MM-dd: the day of the school's calendar the instant falls on. */
export const formatSchoolDate = (date: Date): string => formatZonedDate(date.getTime(), schoolTimeZone());
