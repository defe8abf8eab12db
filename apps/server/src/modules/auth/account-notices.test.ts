import { ROLE_IDS } from '@eduqa/contract';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { notices } from '../notices/notices.table.ts';
import { users } from '../org/org.table.ts';
import { sessions } from './auth.table.ts';
import { signInAddresses } from './sign-in-addresses.table.ts';

/**
 * 账号安全 messages (消息中心): a password an administrator reset, and a sign-in from an address the account
 * never signed in from — each to the account's owner alone. Read from the table: a person whose password was
 * reset may do nothing else before changing it.
 */

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
}, 60_000);
afterAll(() => t?.close());

const messagesOf = (userId: string) => t.db.select().from(notices).where(eq(notices.recipientId, userId));
const othersCount = async (userId: string) =>
  (await t.db.select({ id: notices.id }).from(notices).where(ne(notices.recipientId, userId))).length;

function login(account: string, password: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: account, password },
    remoteAddress,
  });
}

describe('a password reset by an administrator', () => {
  it('tells the account’s owner, naming the administrator, and no one else', async () => {
    const person = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
    const [administrator] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    const others = await othersCount(person.id);
    const answer = await admin.post(`/api/user/admin/users/${person.id}/resetPassword`, {
      password: 'Reset12345',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const messages = await messagesOf(person.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      category: 'account',
      kind: 'account.passwordReset',
      title: '密码已被管理员重置',
      body: `管理员${administrator!.name}重置了您的密码，请使用新密码登录，并按提示修改密码`,
      link: '',
      actorId: admin.userId,
      actorName: administrator!.name,
    });
    expect(await othersCount(person.id)).toBe(others);
  });

  it('writes nothing when the reset is refused', async () => {
    const person = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
    const answer = await admin.post(`/api/user/admin/users/${person.id}/resetPassword`, { password: '1' });
    expect(answer.statusCode).toBe(400);
    expect(await messagesOf(person.id)).toEqual([]);
  });
});

describe('a sign-in from a new address', () => {
  it('tells the owner of a sign-in from an address never used before; not the first one, nor a known one', async () => {
    const person = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
    const others = await othersCount(person.id);
    const signIn = async (address: string) => {
      const answer = await login(person.account, person.password, address);
      expect(answer.statusCode, answer.body).toBe(200);
    };

    await signIn('10.1.0.1');
    await signIn('10.1.0.1');
    expect(await messagesOf(person.id)).toEqual([]);

    await signIn('10.1.0.2');
    const messages = await messagesOf(person.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      category: 'account',
      kind: 'account.newAddress',
      title: '新地址登录：10.1.0.2',
      link: '',
      actorId: null,
    });
    expect(messages[0]!.body).toMatch(
      /^新地址 10\.1\.0\.2 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 登录，如非本人操作请立即修改密码$/,
    );

    // Known now, and a refused attempt from elsewhere is no sign-in.
    await signIn('10.1.0.2');
    await signIn('10.1.0.1');
    expect((await login(person.account, 'wrong-password', '10.1.0.3')).statusCode).not.toBe(200);
    expect(await messagesOf(person.id)).toHaveLength(1);
    expect(await othersCount(person.id)).toBe(others);
  });

  it('remembers the addresses beyond the sessions kept, so a purge neither forgets nor invents one', async () => {
    const person = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
    const others = await othersCount(person.id);
    const signInAfresh = async (address: string) => {
      // The sessions the server kept are gone (purged): only the remembered addresses are left.
      await t.db.delete(sessions).where(eq(sessions.userId, person.id));
      const answer = await login(person.account, person.password, address);
      expect(answer.statusCode, answer.body).toBe(200);
    };

    await signInAfresh('10.2.0.1');
    await signInAfresh('10.2.0.1');
    expect(await messagesOf(person.id)).toEqual([]);
    await signInAfresh('10.2.0.2');
    expect((await messagesOf(person.id)).map((m) => m.title)).toEqual(['新地址登录：10.2.0.2']);
    await signInAfresh('10.2.0.1');
    await signInAfresh('10.2.0.2');
    expect(await messagesOf(person.id)).toHaveLength(1);
    expect(await othersCount(person.id)).toBe(others);
  });

  it('keeps the 50 most recently used addresses of a person', async () => {
    const person = await createUser(t, { roles: [ROLE_IDS.diagnosisObject] });
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.db.insert(signInAddresses).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: person.id,
        address: `10.3.0.${i + 1}`,
        firstSeenAt: new Date(base + i * 60_000),
        lastSeenAt: new Date(base + i * 60_000),
      })),
    );
    const addresses = async () =>
      (await t.db.select().from(signInAddresses).where(eq(signInAddresses.userId, person.id)))
        .map((r) => r.address)
        .sort();
    // A known address is used again: nothing is dropped.
    expect((await login(person.account, person.password, '10.3.0.1')).statusCode).toBe(200);
    expect(await addresses()).toHaveLength(50);
    // A new one drops the least recently used (10.3.0.2; 10.3.0.1 was just used), and tells the owner.
    expect((await login(person.account, person.password, '10.3.1.1')).statusCode).toBe(200);
    const kept = await addresses();
    expect(kept).toHaveLength(50);
    expect(kept).toContain('10.3.1.1');
    expect(kept).toContain('10.3.0.1');
    expect(kept).not.toContain('10.3.0.2');
    expect((await messagesOf(person.id)).map((m) => m.title)).toEqual(['新地址登录：10.3.1.1']);
  });
});
