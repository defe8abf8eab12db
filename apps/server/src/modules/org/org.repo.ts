import type { Department, PagingQuery, Role, SystemSetting, UserSummary, UserType } from '@eduqa/contract';
import { documentUrl } from '@eduqa/contract';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { likePattern } from '../../platform/sql.ts';
import { departments, roles, systemSettings, userRoles, users, userTypes } from './org.table.ts';

const offset = (paging: PagingQuery) => (paging.pageNum - 1) * paging.pageSize;

export interface UserFilter {
  keyword?: string | undefined;
  departmentId?: string | undefined;
  roleId?: string | undefined;
  disabled?: boolean | undefined;
}

function userWhere(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    conditions.push(
      or(ilike(users.name, likePattern(filter.keyword)), ilike(users.account, likePattern(filter.keyword)))!,
    );
  }
  if (filter.departmentId) conditions.push(eq(users.departmentId, filter.departmentId));
  if (filter.disabled !== undefined) conditions.push(eq(users.disabled, filter.disabled));
  if (filter.roleId) {
    conditions.push(
      inArray(
        users.id,
        sql`(select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = ${filter.roleId})`,
      ),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** A user summary plus what only the server needs: grants of each role and the last access. */
export interface UserRecord extends UserSummary {
  lastAccessAt: Date | null;
  mustChangePassword: boolean;
  roleGrants: Role[];
}

/** A department's head, joined as a second copy of the users table. */
export const departmentHead = alias(users, 'head');

/** The columns of a `Department` (with its head's name), for every query that returns one. */
export const departmentColumns = {
  id: departments.id,
  name: departments.name,
  parentId: departments.parentId,
  headUserId: departments.headUserId,
  headUserName: departmentHead.name,
  shortNameChinese: departments.shortNameChinese,
  shortNameEnglish: departments.shortNameEnglish,
  sort: departments.sort,
};

/** The total beside each row of a page, so that a page costs one query instead of two. */
const totalOver = sql<number>`cast(count(*) over () as integer)`;

export function createOrgRepo(db: Db) {
  const summarize = (rows: Array<typeof users.$inferSelect>) => summarizeUsers(db, rows);
  return queryGroups(
    userReads(db, summarize),
    accountWrites(db),
    roleReads(db),
    departmentReads(db),
    userTypeReads(db),
    settingReads(db),
  );
}

/** Only needed when a page past the end comes back empty. */
async function countOf(db: Db, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/**
 * Users with department and type names, roles (with their grants) and headed departments, in
 * three set-based queries whatever the number of users.
 */
async function summarizeUsers(db: Db, rows: Array<typeof users.$inferSelect>): Promise<UserRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [roleRows, headed, names] = await Promise.all([
    db
      .select({
        userId: userRoles.userId,
        id: roles.id,
        name: roles.name,
        appId: roles.appId,
        menuKeys: roles.menuKeys,
        actions: roles.actions,
        builtin: roles.builtin,
      })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(roles.name)),
    db
      .select({ id: departments.id, name: departments.name, headId: departments.headUserId })
      .from(departments)
      .where(inArray(departments.headUserId, ids))
      .orderBy(asc(departments.sort), asc(departments.name)),
    db
      .select({ id: users.id, departmentName: departments.name, userTypeName: userTypes.name })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .where(inArray(users.id, ids)),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return rows.map((u) => {
    const grants = roleRows.filter((r) => r.userId === u.id).map(({ userId: _userId, ...role }) => role);
    return {
      id: u.id,
      account: u.account,
      name: u.name,
      departmentId: u.departmentId,
      departmentName: nameOf.get(u.id)?.departmentName ?? null,
      userTypeId: u.userTypeId,
      userTypeName: nameOf.get(u.id)?.userTypeName ?? null,
      email: u.email,
      phone: u.phone,
      qq: u.qq,
      sex: u.sex,
      avatarUrl: u.avatarFileId ? documentUrl(u.avatarFileId) : null,
      disabled: u.disabled,
      roles: grants.map((r) => ({ id: r.id, name: r.name })),
      headedDepartments: headed
        .filter((d) => d.headId === u.id)
        .map((d) => ({ id: d.id, name: d.name, headId: u.id, headName: u.name })),
      lastAccessAt: u.lastAccessAt,
      mustChangePassword: u.mustChangePassword,
      roleGrants: grants,
    };
  });
}

/** Users and their summaries. */
function userReads(db: Db, summarize: (rows: Array<typeof users.$inferSelect>) => Promise<UserRecord[]>) {
  return {
    summarize,

    async findUserById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findUserByAccount(account: string) {
      const [row] = await db.select().from(users).where(sql`lower(${users.account}) = lower(${account})`);
      return row;
    },

    async findUserSummary(id: string): Promise<UserRecord | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? (await summarize([row]))[0] : undefined;
    },

    async findUsers(filter: UserFilter, paging: PagingQuery) {
      const where = userWhere(filter);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.account))
          .limit(paging.pageSize)
          .offset(offset(paging)),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { records: await summarize(rows), total: total?.n ?? 0 };
    },

    async findUsersOfRole(roleId: string) {
      const rows = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.disabled, false),
            inArray(
              users.id,
              sql`(select ${userRoles.userId} from ${userRoles} where ${userRoles.roleId} = ${roleId})`,
            ),
          ),
        )
        .orderBy(asc(users.account));
      return summarize(rows);
    },
  };
}

