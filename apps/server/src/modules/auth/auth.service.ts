import { createHash } from 'node:crypto';
import type { LoginBody } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { randomToken } from '../../platform/ids.ts';
import { DUMMY_HASH, verifyPassword } from '../../platform/password.ts';
import type { SessionLookup } from '../../platform/route.ts';
import { computeGrants } from '../org/org.grants.ts';
import type { OrgRepo } from '../org/org.repo.ts';
import { newAddressNotice } from './account-notices.ts';
import type { AuthRepo } from './auth.repo.ts';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

/** Sign-in limits: failed attempts per window, counted per address, per account and address, per account. */
export interface LoginLimits {
  windowMs: number;
  lockMs: number;
  /** One account from one address: the limit a mistyping owner or a stranger guessing meets first. */
  perPair: number;
  /** One address across all accounts: a stranger trying many names. */
  perAddress: number;
  /** One account across all addresses: many strangers together; high, so no single one reaches it. */
  perAccount: number;
}

export const LOGIN_LIMITS: Readonly<LoginLimits> = Object.freeze({
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  perPair: 5,
  perAddress: 50,
  perAccount: 100,
});

/** Why a sign-in was refused: the caller never learns it, the login log does. */
export type LoginRefusalReason = 'locked' | 'unknownUser' | 'disabled' | 'wrongPassword';

export const LOGIN_REFUSAL_LABELS: Record<LoginRefusalReason, string> = {
  locked: '尝试次数过多，已临时锁定',
  unknownUser: '账号不存在',
  disabled: '账号已停用',
  wrongPassword: '密码错误',
};

/** The one answer every refused sign-in gets, carrying the reason for the login log only. */
export class LoginRefused extends AppError {
  constructor(readonly reason: LoginRefusalReason) {
    super('LOGIN_FAILED');
  }
}

/** Touching `last_seen_at` on every request would turn every read into a write. */
const TOUCH_EVERY_MS = 60_000;

/** Why a session no longer counts, in the login log's words; null while it does. */
function endedBecause(input: {
  row: {
    revokedAt: unknown;
    disabled: boolean;
    expiresAt: string | Date;
    createdAt: string | Date;
    lastSeenAt: string | Date;
  };
  now: number;
  policy: SessionPolicy;
}): string | null {
  const { row, now, policy } = input;
  if (row.revokedAt !== null) return '会话已注销（退出登录、修改密码或管理员操作）';
  if (row.disabled) return '账号已停用';
  // The stored expiry is the lifetime at sign-in; created_at + maxMs applies a lifetime shortened since.
  const pastMax =
    toDate(row.expiresAt).getTime() <= now || toDate(row.createdAt).getTime() + policy.maxMs <= now;
  if (pastMax) return '超过会话最长有效期';
  if (toDate(row.lastSeenAt).getTime() + policy.idleMs <= now) return '长时间未操作';
  return null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Counts the attempt from the narrowest guard outwards and stops at the first one that is locked, so a
 * refused attempt does not count against the wider ones: a stranger at one address adds at most
 * `perPair` attempts per window to an account and cannot lock its owner out of another address.
 * Counting happens before the password is checked, which keeps each limit exact under parallel attempts.
 */
async function countAttempt(input: {
  authRepo: AuthRepo;
  limits: LoginLimits;
  keys: { address: string; pair: string; account: string };
}) {
  const { authRepo, limits, keys } = input;
  const guards = [
    { key: keys.address, max: limits.perAddress },
    { key: keys.pair, max: limits.perPair },
    { key: keys.account, max: limits.perAccount },
  ];
  for (const guard of guards) {
    const counted = await authRepo.countAttempt({
      key: guard.key,
      windowMs: limits.windowMs,
      lockMs: limits.lockMs,
      max: guard.max,
    });
    if (counted.locked) return { locked: true };
  }
  return { locked: false };
}

export function createAuthService(deps: {
  authRepo: AuthRepo;
  orgRepo: OrgRepo;
  policy: SessionPolicy;
  /** Production uses LOGIN_LIMITS; tests lower the bounds to reach them quickly. */
  limits?: Partial<LoginLimits>;
}) {
  const { authRepo, orgRepo, policy } = deps;
  const limits: LoginLimits = { ...LOGIN_LIMITS, ...deps.limits };

  /** A new cookie session for a user whose identity has been proved (password or central sign-in). */
  async function openSession(input: { user: { id: string; lastAccessAt: Date | null }; ip: string }) {
    const { user } = input;
    const token = randomToken();
    const csrfSecret = randomToken();
    const now = new Date();
    const sessionId = hashToken(token);
    await authRepo.transaction(async (tx) => {
      // Read before this session is written: an address is new when the person never signed in from it.
      const history = await tx.rememberAddress({ userId: user.id, ip: input.ip, at: now });
      await tx.insertSession({
        id: sessionId,
        userId: user.id,
        csrfSecret,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + policy.maxMs),
        ip: input.ip,
      });
      if (history.signedInBefore && !history.fromHere)
        await tx.notify([newAddressNotice({ userId: user.id, ip: input.ip, at: now })]);
    });
    await authRepo.markAccess(user.id, now);
    return {
      token,
      /** The stored session id (the token's hash): central sign-in keeps it to end the session later. */
      sessionId,
      csrfSecret,
      userId: user.id,
      previousAccess: user.lastAccessAt,
      maxAgeMs: policy.maxMs,
    };
  }

  return {
    /**
     * Signs in. Unknown user, wrong password, disabled and locked accounts all get the same answer
     * after the same work (one scrypt), so none can be told from another.
     */
    async login(input: LoginBody & { ip: string }) {
      const account = input.username.toLowerCase();
      // The address comes first in the pair key: an address holds no space, so no two pairs share a key.
      const keys = {
        address: `ip:${input.ip}`,
        pair: `pair:${input.ip} ${account}`,
        account: `account:${account}`,
      };
      const { locked } = await countAttempt({ authRepo, limits, keys });
      const user = await orgRepo.findUserByAccount(input.username);
      const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
      if (locked) throw new LoginRefused('locked');
      if (!user) throw new LoginRefused('unknownUser');
      if (!passwordOk) throw new LoginRefused('wrongPassword');
      if (user.disabled) throw new LoginRefused('disabled');
      // The owner got in from here: this pair starts afresh; the wider counters only drop this attempt.
      await authRepo.clearAttempts(keys.pair);
      await authRepo.forgiveAttempt(keys.account);
      await authRepo.forgiveAttempt(keys.address);

      return openSession({ user, ip: input.ip });
    },

    /** Central sign-in has proved who the user is; the session is the same as a local sign-in's. */
    openSession,

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
      const ended = endedBecause({ row, now, policy });
      if (ended) return { status: 'expired', userId: row.userId, sessionId: id, reason: ended };
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
          mustChangePassword: row.mustChangePassword,
        },
      };
    },

    revokeUserSessions: (userId: string) => authRepo.revokeUserSessions(userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
