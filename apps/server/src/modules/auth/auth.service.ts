import { createHash } from 'node:crypto';
import type { LoginBody } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/ids.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/password.ts';
import type { SessionLookup } from '../../platform/route.ts';
import { computeGrants } from '../org/org.grants.ts';
import type { OrgRepo } from '../org/org.repo.ts';
import type { AuthRepo } from './auth.repo.ts';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxPerAccount: 5,
  maxPerAddress: 50,
};

/** Touching `last_seen_at` on every request would turn every read into a write. */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export function createAuthService(deps: { authRepo: AuthRepo; orgRepo: OrgRepo; policy: SessionPolicy }) {
  const { authRepo, orgRepo, policy } = deps;

  return {
    /**
     * Signs in. Unknown user, wrong password, disabled and locked accounts all get the same answer
     * after the same work (one scrypt), so none can be told from another.
     */
    async login(input: LoginBody & { ip: string }) {
      const accountKey = `account:${input.username.toLowerCase()}`;
      const addressKey = `ip:${input.ip}`;
      const [byAccount, byAddress] = [
        await authRepo.countAttempt({
          key: accountKey,
          windowMs: THROTTLE.windowMs,
          lockMs: THROTTLE.lockMs,
          max: THROTTLE.maxPerAccount,
        }),
        await authRepo.countAttempt({
          key: addressKey,
          windowMs: THROTTLE.windowMs,
          lockMs: THROTTLE.lockMs,
          max: THROTTLE.maxPerAddress,
        }),
      ];
      const user = await orgRepo.findUserByAccount(input.username);
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !passwordOk || user.disabled || byAccount.locked || byAddress.locked) {
        throw new AppError('LOGIN_FAILED');
      }
      await authRepo.clearAttempts(accountKey);
      await authRepo.forgiveAttempt(addressKey);

      const token = randomToken();
      const csrfSecret = randomToken();
      const now = new Date();
      await authRepo.insertSession({
        id: hashToken(token),
        userId: user.id,
        csrfSecret,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + policy.maxMs),
        ip: input.ip,
      });
      await authRepo.markAccess(user.id, now);
      return {
        token,
        csrfSecret,
        userId: user.id,
        previousAccess: user.lastAccessAt,
        maxAgeMs: policy.maxMs,
      };
    },

    async logout(actor: Actor) {
      await authRepo.revokeSession(actor.sessionId);
    },

    /** Resolves the cookie token: no such session, an ended one, or the caller with their grants. */
    async resolveSession(token: string): Promise<SessionLookup> {
      if (token.length > 200) return { status: 'none' };
      const id = hashToken(token);
      const row = await authRepo.findSessionGrants(id);
      if (!row) return { status: 'none' };
      const now = Date.now();
      const lastSeen = toDate(row.lastSeenAt).getTime();
      // The stored expiry is the lifetime at sign-in; created_at + maxMs applies a lifetime shortened since.
      const ended =
        row.revokedAt !== null ||
        row.disabled ||
        toDate(row.expiresAt).getTime() <= now ||
        toDate(row.createdAt).getTime() + policy.maxMs <= now ||
        lastSeen + policy.idleMs <= now;
      if (ended) return { status: 'expired' };
      if (now - lastSeen > TOUCH_EVERY_MS) await authRepo.touchSession(id, new Date(now));
      const grants = computeGrants(row.roles, row.heads, {
        annualTargetBreakdown: row.annualTargetBreakdown,
      });
      return {
        status: 'active',
        actor: {
          userId: row.userId,
          sessionId: id,
          csrfSecret: row.csrfSecret,
          roleIds: grants.roles.map((role) => role.id),
          menuKeys: new Set(grants.menuKeys),
          actions: new Set(grants.actions),
        },
      };
    },

    revokeUserSessions: (userId: string) => authRepo.revokeUserSessions(userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