/** What a user changes of their own account: contact, password, avatar. */
function accountWrites(db: Db) {
  return {
    async updateContact(
      id: string,
      contact: { email: string | null; phone: string | null; qq: string | null; sex: string | null },
    ) {
      await db
        .update(users)
        .set({ ...contact, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async updatePasswordHash(id: string, passwordHash: string) {
      await db
        .update(users)
        .set({
          passwordHash,
          passwordChangedAt: new Date(),
          updatedAt: new Date(),
          mustChangePassword: false,
        })
        .where(eq(users.id, id));
    },

    async updateAvatar(id: string, avatarFileId: string | null) {
      await db.update(users).set({ avatarFileId, updatedAt: new Date() }).where(eq(users.id, id));
    },
  };
}

function roleReads(db: Db) {
  return {
    async findRoleById(id: string): Promise<Role | undefined> {
      const [row] = await db.select().from(roles).where(eq(roles.id, id));
      return row;
    },

    async findRoles(
      options: { appId?: string | undefined; keyword?: string | undefined },
      paging: PagingQuery,
    ) {
      const conditions: SQL[] = [];
      if (options.appId) conditions.push(eq(roles.appId, options.appId));
      if (options.keyword) conditions.push(ilike(roles.name, likePattern(options.keyword)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(roles)
          .where(where)
          .orderBy(asc(roles.createdAt), asc(roles.id))
          .limit(paging.pageSize)
          .offset(offset(paging)),
        db.select({ n: count() }).from(roles).where(where),
      ]);
      return { records: rows as Role[], total: total?.n ?? 0 };
    },
  };
}

function departmentReads(db: Db) {
  return {
    async findDepartments(options: { keyword?: string | undefined }, paging: PagingQuery) {
      const conditions: SQL[] = [];
      if (options.keyword) {
        conditions.push(
          or(
            ilike(departments.name, likePattern(options.keyword)),
            ilike(departments.shortNameChinese, likePattern(options.keyword)),
            ilike(departments.shortNameEnglish, likePattern(options.keyword)),
          )!,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await db
        .select({ ...departmentColumns, total: totalOver })
        .from(departments)
        .leftJoin(departmentHead, eq(departmentHead.id, departments.headUserId))
        .where(where)
        .orderBy(asc(departments.sort), asc(departments.name))
        .limit(paging.pageSize)
        .offset(offset(paging));
      const total = rows[0]?.total ?? (paging.pageNum > 1 ? await countOf(db, departments, where) : 0);
      return { records: rows.map(({ total: _total, ...department }) => department as Department), total };
    },
  };
}

function userTypeReads(db: Db) {
  return {
    async findUserTypes(paging: PagingQuery) {
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: userTypes.id, name: userTypes.name })
          .from(userTypes)
          .orderBy(asc(userTypes.createdAt), asc(userTypes.name))
          .limit(paging.pageSize)
          .offset(offset(paging)),
        db.select({ n: count() }).from(userTypes),
      ]);
      return { records: rows as UserType[], total: total?.n ?? 0 };
    },
  };
}

function settingReads(db: Db) {
  return {
    async findSystemSetting(appId: string): Promise<SystemSetting | undefined> {
      const [row] = await db
        .select({
          appId: systemSettings.appId,
          systemName: systemSettings.systemName,
          logoFileId: systemSettings.logoFileId,
          annualTargetBreakdown: systemSettings.annualTargetBreakdown,
          timeZone: systemSettings.timeZone,
        })
        .from(systemSettings)
        .where(eq(systemSettings.appId, appId));
      return row;
    },
  };
}

export type OrgRepo = ReturnType<typeof createOrgRepo>;
