import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordsetOf } from '../../platform/sql.ts';
import { loginAttempts } from './auth.table.ts';

/** The counters written back after a decision. */
const COUNTER_KEYS = ['key', 'attempts', 'pending', 'windowStart', 'lockedUntil'] as const;

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

/** One counter as stored: failures of its window, attempts still being checked, and its lock. */
export interface AttemptCounter {
  key: string;
  attempts: number;
  pending: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

/** `go`: counted as in flight on every guard; `locked`: refused; `busy`: retry once others have settled. */
export type AttemptVerdict = 'go' | 'locked' | 'busy';

/**
 * Whether an attempt may have its password checked, and the counters as they are afterwards. A guard's
 * failures plus the attempts still in flight never exceed its bound, so parallel guesses are held to it
 * exactly; an attempt that finds the bound taken by attempts still in flight (an owner signing in from
 * several windows, a computer room behind one address) waits its turn instead of being refused. Only
 * failures lock. A refused or waiting attempt counts on no guard.
 */
export function decideAttempt(input: {
  counters: readonly AttemptCounter[];
  guards: ReadonlyArray<{ key: string; max: number }>;
  now: Date;
  limits: Pick<LoginLimits, 'windowMs' | 'lockMs'>;
}): { verdict: AttemptVerdict; counters: AttemptCounter[] } {
  const { guards, now, limits } = input;
  const byKey = new Map(input.counters.map((c) => [c.key, c]));
  const at = now.getTime();
  const counters = guards.map(({ key }) => {
    const c = byKey.get(key) ?? { key, attempts: 0, pending: 0, windowStart: now, lockedUntil: null };
    const isLocked = c.lockedUntil !== null && c.lockedUntil.getTime() > at;
    // A window that has passed with no lock starts afresh; attempts in flight that long are lost ones.
    if (!isLocked && c.windowStart.getTime() < at - limits.windowMs)
      return { key, attempts: 0, pending: 0, windowStart: now, lockedUntil: null };
    return { ...c };
  });
  let verdict: AttemptVerdict = 'go';
  guards.forEach(({ max }, i) => {
    const c = counters[i]!;
    const isLocked = c.lockedUntil !== null && c.lockedUntil.getTime() > at;
    if (isLocked || c.attempts >= max) {
      // Each attempt at a bound that is reached keeps the lock on: guessing on never outlasts it.
      c.lockedUntil = new Date(at + limits.lockMs);
      verdict = 'locked';
    } else if (verdict === 'go' && c.attempts + c.pending >= max) verdict = 'busy';
  });
  if (verdict === 'go') for (const c of counters) c.pending += 1;
  return { verdict, counters };
}

/** The counters of the sign-in limits (`login_attempts`), read and written as `decideAttempt` says. */
export function createAttemptCounters(db: Db) {
  return {
    /** Decides on the guards' counters locked in one short transaction: attempts in parallel take turns. */
    async acquireAttempt(guards: ReadonlyArray<{ key: string; max: number }>, limits: LoginLimits) {
      const keys = guards.map((g) => g.key);
      return db.transaction(async (tx) => {
        // Sorted, so two attempts on the same keys lock them in the same order.
        await tx
          .insert(loginAttempts)
          .values([...keys].sort().map((key) => ({ key })))
          .onConflictDoNothing();
        const rows = await tx
          .select()
          .from(loginAttempts)
          .where(inArray(loginAttempts.key, keys))
          .orderBy(loginAttempts.key)
          .for('update');
        const decided = decideAttempt({ counters: rows, guards, now: new Date(), limits });
        // The guards' counters written back in one statement, not one per guard.
        await tx.execute(sql`
          update ${loginAttempts} l
          set attempts = c.attempts, pending = c.pending, window_start = c.window_start,
              locked_until = c.locked_until
          from ${recordsetOf(loginAttempts, COUNTER_KEYS, decided.counters, 'c').from}
          where l.key = c.key`);
        return decided.verdict;
      });
    },

    /** An attempt that went ahead has been checked: a failure counts on every guard, a success on none. */
    async settleAttempt(keys: readonly string[], outcome: 'failed' | 'succeeded') {
      // Locked in key order, as `acquireAttempt` locks them: two attempts settling never wait on each other
      // in a circle (they deadlocked when the update locked the rows in the order it found them).
      await db.execute(sql`
        update ${loginAttempts} l
        set pending = greatest(l.pending - 1, 0), attempts = l.attempts + ${outcome === 'failed' ? 1 : 0}
        from (select key from ${loginAttempts} where key in ${[...keys]} order by key for update) o
        where l.key = o.key`);
    },

    /** The owner got in from here: the pair starts afresh. */
    async clearAttempts(key: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
    },
  };
}

export type AttemptCounters = ReturnType<typeof createAttemptCounters>;
