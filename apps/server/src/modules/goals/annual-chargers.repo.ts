import type * as S from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { departments, users } from '../org/org.table.ts';
import { goalChargers, goalTargetTypes } from './annual.table.ts';
import { total } from './annual-tasks.repo.ts';
import type { In } from './goals.common.ts';

/** Target types and the chargers per department and type, named as the contract names them. */
export interface TargetTypeRow {
  id: string;
  name: string;
  description: string;
  sort: number;
  taskCount: number;
  chargerCount: number;
  createdAt: Date | string;
}

export interface ChargerRow {
  id: string;
  departmentId: string;
  departmentName: string;
  targetTypeId: string;
  targetTypeName: string;
  userId: string;
  userName: string;
  userAccount: string;
  phone: string;
  remark: string;
  createdAt: Date | string;
}

export interface TargetTypeColumns {
  name: string;
  description: string;
  sort: number;
}

export interface ChargerColumns {
  departmentId: string;
  targetTypeId: string;
  userId: string;
  phone: string;
  remark: string;
}

type Page = { limit: number; offset: number };

export function chargerWhere(q: Omit<In<typeof S.GoalChargerListQuerySchema>, 'pageNum' | 'pageSize'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.keyword) {
    const k = likePattern(q.keyword);
    parts.push(sql`(u.name ilike ${k} or u.account ilike ${k} or d.name ilike ${k} or tt.name ilike ${k})`);
  }
  if (q.departmentId) parts.push(sql`c.department_id = ${q.departmentId}`);
  if (q.targetTypeId) parts.push(sql`c.target_type_id = ${q.targetTypeId}`);
  return sqlAnd(parts);
}

export function createAnnualChargersRepo(db: Db) {
  return queryGroups(targetTypeQueries(db), chargerQueries(db), chargerImportQueries(db));
}

function targetTypeQueries(db: Db) {
  async function targetTypes(input: { where: SQL } & Page) {
    const records = await queryRows<TargetTypeRow>(
      db,
      sql`select tt.id, tt.name, tt.description, tt.sort, tt.created_at as "createdAt",
            (select count(*)::int from goal_tasks t where t.target_type_id = tt.id) as "taskCount",
            (select count(*)::int from goal_chargers c where c.target_type_id = tt.id) as "chargerCount"
          from goal_target_types tt where ${input.where}
          order by tt.sort, tt.created_at, tt.id limit ${input.limit} offset ${input.offset}`,
    );
    const count = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from goal_target_types tt where ${input.where}`,
    );
    return { records, total: total(count) };
  }

  return {
    targetTypes: (input: { keyword?: string | undefined } & Page) =>
      targetTypes({
        where: input.keyword ? sql`tt.name ilike ${likePattern(input.keyword)}` : sql`true`,
        ...input,
      }),
    /** The target types among `ids`, each with how many tasks and chargers still name it. */
    targetTypesByIds: async (ids: readonly string[]) =>
      (await targetTypes({ where: sql`tt.id in (${sqlList(ids)})`, limit: ids.length, offset: 0 })).records,
    insertTargetType: (row: TargetTypeColumns & { id: string; creatorUserId: string }) =>
      db.insert(goalTargetTypes).values(row),
    updateTargetType: (id: string, columns: TargetTypeColumns) =>
      db
        .update(goalTargetTypes)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(goalTargetTypes.id, id)),
    deleteTargetTypes: (ids: string[]) => db.delete(goalTargetTypes).where(inArray(goalTargetTypes.id, ids)),
  };
}

function chargerQueries(db: Db) {
  async function chargers(input: { where: SQL } & Page) {
    const from = sql`from goal_chargers c join departments d on d.id = c.department_id
      join goal_target_types tt on tt.id = c.target_type_id join users u on u.id = c.user_id`;
    const records = await queryRows<ChargerRow>(
      db,
      sql`select c.id, c.department_id as "departmentId", d.name as "departmentName",
            c.target_type_id as "targetTypeId", tt.name as "targetTypeName", c.user_id as "userId",
            u.name as "userName", u.account as "userAccount", c.phone, c.remark, c.created_at as "createdAt"
          ${from} where ${input.where}
          order by d.sort, d.name, tt.sort, tt.name, c.id limit ${input.limit} offset ${input.offset}`,
    );
    const count = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n ${from} where ${input.where}`,
    );
    return { records, total: total(count) };
  }

  return {
    chargers,
    chargerById: async (id: string) =>
      (await chargers({ where: sql`c.id = ${id}`, limit: 1, offset: 0 })).records[0],
    async departmentExists(id: string) {
      const found = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
      return found.length > 0;
    },
    async activeUserExists(id: string) {
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.disabled, false)));
      return found.length > 0;
    },
    insertCharger: (row: ChargerColumns & { id: string }) => db.insert(goalChargers).values(row),
    updateCharger: (id: string, columns: ChargerColumns) =>
      db.update(goalChargers).set(columns).where(eq(goalChargers.id, id)),
    async chargerCount(ids: string[]) {
      const found = await db
        .select({ id: goalChargers.id })
        .from(goalChargers)
        .where(inArray(goalChargers.id, ids));
      return found.length;
    },
    deleteChargers: (ids: string[]) => db.delete(goalChargers).where(inArray(goalChargers.id, ids)),
  };
}

function chargerImportQueries(db: Db) {
  return {
    /** The names a charger row of the import may use, as the database holds them now. */
    async chargerNames() {
      const allDepartments = await db
        .select({ id: departments.id, name: departments.name, short: departments.shortNameChinese })
        .from(departments);
      const types = await db
        .select({ id: goalTargetTypes.id, name: goalTargetTypes.name })
        .from(goalTargetTypes);
      const accounts = await db
        .select({ id: users.id, account: sql<string>`lower(${users.account})` })
        .from(users)
        .where(eq(users.disabled, false));
      return { allDepartments, types, userOf: new Map(accounts.map((u) => [u.account, u.id])) };
    },

    /** All in one statement: a department and type that already have a charger get the new one. */
    async upsertChargers(planned: readonly (ChargerColumns & { id: string })[]) {
      if (planned.length === 0) return;
      await db
        .insert(goalChargers)
        .values([...planned])
        .onConflictDoUpdate({
          target: [goalChargers.departmentId, goalChargers.targetTypeId],
          set: { userId: sql`excluded.user_id`, phone: sql`excluded.phone`, remark: sql`excluded.remark` },
        });
    },
  };
}
