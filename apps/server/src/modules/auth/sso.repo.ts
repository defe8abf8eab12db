import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../org/org.table.ts';
import { sessions } from './auth.table.ts';
import { ssoLogins, ssoSessions, ssoSettings } from './sso.table.ts';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;

export function createSsoRepo(db: Db) {
  return {
    async findSettings(appId: string): Promise<SsoSettingsRow | undefined> {
      const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.appId, appId));
      return row;
    },

    async saveSettings(row: Omit<SsoSettingsRow, 'updatedAt'>) {
      const { appId, ...changes } = row;
      await db
        .insert(ssoSettings)
        .values(row)
        .onConflictDoUpdate({ target: ssoSettings.appId, set: { ...changes, updatedAt: new Date() } });
    },

    async roleExists(id: string) {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
      return row !== undefined;
    },

    async insertLogin(row: { id: string; state: string; nonce: string; codeVerifier: string }) {
      await db.insert(ssoLogins).values(row);
    },

    /** Takes a pending sign-in once: a second callback with the same cookie finds nothing. */
    async takeLogin(id: string, notBefore: Date) {
      const [row] = await db.delete(ssoLogins).where(eq(ssoLogins.id, id)).returning();
      return row && row.createdAt > notBefore ? row : undefined;
    },

    async purgeLogins(before: Date) {
      await db.delete(ssoLogins).where(lt(ssoLogins.createdAt, before));
    },

    async recordSession(row: { sessionId: string; protocol: 'cas' | 'oidc'; ticket: string | null }) {
      await db.insert(ssoSessions).values(row);
    },

    /** Ends the sessions that signed in with this CAS ticket; answers how many were still open. */
    async revokeByTicket(ticket: string) {
      const ids = db
        .select({ id: ssoSessions.sessionId })
        .from(ssoSessions)
        .where(eq(ssoSessions.ticket, ticket));
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /**
     * A new account for a centrally signed-in person, with one role. Two first sign-ins of the same
     * person at once: the second insert finds the account taken and does nothing.
     */
    async createUser(row: {
      id: string;
      account: string;
      name: string;
      passwordHash: string;
      roleId: string;
    }) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({
            id: row.id,
            account: row.account,
            name: row.name,
            passwordHash: row.passwordHash,
            passwordChangedAt: new Date(),
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (inserted.length > 0) await tx.insert(userRoles).values({ userId: row.id, roleId: row.roleId });
      });
    },
  };
}

export type SsoRepo = ReturnType<typeof createSsoRepo>;
