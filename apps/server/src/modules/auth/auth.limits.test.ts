import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, createUser, type TestApp } from '../../../test/app.ts';
import { createAuthRepo } from './auth.repo.ts';
import { LOGIN_LIMITS } from './auth.service.ts';
import { loginAttempts, sessions } from './auth.table.ts';

function login(
  t: TestApp,
  options: { from: string; username: string; password: string; forwardedFor?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: options.from,
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
    payload: { username: options.username, password: options.password },
  });
}

async function attempts(t: TestApp, key: string) {
  const [row] = await t.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
  return row?.attempts ?? 0;
}

/** The address the newest session of the user was opened from: the address the limits counted. */
async function sessionAddress(t: TestApp, userId: string) {
  const [row] = await t.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.ip;
}

it('keeps the production bounds: 5 per account and address, 50 per address, 100 per account, in 15 minutes', () => {
  expect(LOGIN_LIMITS).toEqual({
    windowMs: 15 * 60_000,
    lockMs: 15 * 60_000,
    perPair: 5,
    perAddress: 50,
    perAccount: 100,
  });
});

describe('with the production limits and no proxy trusted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('six wrong passwords from one address lock that address out of the account, not the owner elsewhere', async () => {
    for (let i = 0; i < 6; i++) {
      const wrong = await login(t, { from: '10.1.0.1', username: 'admin', password: `Wrong${i}pass` });
      expect(wrong.statusCode).toBe(401);
    }
    const fromA = await login(t, { from: '10.1.0.1', username: 'admin', password: ADMIN_PASSWORD });
    expect(fromA.statusCode).toBe(401);
    const fromB = await login(t, { from: '10.1.0.2', username: 'admin', password: ADMIN_PASSWORD });
    expect(fromB.statusCode).toBe(200);
  });

  it('answers a locked pair exactly as an unknown user and a wrong password', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 6; i++) {
      await login(t, { from: '10.1.1.1', username: user.account, password: `Wrong${i}pass` });
    }
    const answers = await Promise.all([
      login(t, { from: '10.1.1.1', username: user.account, password: user.password }),
      login(t, { from: '10.1.1.2', username: user.account, password: 'Wrong1234' }),
      login(t, { from: '10.1.1.3', username: 'nobody-here', password: 'Whatever1' }),
    ]);
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(401);
  });

  it('lets exactly five of 20 parallel attempts from one address reach the account', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(t, { from: '10.1.2.1', username: user.account, password: `Wrong${i}abc` }),
      ),
    );
    expect(results.filter((r) => r.statusCode !== 401).map((r) => r.body)).toEqual([]);
    expect(await attempts(t, `account:${user.account.toLowerCase()}`)).toBe(5);
    const right = await login(t, { from: '10.1.2.1', username: user.account, password: user.password });
    expect(right.statusCode).toBe(401);
    const elsewhere = await login(t, { from: '10.1.2.2', username: user.account, password: user.password });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('signs in 20 times at once with the right password from one address, refusing none', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        login(t, { from: '10.1.7.1', username: user.account, password: user.password }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Nothing is left counted against the owner: in flight settled, no failure.
    for (const key of ['ip:10.1.7.1', `account:${user.account.toLowerCase()}`]) {
      const [row] = await t.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
      expect(row).toMatchObject({ attempts: 0, pending: 0, lockedUntil: null });
    }
  });

  it('starts the pair afresh after the owner signs in', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 4; i++) {
      await login(t, { from: '10.1.3.1', username: user.account, password: `Wrong${i}pass` });
    }
    const right = await login(t, { from: '10.1.3.1', username: user.account, password: user.password });
    expect(right.statusCode).toBe(200);
    expect(await attempts(t, `pair:10.1.3.1 ${user.account.toLowerCase()}`)).toBe(0);
  });

  it('ignores X-Forwarded-For: the connection is the counted address', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 6; i++) {
      const wrong = await login(t, {
        from: '10.1.4.1',
        username: user.account,
        password: `Wrong${i}pass`,
        forwardedFor: `203.0.113.${i + 1}`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const dodge = await login(t, {
      from: '10.1.4.1',
      username: user.account,
      password: user.password,
      forwardedFor: '203.0.113.99',
    });
    expect(dodge.statusCode).toBe(401);
    const other = await login(t, {
      from: '10.1.4.2',
      username: user.account,
      password: user.password,
      forwardedFor: '203.0.113.1',
    });
    expect(other.statusCode).toBe(200);
    expect(await sessionAddress(t, user.id)).toBe('10.1.4.2');
  });
});

