import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roles } from '../org/org.table.ts';
import { sessions } from './auth.table.ts';

/** 统一身份认证 settings, one row per application; no row means off. */
export const ssoSettings = pgTable('sso_settings', {
  appId: text().primaryKey(),
  mode: text().notNull().default('none'),
  casServerUrl: text().notNull().default(''),
  casServiceUrl: text().notNull().default(''),
  casAccountAttribute: text().notNull().default(''),
  oidcIssuer: text().notNull().default(''),
  oidcClientId: text().notNull().default(''),
  /** Never leaves the server: the settings answer carries a mask instead. */
  oidcClientSecret: text().notNull().default(''),
  oidcRedirectUri: text().notNull().default(''),
  oidcScopes: text().notNull().default('openid profile'),
  oidcAccountClaim: text().notNull().default('preferred_username'),
  autoCreate: boolean().notNull().default(false),
  defaultRoleId: text().references(() => roles.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One OpenID sign-in under way: the browser holds a random key in a cookie, the server keeps what the
 * callback must check (state, nonce) and the PKCE verifier under the key's hash. Used once, then deleted.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: text().primaryKey(),
    state: text().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_logins_created_idx').on(t.createdAt)],
);

/** Sessions opened by central sign-in: CAS single logout names the ticket, so the ticket finds the session. */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: text()
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    protocol: text().notNull(),
    ticket: text(),
  },
  (t) => [index('sso_sessions_ticket_idx').on(t.ticket)],
);
