import { DEFAULT_APP_ID } from '@eduqa/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { noticesOn } from '../notices/notices.writer.ts';
import { departments, roles, systemSettings, userRoles, users } from '../org/org.table.ts';
import { loginAttempts, sessions } from './auth.table.ts';
import { createAttemptCounters } from './auth.throttle.ts';
import { signInAddresses } from './sign-in-addresses.table.ts';

/** How many addresses a person's sign-in list keeps (sign-in-addresses.table.ts). */
export const SIGN_IN_ADDRESSES_KEPT = 50;

function authQueries(db: Db) {
  return {
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },

    /**
     * Remembers a sign-in from `ip` and answers what was known before it: whether the person had signed in
     * before, and from this address — by the kept addresses, or by a session the server still keeps (which
     * also covers sign-ins from before the list existed). One statement: the list keeps the
     * SIGN_IN_ADDRESSES_KEPT most recently used, so a new address drops the oldest beyond them.
     */
    async rememberAddress(input: { userId: string; ip: string; at: Date }) {
      const { userId, ip } = input;
      const at = input.at.toISOString();
      const [row] = await queryRows<{ signedInBefore: boolean; fromHere: boolean }>(
        db,
        sql`with known as (
              select address, last_seen_at from ${signInAddresses} where user_id = ${userId}
            ), remembered as (
              insert into ${signInAddresses} (user_id, address, first_seen_at, last_seen_at)
              values (${userId}, ${ip}, ${at}::timestamptz, ${at}::timestamptz)
              on conflict (user_id, address) do update set last_seen_at = excluded.last_seen_at
            ), pruned as (
              delete from ${signInAddresses} where user_id = ${userId} and address in (
                select address from known where address <> ${ip}
                order by last_seen_at desc, address offset ${SIGN_IN_ADDRESSES_KEPT - 1})
            )
            select exists (select 1 from known)
                     or exists (select 1 from ${sessions} where user_id = ${userId}) as "signedInBefore",
                   exists (select 1 from known where address = ${ip})
                     or exists (select 1 from ${sessions} where user_id = ${userId} and ip = ${ip}) as "fromHere"`,
      );
      return { signedInBefore: Boolean(row?.signedInBefore), fromHere: Boolean(row?.fromHere) };
    },

    /** The session, its user and everything needed for permission checks, in one round trip. */
    async findSessionGrants(id: string) {
      const [row] = await queryNamedRows<{
        userId: string;
        csrfSecret: string;
        createdAt: string | Date;
        lastSeenAt: string | Date;
        expiresAt: string | Date;
        revokedAt: string | Date | null;
        disabled: boolean;
        mustChangePassword: boolean;
        roles: Array<{ id: string; name: string; menuKeys: string[]; actions: string[] }>;
        heads: boolean;
        annualTargetBreakdown: boolean;
      }>(
        db,
        'session_grants',
        sql`
        select s.user_id as "userId", s.csrf_secret as "csrfSecret", s.created_at as "createdAt",
          s.last_seen_at as "lastSeenAt", s.expires_at as "expiresAt", s.revoked_at as "revokedAt", u.disabled,
          u.must_change_password as "mustChangePassword",
          coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name, 'menuKeys', r.menu_keys,
            'actions', r.actions)) filter (where r.id is not null), '[]') as roles,
          exists(select 1 from ${departments} d where d.head_user_id = s.user_id) as heads,
          coalesce((select ss.annual_target_breakdown from ${systemSettings} ss
            where ss.app_id = ${DEFAULT_APP_ID}), true) as "annualTargetBreakdown"
        from ${sessions} s
          join ${users} u on u.id = s.user_id
          left join ${userRoles} ur on ur.user_id = s.user_id
          left join ${roles} r on r.id = ur.role_id
        where s.id = ${id}
        group by s.id, u.id`,
      );
      return row;
    },

    async touchSession(id: string, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async revokeSession(id: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** Drops sessions that ended long ago; recent ones stay so that they answer "expired". */
    async purgeSessions(before: Date) {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
    },

    /**
     * Counts one more attempt for the key, atomically, starting a new window when the old one has
     * passed; locks the key when the count exceeds `max`. Counting before the password is checked
     * keeps the limit exact under parallel attempts.
     */
    /** Drops counters whose window has passed and that hold no lock: they would start afresh anyway. */
    async purgeAttempts(windowMs: number) {
      const windowInterval = `${Math.round(windowMs / 1000)} seconds`;
      await db.execute(
        sql`delete from ${loginAttempts}
            where ${loginAttempts.windowStart} < now() - ${windowInterval}::interval
              and (${loginAttempts.lockedUntil} is null or ${loginAttempts.lockedUntil} < now())`,
      );
    },

    async markAccess(userId: string, at: Date) {
      await db.update(users).set({ lastAccessAt: at }).where(eq(users.id, userId));
    },
  };
}

export function createAuthRepo(db: Db) {
  return {
    ...authQueries(db),
    ...noticesOn(db),
    ...createAttemptCounters(db),
    /** Work in one transaction with the queries bound to it (a session and its message). */
    transaction: transactionOf(db, (tx) => queryGroups(authQueries(tx), noticesOn(tx))),
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