describe('behind a listed proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['10.2.0.1', '10.3.0.0/16'] } });
  });
  afterAll(() => t.close());

  it('counts the forwarded address of a request that came through a listed proxy', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 6; i++) {
      await login(t, {
        from: '10.2.0.1',
        username: user.account,
        password: `Wrong${i}pass`,
        forwardedFor: '198.51.100.7',
      });
    }
    const sameClient = await login(t, {
      from: '10.3.4.5',
      username: user.account,
      password: user.password,
      forwardedFor: '198.51.100.7',
    });
    expect(sameClient.statusCode).toBe(401);
    const otherClient = await login(t, {
      from: '10.2.0.1',
      username: user.account,
      password: user.password,
      forwardedFor: '198.51.100.8',
    });
    expect(otherClient.statusCode).toBe(200);
    expect(await sessionAddress(t, user.id)).toBe('198.51.100.8');
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    const user = await createUser(t);
    const direct = await login(t, {
      from: '10.2.0.2',
      username: user.account,
      password: user.password,
      forwardedFor: '198.51.100.9',
    });
    expect(direct.statusCode).toBe(200);
    expect(await sessionAddress(t, user.id)).toBe('10.2.0.2');
  });
});

describe('the per-address and per-account bounds', () => {
  let t: TestApp;
  // Lower bounds so the test reaches them quickly; the pair keeps its production limit of 5.
  beforeAll(async () => {
    t = await createTestApp({ loginLimits: { perAddress: 12, perAccount: 15 } });
  });
  afterAll(() => t.close());

  it('locks an address that tries many accounts, for every account, and only that address', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 12; i++) {
      await login(t, { from: '10.4.0.1', username: `ghost${i}`, password: 'Wrong1234' });
    }
    const fromThere = await login(t, { from: '10.4.0.1', username: user.account, password: user.password });
    expect(fromThere.statusCode).toBe(401);
    const elsewhere = await login(t, { from: '10.4.0.2', username: user.account, password: user.password });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('locks an account that many addresses guess at, from every address', async () => {
    const user = await createUser(t);
    for (const from of ['10.5.0.1', '10.5.0.2', '10.5.0.3']) {
      for (let i = 0; i < 5; i++) {
        expect((await login(t, { from, username: user.account, password: `Wrong${i}pass` })).statusCode).toBe(
          401,
        );
      }
    }
    const owner = await login(t, { from: '10.5.0.9', username: user.account, password: user.password });
    expect(owner.statusCode).toBe(401);
  });

  it('does not let one stranger reach the per-account bound by hammering from one address', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 11; i++) {
      await login(t, { from: '10.6.0.1', username: user.account, password: `Wrong${i}pass` });
    }
    expect(await attempts(t, `account:${user.account.toLowerCase()}`)).toBe(5);
    const owner = await login(t, { from: '10.6.0.2', username: user.account, password: user.password });
    expect(owner.statusCode).toBe(200);
  });
});

describe('the counters table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('purges counters whose window has passed and keeps live ones and live locks', async () => {
    const old = new Date(Date.now() - 2 * LOGIN_LIMITS.windowMs);
    await t.db.insert(loginAttempts).values([
      { key: 'purge:passed', attempts: 3, windowStart: old },
      { key: 'purge:locked', attempts: 9, windowStart: old, lockedUntil: new Date(Date.now() + 60_000) },
      { key: 'purge:live', attempts: 1, windowStart: new Date() },
    ]);
    await createAuthRepo(t.db).purgeAttempts(LOGIN_LIMITS.windowMs);
    const left = await t.db.select({ key: loginAttempts.key }).from(loginAttempts);
    const keys = left.map((row) => row.key).filter((key) => key.startsWith('purge:'));
    expect(keys.sort()).toEqual(['purge:live', 'purge:locked']);
  });
});
