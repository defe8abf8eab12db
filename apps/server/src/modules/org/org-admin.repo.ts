import type { Department, Role, UserType } from '@eduqa/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { noticesOn } from '../notices/notices.writer.ts';
import { departmentColumns, departmentHead } from './org.repo.ts';
import { departments, roles, systemSettings, userRoles, users, userTypes } from './org.table.ts';

type UserRow = typeof users.$inferSelect;
type UserChanges = Partial<
  Pick<UserRow, 'name' | 'departmentId' | 'userTypeId' | 'email' | 'phone' | 'sex' | 'disabled'>
>;
type DepartmentChanges = Partial<Omit<typeof departments.$inferInsert, 'id' | 'createdAt'>>;

const countOf = async (rows: Promise<Array<{ n: number }>>) => (await rows)[0]?.n ?? 0;

/** The queries of administration, over the database or over one transaction. */
function createQueries(db: Db) {
  return queryGroups(
    userQueries(db),
    roleQueries(db),
    departmentQueries(db),
    userTypeQueries(db),
    settingQueries(db),
    noticesOn(db),
  );
}

/** Accounts and the roles they hold. */
function userQueries(db: Db) {
  return {
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Sign-in matches accounts case-insensitively, so uniqueness is checked the same way. */
    async findUserIdByAccount(account: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.account}) = lower(${account})`);
      return row?.id;
    },

    async insertUser(row: typeof users.$inferInsert) {
      await db.insert(users).values(row);
    },

    async updateUser(id: string, changes: UserChanges) {
      await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    /** An administrator's reset: the user must replace the password at the next sign-in. */
    async updatePasswordHash(id: string, passwordHash: string) {
      const now = new Date();
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now, mustChangePassword: true })
        .where(eq(users.id, id));
    },

    async findRoleIdsOfUser(userId: string) {
      const rows = await db
        .select({ id: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId));
      return rows.map((r) => r.id);
    },

    async replaceUserRoles(userId: string, roleIds: readonly string[]) {
      await db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    /**
     * Locks a role row until the transaction ends. Taken on the administrator role before any change
     * that could leave no enabled administrator, so that two such changes cannot both pass the check.
     */
    async lockRole(id: string) {
      await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    },

    /** Enabled users holding the role, the given user left out. */
    async countOtherEnabledHolders(roleId: string, exceptUserId: string) {
      return countOf(
        db
          .select({ n: count() })
          .from(userRoles)
          .innerJoin(users, eq(users.id, userRoles.userId))
          .where(and(eq(userRoles.roleId, roleId), eq(users.disabled, false), ne(users.id, exceptUserId))),
      );
    },

    async findExistingRoleIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(inArray(roles.id, [...ids]));
      return rows.map((r) => r.id);
    },
  };
}

/** Roles. */
function roleQueries(db: Db) {
  return {
    async findRoleById(id: string): Promise<Role | undefined> {
      const [row] = await db.select().from(roles).where(eq(roles.id, id));
      return row;
    },

    async findRoleIdByName(name: string) {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
      return row?.id;
    },

    async insertRole(row: Omit<typeof roles.$inferInsert, 'createdAt'>) {
      await db.insert(roles).values(row);
    },

    async updateRole(id: string, changes: { name: string; menuKeys?: string[]; actions?: string[] }) {
      await db.update(roles).set(changes).where(eq(roles.id, id));
    },

    async deleteRole(id: string) {
      await db.delete(roles).where(eq(roles.id, id));
    },

    async countRoleUsers(id: string) {
      return countOf(db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id)));
    },
  };
}

/** The department tree. */
function departmentQueries(db: Db) {
  return {
    /**
     * The whole department tree, each row locked until the transaction ends, so that two moves
     * cannot together build a cycle and no child lands under a department being deleted.
     */
    async lockDepartmentTree() {
      return db
        .select({ id: departments.id, parentId: departments.parentId })
        .from(departments)
        .for('update');
    },

    async findDepartment(id: string): Promise<Department | undefined> {
      const [row] = await db
        .select(departmentColumns)
        .from(departments)
        .leftJoin(departmentHead, eq(departmentHead.id, departments.headUserId))
        .where(eq(departments.id, id));
      return row;
    },

    async findDepartmentIdByName(name: string) {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.name, name));
      return row?.id;
    },

    async insertDepartment(row: Omit<typeof departments.$inferInsert, 'createdAt'>) {
      await db.insert(departments).values(row);
    },

    async updateDepartment(id: string, changes: DepartmentChanges) {
      await db.update(departments).set(changes).where(eq(departments.id, id));
    },

    async deleteDepartment(id: string) {
      await db.delete(departments).where(eq(departments.id, id));
    },

    async countDepartmentUsers(id: string) {
      return countOf(db.select({ n: count() }).from(users).where(eq(users.departmentId, id)));
    },
  };
}

/** User types. */
function userTypeQueries(db: Db) {
  return {
    async findUserType(id: string): Promise<UserType | undefined> {
      const [row] = await db
        .select({ id: userTypes.id, name: userTypes.name })
        .from(userTypes)
        .where(eq(userTypes.id, id));
      return row;
    },

    async lockUserType(id: string): Promise<UserType | undefined> {
      const [row] = await db
        .select({ id: userTypes.id, name: userTypes.name })
        .from(userTypes)
        .where(eq(userTypes.id, id))
        .for('update');
      return row;
    },

    async findUserTypeIdByName(name: string) {
      const [row] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.name, name));
      return row?.id;
    },

    async insertUserType(row: UserType) {
      await db.insert(userTypes).values(row);
    },

    async updateUserType(id: string, name: string) {
      await db.update(userTypes).set({ name }).where(eq(userTypes.id, id));
    },

    async deleteUserType(id: string) {
      await db.delete(userTypes).where(eq(userTypes.id, id));
    },

    async countUserTypeUsers(id: string) {
      return countOf(db.select({ n: count() }).from(users).where(eq(users.userTypeId, id)));
    },
  };
}

/** The system settings row of the application. */
function settingQueries(db: Db) {
  return {
    async upsertSystemName(appId: string, systemName: string) {
      await db
        .insert(systemSettings)
        .values({ appId, systemName })
        .onConflictDoUpdate({ target: systemSettings.appId, set: { systemName, updatedAt: new Date() } });
    },

    async updateFeatureFlags(input: { appId: string; systemName: string; annualTargetBreakdown: boolean }) {
      await db
        .insert(systemSettings)
        .values(input)
        .onConflictDoUpdate({
          target: systemSettings.appId,
          set: { annualTargetBreakdown: input.annualTargetBreakdown, updatedAt: new Date() },
        });
    },

    async isKnownTimeZone(zone: string): Promise<boolean> {
      const [row] = await queryRows<{ known: boolean }>(
        db,
        sql`select exists(select 1 from pg_timezone_names where name = ${zone}) as known`,
      );
      return row?.known === true;
    },

    /** `systemName` is used only when the application has no setting row yet. */
    async updateTimeZone(input: { appId: string; systemName: string; timeZone: string }) {
      await db
        .insert(systemSettings)
        .values(input)
        .onConflictDoUpdate({
          target: systemSettings.appId,
          set: { timeZone: input.timeZone, updatedAt: new Date() },
        });
    },

    /** `systemName` is used only when the application has no setting row yet. */
    async upsertLogo(input: { appId: string; logoFileId: string; systemName: string }) {
      await db
        .insert(systemSettings)
        .values(input)
        .onConflictDoUpdate({
          target: systemSettings.appId,
          set: { logoFileId: input.logoFileId, updatedAt: new Date() },
        });
    },
  };
}

export type OrgAdminQueries = ReturnType<typeof createQueries>;

export function createOrgAdminRepo(db: Db) {
  return {
    ...createQueries(db),
    transaction: transactionOf(db, createQueries),
  };
}

export type OrgAdminRepo = ReturnType<typeof createOrgAdminRepo>;
