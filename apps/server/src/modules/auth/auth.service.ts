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
import type { LoginLimits } from './auth.throttle.ts';

export type { LoginLimits } from './auth.throttle.ts';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
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

/** How long an attempt waits for attempts in flight on its guards to settle before it is refused. */
const BUSY_WAIT_MS = 20_000;

/**
 * Takes the attempt's turn on its guards (`decideAttempt`): refused at a reached bound, retried while the
 * bound is taken by attempts still being checked. Answers whether it is locked out.
 */
async function takeTurn(
  authRepo: AuthRepo,
  guards: Array<{ key: string; max: number }>,
  limits: LoginLimits,
) {
  const giveUpAt = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    const verdict = await authRepo.acquireAttempt(guards, limits);
    if (verdict !== 'busy') return { locked: verdict === 'locked' };
    if (Date.now() > giveUpAt) return { locked: true };
    await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 70));
  }
}

/**
 * The user whose password this is, or `LoginRefused`. Unknown user, wrong password, disabled and locked
 * accounts all get the same answer after the same work (one scrypt), so none can be told from another.
 */
async function checkPassword(
  deps: { authRepo: AuthRepo; orgRepo: OrgRepo; limits: LoginLimits },
  input: LoginBody & { ip: string },
) {
  const { authRepo, orgRepo, limits } = deps;
  const lookUp = async ({ username, password }: LoginBody) => {
    const user = await orgRepo.findUserByAccount(username);
    return { user, passwordOk: await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH) };
  };
  const account = input.username.toLowerCase();
  // The address comes first in the pair key: an address holds no space, so no two pairs share a key.
  const keys = {
    address: `ip:${input.ip}`,
    pair: `pair:${input.ip} ${account}`,
    account: `account:${account}`,
  };
  const { locked } = await takeTurn(
    authRepo,
    [
      { key: keys.address, max: limits.perAddress },
      { key: keys.pair, max: limits.perPair },
      { key: keys.account, max: limits.perAccount },
    ],
    limits,
  );
  const counted = [keys.address, keys.pair, keys.account];
  const found = await lookUp(input).catch(async (error: unknown) => {
    // Not an answer about the password: the attempt leaves the guards as it found them.
    if (!locked) await authRepo.settleAttempt(counted, 'succeeded');
    throw error;
  });
  const { user, passwordOk } = found;
  if (locked) throw new LoginRefused('locked');
  const refuse = async (reason: LoginRefusalReason) => {
    await authRepo.settleAttempt(counted, 'failed');
    return new LoginRefused(reason);
  };
  if (!user) throw await refuse('unknownUser');
  if (!passwordOk) throw await refuse('wrongPassword');
  if (user.disabled) throw await refuse('disabled');
  // The owner got in from here: this pair starts afresh; the wider counters only drop this attempt.
  await authRepo.settleAttempt(counted, 'succeeded');
  await authRepo.clearAttempts(keys.pair);

  return user;
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
      const user = await checkPassword({ authRepo, orgRepo, limits }, input);
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
