import { DEFAULT_APP_ID, DEFAULT_SYSTEM_NAME, ROLE_IDS } from '@eduqa/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { departments, roles, systemSettings, userRoles, users, userTypes } from '../modules/org/org.table.ts';
import type { FileStorage } from '../platform/file-storage.ts';
import { newId } from '../platform/ids.ts';
import { generatePassword, hashPassword } from '../platform/password.ts';
import { seedComputedDemo } from './algorithms-demo.ts';
import { seedAnnualDemo } from './annual-demo.ts';
import { seedDashboardsDemo } from './dashboards-demo.ts';
import { DEMO_DEPARTMENTS, DEMO_PASSWORD, DEMO_USER_TYPES, DEMO_USERS } from './demo.ts';
import { seedDiagnosisDemo } from './diagnosis-demo.ts';
import { seedGoalsDemo } from './goals-demo.ts';
import { seedPeersDemo } from './peers-demo.ts';
import { seedPortraitsDemo } from './portraits-demo.ts';
import { seedReportsDemo } from './reports-demo.ts';
import { BUILTIN_ROLES } from './roles.ts';
import { seedOwnSchoolDemo } from './schools-demo.ts';
import { seedStandardsDemo } from './standards-demo.ts';

export type SeedResult =
  | { kind: 'skipped' }
  | { kind: 'demo'; users: number }
  | { kind: 'admin'; generatedPassword: string | null };

/**
 * Seeds an empty database, in one transaction: the built-in roles and settings, then either the
 * demo school or a lone administrator.
 */
export async function seedIfEmpty(options: {
  db: Db;
  demo: boolean;
  adminPassword?: string | undefined;
  /** The moment the demo's dates count back from; defaults to the current time. */
  now?: Date | undefined;
  /**
   * Where the demo's attachments are written; without it the demo has none. A storage in the database is
   * given as its factory, so that it writes through the seed's transaction: on PGlite a query outside
   * it would wait for it forever.
   */
  storage?: FileStorage | ((tx: Db) => FileStorage) | undefined;
}): Promise<SeedResult> {
  const { db } = options;
  const storageOf = (tx: Db) =>
    typeof options.storage === 'function' ? options.storage(tx) : options.storage;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { kind: 'skipped' };

  if (options.demo) {
    const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
    await db.transaction(async (tx) => {
      const storage = storageOf(tx);
      await insertBuiltins(tx);
      await tx.insert(userTypes).values(DEMO_USER_TYPES);
      await tx
        .insert(departments)
        .values(DEMO_DEPARTMENTS.map(({ head: _head, ...d }, i) => ({ ...d, sort: i + 1 })));
      const ids = new Map(DEMO_USERS.map((u) => [u.account, newId()]));
      await tx.insert(users).values(
        DEMO_USERS.map((u, i) => ({
          id: ids.get(u.account)!,
          account: u.account,
          name: u.name,
          passwordHash: hashes[i]!,
          departmentId: u.departmentId,
          userTypeId: u.userTypeId,
          sex: u.sex,
          email: `${u.account}@demo.eduqa.example`,
        })),
      );
      await tx
        .insert(userRoles)
        .values(
          DEMO_USERS.flatMap((u) => u.roles.map((roleId) => ({ userId: ids.get(u.account)!, roleId }))),
        );
      for (const d of DEMO_DEPARTMENTS) {
        await tx
          .update(departments)
          .set({ headUserId: ids.get(d.head)! })
          .where(eq(departments.id, d.id));
      }
      // Target standards and a diagnosis in progress, so every screen has content on first start.
      const now = options.now ?? new Date();
      const standards = await seedStandardsDemo(tx, now);
      await seedDiagnosisDemo(tx, {
        now,
        userIds: ids,
        storage,
        ...standards,
        beforeRecompute: () => seedComputedDemo(tx, { now, userIds: ids, ...standards }),
      });
      await seedGoalsDemo(tx, { now, userIds: ids });
      await seedAnnualDemo(tx, { now, userIds: ids });
      await seedReportsDemo(tx, { userIds: ids, storage });
      await seedPeersDemo(tx);
      await seedOwnSchoolDemo(tx);
      await seedPortraitsDemo(tx, { adminId: ids.get('admin')! });
      await seedDashboardsDemo(tx, { adminId: ids.get('admin')! });
    });
    // The tables were empty a moment ago. Until autovacuum happens to analyze them, PostgreSQL plans for
    // empty tables (a scan of every assigned point per task of a list), so the same load ran up to five
    // times slower on one fresh database than on another.
    await db.execute(sql`analyze`);
    return { kind: 'demo', users: DEMO_USERS.length };
  }

  const generatedPassword = options.adminPassword ? null : generatePassword();
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword!);
  await db.transaction(async (tx) => {
    await insertBuiltins(tx);
    const id = newId();
    await tx.insert(users).values({ id, account: 'admin', name: '系统管理员', passwordHash });
    await tx.insert(userRoles).values({ userId: id, roleId: ROLE_IDS.admin });
  });
  return { kind: 'admin', generatedPassword };
}

async function insertBuiltins(tx: Pick<Db, 'insert'>) {
  await tx.insert(roles).values(
    // Increasing creation times keep the built-in roles in their listed order.
    BUILTIN_ROLES.map((r, i) => ({
      createdAt: new Date(Date.now() - (BUILTIN_ROLES.length - i) * 1000),
      id: r.id,
      name: r.name,
      menuKeys: [...r.menuKeys],
      actions: [...r.actions],
      builtin: true,
    })),
  );
  await tx.insert(systemSettings).values({ appId: DEFAULT_APP_ID, systemName: DEFAULT_SYSTEM_NAME });
}
