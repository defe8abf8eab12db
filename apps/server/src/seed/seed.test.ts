import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../db/client.ts';
import { departments, users } from '../modules/org/org.table.ts';
import { createDatabaseFileStorage } from '../platform/database-file-storage.ts';
import { verifyPassword } from '../platform/password.ts';
import { DEMO_DEPARTMENTS, DEMO_USERS } from './demo.ts';
import { seedIfEmpty } from './seed.ts';

async function freshDb() {
  const database = await openDatabase({});
  await database.migrate();
  return database;
}

describe('seedIfEmpty', () => {
  // The whole demo seeded from an empty database: 20 s alone, 100 s beside three busy workers.
  it('seeds the demo school once: 12 departments with heads, 40 accounts, its files in the database', async () => {
    const database = await freshDb();
    try {
      // As main.ts seeds with FILE_STORAGE=database: the storage made on the seed's transaction (on PGlite
      // one on the outer connection would wait for the transaction forever).
      const seeded = await seedIfEmpty({ db: database.db, demo: true, storage: createDatabaseFileStorage });
      expect(seeded).toEqual({ kind: 'demo', users: 40 });
      const [unstored] = await queryRows<{ files: number; missing: number }>(
        database.db,
        sql`select count(*)::int as files,
                   count(*) filter (where s.key is null or s.size <> f.size)::int as missing
            from files f left join stored_files s on s.key = f.storage_key`,
      );
      expect(unstored!.files).toBeGreaterThan(30);
      expect(unstored!.missing).toBe(0);
      const heads = await database.db.select({ head: departments.headUserId }).from(departments);
      expect(heads).toHaveLength(DEMO_DEPARTMENTS.length);
      expect(heads.every((d) => d.head)).toBe(true);
      expect(await seedIfEmpty({ db: database.db, demo: true })).toEqual({ kind: 'skipped' });
      const [n] = await database.db.select({ n: count() }).from(users);
      expect(n?.n).toBe(DEMO_USERS.length);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('creates only the administrator with the given password when the demo is off', async () => {
    const database = await freshDb();
    try {
      expect(await seedIfEmpty({ db: database.db, demo: false, adminPassword: 'Given1234' })).toEqual({
        kind: 'admin',
        generatedPassword: null,
      });
      const all = await database.db.select().from(users);
      expect(all.map((u) => u.account)).toEqual(['admin']);
      expect(await verifyPassword('Given1234', all[0]!.passwordHash)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('generates a valid administrator password when none is given', async () => {
    const database = await freshDb();
    try {
      const result = await seedIfEmpty({ db: database.db, demo: false });
      if (result.kind !== 'admin' || !result.generatedPassword)
        throw new Error('expected a generated password');
      const [admin] = await database.db.select().from(users);
      expect(await verifyPassword(result.generatedPassword, admin!.passwordHash)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
