import fs from 'node:fs';
import path from 'node:path';
import { aboutEndpoints, DEFAULT_APP_ID, DEFAULT_SYSTEM_NAME, orgEndpoints } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { readJournal } from '../src/db/migrations.ts';
import { ADMIN_PASSWORD, createTestApp, createUser, signIn, type TestApp } from './app.ts';

/** 关于 (GET /api/user/about): any signed-in user reads the system's name, version, database and migration level. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const ROOT_VERSION = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;
const journal = readJournal(MIGRATIONS_FOLDER);

describe('关于', () => {
  it('answers a user without any role the name, the version, the database and the newest migration', async () => {
    const plain = await createUser(t, { roles: [] });
    const session = await signIn(t, plain.account, plain.password);
    expect(await session.call(aboutEndpoints.about)).toEqual({
      systemName: DEFAULT_SYSTEM_NAME,
      version: ROOT_VERSION,
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      migration: { count: journal.length, tag: journal.at(-1)!.tag },
    });
  });

  it('shows the name the administrator saved', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    await admin.call(orgEndpoints.adminUpdateSystemSetting, {
      params: { appId: DEFAULT_APP_ID },
      body: { systemName: '示范学院质量平台' },
    });
    expect((await admin.call(aboutEndpoints.about)).systemName).toBe('示范学院质量平台');
  });

  it('names the level by count alone when the newest applied migration is not one this code knows', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    try {
      expect((await admin.call(aboutEndpoints.about)).migration).toEqual({
        count: journal.length,
        tag: null,
      });
    } finally {
      await t.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
    }
  });

  it('refuses a caller without a session, in Chinese', async () => {
    const response = await t.app.inject({ method: 'GET', url: aboutEndpoints.about.path });
    expect(response.statusCode).toBe(401);
    expect(response.json().meta.message).toMatch(/未登录/);
  });
});
