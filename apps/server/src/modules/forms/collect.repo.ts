import type { CollectTask, PagingQuery } from '@eduqa/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryNamedRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, recordsetOf, sqlAnd } from '../../platform/sql.ts';
import { insertNotices, type NoticeInput, noticeRows, noticesOn } from '../notices/notices.writer.ts';
import { departments, users } from '../org/org.table.ts';
import { cycles } from '../standards/standards.table.ts';
import { allocationScope, type FillScope, fillScope } from './collect.access.ts';
import { createKnownQueries } from './collect-known.repo.ts';
import { type Claim, recordQueries, toCount } from './collect-records.queries.ts';
import {
  collectTaskForms,
  collectTasks,
  constants,
  fillTasks,
  type formPublicLinks,
  forms,
  formUniqueValues,
  formVersions,
  taskAllocations,
} from './forms.table.ts';

export type { Claim } from './collect-records.queries.ts';
export { toCount };

export type PublicLinkRow = typeof formPublicLinks.$inferSelect;

type TaskRow = typeof collectTasks.$inferSelect;

/** A commit's claims as its statement reads them (the form is the commit's). */
const CLAIM_KEYS = ['fieldKey', 'value', 'recordId'] as const;
type AllocationRow = typeof taskAllocations.$inferSelect;
type FillRow = typeof fillTasks.$inferSelect;
type DepartmentRow = typeof departments.$inferSelect;

/** A task with its forms and departments, as the list shows it (the lists are null when it has none). */
export type TaskListRow = Pick<
  TaskRow,
  'id' | 'name' | 'cycleId' | 'startAt' | 'deadline' | 'state' | 'remark' | 'createdAt'
> & {
  forms: CollectTask['forms'] | null;
  departments: CollectTask['departments'] | null;
};

/** An allocation with its task, department, fillers and the count of its fills in each state. */
export type AllocationListRow = Pick<AllocationRow, 'id' | 'taskId' | 'departmentId' | 'state' | 'reason'> & {
  taskName: TaskRow['name'];
  taskState: TaskRow['state'];
  deadline: TaskRow['deadline'];
  departmentName: DepartmentRow['name'];
  fillerIds: string[] | null;
  fillCount: number;
  uncommittedCount: number;
  unauditedCount: number;
  rollbackCount: number;
  finishedCount: number;
};

/** A fill task with its task, form (at the task's version), department and its head, and filler. */
export type FillListRow = Pick<
  FillRow,
  | 'id'
  | 'taskId'
  | 'formId'
  | 'allocationId'
  | 'fillerId'
  | 'state'
  | 'rollbackReason'
  | 'revision'
  | 'committedAt'
  | 'auditedAt'
> & {
  taskName: TaskRow['name'];
  taskState: TaskRow['state'];
  deadline: TaskRow['deadline'];
  formName: (typeof forms.$inferSelect)['name'];
  formVersion: (typeof collectTaskForms.$inferSelect)['formVersion'];
  departmentId: AllocationRow['departmentId'];
  departmentName: DepartmentRow['name'];
  headUserId: DepartmentRow['headUserId'];
  fillerName: (typeof users.$inferSelect)['name'];
};

const TASK_LIST = sql`
  select t.id, t.name, t.cycle_id as "cycleId", t.start_at as "startAt", t.deadline, t.state, t.remark,
    t.created_at as "createdAt",
    (select jsonb_agg(jsonb_build_object('formId', f.id, 'formName', f.name, 'formVersion', tf.form_version) order by f.name)
       from collect_task_forms tf join forms f on f.id = tf.form_id where tf.task_id = t.id) as forms,
    (select jsonb_agg(jsonb_build_object('departmentId', d.id, 'departmentName', d.name) order by d.sort, d.name)
       from task_allocations a join departments d on d.id = a.department_id where a.task_id = t.id) as departments
  from collect_tasks t`;

const ALLOCATION_LIST = sql`
  select a.id, a.task_id as "taskId", t.name as "taskName", t.state as "taskState", t.deadline,
    a.department_id as "departmentId", d.name as "departmentName", a.state, a.reason,
    (select array_agg(distinct ft.filler_id) from fill_tasks ft where ft.allocation_id = a.id) as "fillerIds",
    (select count(*)::int from fill_tasks ft where ft.allocation_id = a.id) as "fillCount",
    (select count(*)::int from fill_tasks ft where ft.allocation_id = a.id and ft.state = 'uncommitted') as "uncommittedCount",
    (select count(*)::int from fill_tasks ft where ft.allocation_id = a.id and ft.state = 'unaudited') as "unauditedCount",
    (select count(*)::int from fill_tasks ft where ft.allocation_id = a.id and ft.state = 'rollback') as "rollbackCount",
    (select count(*)::int from fill_tasks ft where ft.allocation_id = a.id and ft.state = 'finished') as "finishedCount"
  from task_allocations a
  join collect_tasks t on t.id = a.task_id
  join departments d on d.id = a.department_id`;

const FILL_COLUMNS = sql`ft.id, ft.task_id as "taskId", t.name as "taskName", t.state as "taskState", t.deadline,
    ft.form_id as "formId", f.name as "formName", tf.form_version as "formVersion",
    ft.allocation_id as "allocationId", a.department_id as "departmentId", d.name as "departmentName",
    d.head_user_id as "headUserId", ft.filler_id as "fillerId", u.name as "fillerName", ft.state,
    ft.rollback_reason as "rollbackReason", ft.revision, ft.committed_at as "committedAt",
    ft.audited_at as "auditedAt"`;

const FILL_FROM = sql`from fill_tasks ft
  join collect_tasks t on t.id = ft.task_id
  join collect_task_forms tf on tf.task_id = ft.task_id and tf.form_id = ft.form_id
  join forms f on f.id = ft.form_id
  join task_allocations a on a.id = ft.allocation_id
  join departments d on d.id = a.department_id
  join users u on u.id = ft.filler_id`;

const FILL_LIST = sql`select ${FILL_COLUMNS} ${FILL_FROM}`;

/**
 * The data managers (数据管理, collect.access.ts `isManager`): enabled users holding a role with that menu,
 * as a JSON array. They audit every fill and answer for the 数据变更提醒 addressed to no one in particular.
 */
const DATA_MANAGER_IDS = sql`coalesce((select json_agg(distinct du.id) from users du
    join user_roles dur on dur.user_id = du.id join roles dr on dr.id = dur.role_id
    where not du.disabled and dr.menu_keys ? 'dataManage'), '[]'::json)`;

/** What a commit reads under the fill's lock, in one statement (`lockFillForCommit`). */
export type CommitFacts = FillListRow & {
  /** The revision as the statement's snapshot saw it, before any wait for the lock. */
  seenRevision: number;
  /** The stored design at the task's version; null when it is missing. */
  definition: unknown;
  records: { id: string; data: Record<string, unknown> }[];
  dataManagerIds: string[];
};

/** The keyword found in any of the columns, literally: `%` and `_` typed by the user are no wildcards. */
function containsKeyword(keyword: string, columns: readonly SQL[]): SQL {
  const pattern = likePattern(keyword);
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
}

function createQueries(db: Db) {
  return queryGroups(
    organisationLookups(db),
    formLookups(db),
    taskQueries(db),
    allocationQueries(db),
    allocationFillQueries(db),
    fillQueries(db),
    recordQueries(db),
    { known: createKnownQueries(db) },
    noticesOn(db),
  );
}

/** The departments, users and cycles a task names. */
function organisationLookups(db: Db) {
  return {
    async departmentsHeadedBy(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.headUserId, userId));
      return rows.map((r) => r.id);
    },
    findDepartments: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: departments.id, name: departments.name, headUserId: departments.headUserId })
            .from(departments)
            .where(inArray(departments.id, [...ids])),
    /** Enabled users of a department among the given ids. */
    async usersOfDepartment(ids: readonly string[], departmentId: string) {
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(
          and(inArray(users.id, [...ids]), eq(users.departmentId, departmentId), eq(users.disabled, false)),
        );
    },
    findUserNames: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, [...ids])),
    async cycleExists(id: string) {
      const [row] = await db.select({ id: cycles.id }).from(cycles).where(eq(cycles.id, id));
      return row !== undefined;
    },
  };
}

/** The forms a task sends, their designs and the constants their fields choose from. */
function formLookups(db: Db) {
  return {
    findForms: (ids: readonly string[]) =>
      db
        .select()
        .from(forms)
        .where(and(inArray(forms.id, [...ids]), isNull(forms.deletedAt))),
    async findForm(id: string) {
      const [row] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.id, id), isNull(forms.deletedAt)));
      return row;
    },
    async definitionOf(formId: string, version: number): Promise<unknown> {
      const [row] = await db
        .select({ definition: formVersions.definition })
        .from(formVersions)
        .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
      return row?.definition;
    },
    async constantValues(typeIds: readonly string[]): Promise<Map<string, string[]>> {
      if (typeIds.length === 0) return new Map();
      const rows = await db
        .select({ typeId: constants.typeId, value: constants.value })
        .from(constants)
        .where(inArray(constants.typeId, [...typeIds]));
      const map = new Map<string, string[]>();
      for (const row of rows) map.set(row.typeId, [...(map.get(row.typeId) ?? []), row.value]);
      return map;
    },
  };
}

/** 采集任务. */
function taskQueries(db: Db) {
  return {
    taskPage(filter: { keyword?: string | undefined; state?: string | undefined }, paging: PagingQuery) {
      const where: SQL[] = [sql`true`];
      if (filter.keyword) where.push(sql`t.name ilike ${likePattern(filter.keyword)}`);
      if (filter.state) where.push(sql`t.state = ${filter.state}`);
      return pagedRows<TaskListRow>(
        db,
        sql`${TASK_LIST} where ${sqlAnd(where)} order by t.created_at desc, t.id`,
        paging,
      );
    },
    async taskListRow(id: string) {
      const [row] = await queryNamedRows<TaskListRow>(
        db,
        'collect_task_row',
        sql`${TASK_LIST} where t.id = ${id}`,
      );
      return row;
    },
    async findTask(id: string) {
      const [row] = await db.select().from(collectTasks).where(eq(collectTasks.id, id));
      return row;
    },
    async insertTask(input: {
      task: typeof collectTasks.$inferInsert;
      forms: (typeof collectTaskForms.$inferInsert)[];
      allocations: (typeof taskAllocations.$inferInsert)[];
    }) {
      await db.insert(collectTasks).values(input.task);
      await db.insert(collectTaskForms).values(input.forms);
      await db.insert(taskAllocations).values(input.allocations);
    },
    /** Changes a task only while it is in the state it was read in; answers whether it did. */
    async updateTask(id: string, readState: string, patch: Partial<typeof collectTasks.$inferInsert>) {
      const rows = await db
        .update(collectTasks)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(collectTasks.id, id), eq(collectTasks.state, readState)))
        .returning({ id: collectTasks.id });
      return rows.length > 0;
    },
    async hasSubmittedFill(taskId: string) {
      const [row] = await queryNamedRows<{ n: number | string }>(
        db,
        'collect_task_submitted',
        sql`select count(*) as n from fill_tasks where task_id = ${taskId} and (state <> 'uncommitted' or committed_at is not null)`,
      );
      return toCount(row?.n) > 0;
    },
    deleteTask: (id: string) => db.delete(collectTasks).where(eq(collectTasks.id, id)),
    outdatedTasks: (now: Date) =>
      queryNamedRows<Pick<TaskRow, 'id' | 'state' | 'deadline'>>(
        db,
        'collect_tasks_outdated',
        sql`select id, state, deadline from collect_tasks where state <> 'finished' and deadline <= ${now.toISOString()}`,
      ),
    async finishTasks(ids: readonly string[], readState: string) {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(collectTasks)
        .set({ state: 'finished', updatedAt: new Date() })
        .where(and(inArray(collectTasks.id, [...ids]), eq(collectTasks.state, readState)))
        .returning({ id: collectTasks.id });
      return rows.length;
    },
    taskForms: (taskId: string) =>
      db
        .select({
          formId: collectTaskForms.formId,
          formVersion: collectTaskForms.formVersion,
          name: forms.name,
          syncType: forms.syncType,
          warehouseTableId: forms.warehouseTableId,
        })
        .from(collectTaskForms)
        .innerJoin(forms, eq(forms.id, collectTaskForms.formId))
        .where(eq(collectTaskForms.taskId, taskId)),
  };
}

/** 任务分配: a task's allocation to one department. */
function allocationQueries(db: Db) {
  return {
    allocationPage(
      filter: {
        /** Who asks: the allocations they see (collect.access.ts). */
        reader: Actor;
        /** Found in the task's name. */
        keyword?: string | undefined;
        taskId?: string | undefined;
        state?: string | undefined;
      },
      paging: PagingQuery,
    ) {
      const where: SQL[] = [allocationScope(filter.reader)];
      if (filter.keyword) where.push(containsKeyword(filter.keyword, [sql`t.name`]));
      if (filter.taskId) where.push(sql`a.task_id = ${filter.taskId}`);
      if (filter.state) where.push(sql`a.state = ${filter.state}`);
      return pagedRows<AllocationListRow>(
        db,
        sql`${ALLOCATION_LIST} where ${sqlAnd(where)} order by t.created_at desc, d.sort, d.name, a.id`,
        paging,
      );
    },
    allocationsOfTask: (taskId: string) =>
      queryNamedRows<AllocationListRow>(
        db,
        'collect_task_allocations',
        sql`${ALLOCATION_LIST} where a.task_id = ${taskId} order by d.sort, d.name, a.id`,
      ),
    async allocationListRow(id: string) {
      const [row] = await queryNamedRows<AllocationListRow>(
        db,
        'collect_allocation_row',
        sql`${ALLOCATION_LIST} where a.id = ${id}`,
      );
      return row;
    },
    async findAllocation(id: string) {
      const [row] = await db.select().from(taskAllocations).where(eq(taskAllocations.id, id));
      return row;
    },
    async findAllocationOf(taskId: string, departmentId: string) {
      const [row] = await db
        .select()
        .from(taskAllocations)
        .where(and(eq(taskAllocations.taskId, taskId), eq(taskAllocations.departmentId, departmentId)));
      return row;
    },
    async updateAllocation(
      id: string,
      readState: string,
      patch: Partial<typeof taskAllocations.$inferInsert>,
    ) {
      const rows = await db
        .update(taskAllocations)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(taskAllocations.id, id), eq(taskAllocations.state, readState)))
        .returning({ id: taskAllocations.id });
      return rows.length > 0;
    },
  };
}

/** The fill tasks of one allocation, as the head names fillers and the data manager decides. */
function allocationFillQueries(db: Db) {
  return {
    fillsOfAllocation: (allocationId: string) =>
      db.select().from(fillTasks).where(eq(fillTasks.allocationId, allocationId)),
    /** Answers the fills written: a filler and form the allocation already had keeps its fill. */
    async insertFills(rows: (typeof fillTasks.$inferInsert)[]) {
      if (rows.length === 0) return [];
      return db
        .insert(fillTasks)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: fillTasks.id, fillerId: fillTasks.fillerId, formId: fillTasks.formId });
    },
    async deleteFills(ids: readonly string[]) {
      if (ids.length > 0) await db.delete(fillTasks).where(inArray(fillTasks.id, [...ids]));
    },
    /** The department's passed fills go back to their fillers, in one statement. */
    async rollbackFinishedFills(allocationId: string, reason: string) {
      const rows = await db
        .update(fillTasks)
        .set({
          state: 'rollback',
          rollbackReason: reason,
          revision: sql`${fillTasks.revision} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(fillTasks.allocationId, allocationId), eq(fillTasks.state, 'finished')))
        .returning({ id: fillTasks.id, fillerId: fillTasks.fillerId, formId: fillTasks.formId });
      return rows;
    },
    async unfinishedFillCount(allocationId: string) {
      const [row] = await queryNamedRows<{ n: number | string }>(
        db,
        'collect_allocation_unfinished',
        sql`select count(*) as n from fill_tasks where allocation_id = ${allocationId} and state <> 'finished'`,
      );
      return toCount(row?.n);
    },
  };
}

/** 填报任务. */
function fillQueries(db: Db) {
  return {
    fillPage(
      filter: {
        /** Who asks, and which of their lists: the fill tasks they see there (collect.access.ts). */
        reader: Actor;
        scope: FillScope;
        /** Found in the form's or the task's name, and the filler's when `isFillerSearched`. */
        keyword?: string | undefined;
        isFillerSearched?: boolean;
        state?: string | undefined;
        taskId?: string | undefined;
      },
      paging: PagingQuery,
    ) {
      const where: SQL[] = [fillScope(filter.reader, filter.scope)];
      if (filter.keyword) {
        const columns = [sql`f.name`, sql`t.name`, ...(filter.isFillerSearched ? [sql`u.name`] : [])];
        where.push(containsKeyword(filter.keyword, columns));
      }
      if (filter.state) where.push(sql`ft.state = ${filter.state}`);
      if (filter.taskId) where.push(sql`ft.task_id = ${filter.taskId}`);
      return pagedRows<FillListRow>(
        db,
        sql`${FILL_LIST} where ${sqlAnd(where)} order by t.deadline, t.name, f.name, u.name, ft.id`,
        paging,
      );
    },
    fillsOfTask: (taskId: string) =>
      queryNamedRows<FillListRow>(
        db,
        'collect_task_fills',
        sql`${FILL_LIST} where ft.task_id = ${taskId} order by d.sort, d.name, u.name, f.name`,
      ),
    async fillListRow(id: string) {
      const [row] = await queryNamedRows<FillListRow>(
        db,
        'collect_fill_row',
        sql`${FILL_LIST} where ft.id = ${id}`,
      );
      return row;
    },
    /** The fill row locked until the transaction ends: saves and transitions of one fill take turns. */
    async lockFill(id: string) {
      const [row] = await queryNamedRows<{ id: string; state: string; revision: number }>(
        db,
        'collect_fill_lock',
        sql`select id, state, revision from fill_tasks where id = ${id} for update`,
      );
      return row;
    },
    /**
     * A commit's reads in one statement, the fill row locked until the transaction ends: the fill as the
     * lists show it, its design, its records in order and the data managers. A statement that waited for
     * the lock sees the locked row as it is now but everything else as it was when it started, so a
     * `seenRevision` other than `revision` means the records may predate the change it waited for.
     */
    async lockFillForCommit(id: string) {
      const [row] = await queryNamedRows<CommitFacts>(
        db,
        'commit_lock',
        sql`select ${FILL_COLUMNS}, fv.definition,
              (select seen.revision from fill_tasks seen where seen.id = ft.id) as "seenRevision",
              coalesce((select json_agg(json_build_object('id', r.id, 'data', r.data) order by r.sort, r.created_at, r.id)
                from form_records r where r.fill_task_id = ft.id), '[]'::json) as records,
              ${DATA_MANAGER_IDS} as "dataManagerIds"
            ${FILL_FROM}
            left join form_versions fv on fv.form_id = ft.form_id and fv.version = tf.form_version
            where ft.id = ${id}
            for update of ft`,
      );
      return row;
    },
    /**
     * A commit's writes in one statement: the fill moves to `to` (from `readState`, `revision` + 1), its
     * records' unique values are claimed, releasing those they held and no longer hold, and its messages
     * are written (`notify`'s insert). A value held by a record of another fill stays theirs (the primary
     * key decides between concurrent claims, the later one waiting for the earlier to end) and is missing
     * from `claimed`; the caller then rolls back.
     */
    async writeCommit(input: {
      id: string;
      readState: string;
      to: string;
      at: Date;
      formId: string;
      recordIds: readonly string[];
      claims: readonly Claim[];
      notices: readonly NoticeInput[];
    }) {
      const [row] = await queryNamedRows<{ revision: number | null; claimed: Omit<Claim, 'formId'>[] }>(
        db,
        'commit_write',
        sql`with wanted as (
              select * from ${recordsetOf(formUniqueValues, CLAIM_KEYS, input.claims, 'c').from}
            ), own as (
              select json_array_elements_text(${JSON.stringify(input.recordIds)}::json) as id
            ), claimed as (
              insert into form_unique_values (form_id, field_key, value, record_id)
              select ${input.formId}, w.field_key, w.value, w.record_id from wanted w
              on conflict (form_id, field_key, value) do update set record_id = excluded.record_id
                where form_unique_values.record_id in (select id from own)
              returning field_key, value, record_id
            ), released as (
              delete from form_unique_values v
              where v.record_id in (select id from own)
                and not exists (select 1 from wanted w where w.field_key = v.field_key and w.value = v.value)
            ), moved as (
              update fill_tasks set state = ${input.to}, rollback_reason = '', committed_at = ${input.at.toISOString()}::timestamptz,
                updated_at = ${input.at.toISOString()}::timestamptz, revision = revision + 1
              where id = ${input.id} and state = ${input.readState}
              returning revision
            ), noticed as (${insertNotices(noticeRows(input.notices))})
            select (select revision from moved) as revision,
              coalesce((select json_agg(json_build_object('fieldKey', field_key, 'value', value, 'recordId', record_id))
                from claimed), '[]'::json) as claimed`,
      );
      return { revision: row?.revision ?? null, claimed: row?.claimed ?? [] };
    },
    async updateFill(id: string, readState: string, patch: Partial<typeof fillTasks.$inferInsert>) {
      const rows = await db
        .update(fillTasks)
        .set({ ...patch, revision: sql`${fillTasks.revision} + 1`, updatedAt: new Date() })
        .where(and(eq(fillTasks.id, id), eq(fillTasks.state, readState)))
        .returning({ id: fillTasks.id, revision: fillTasks.revision });
      return rows[0];
    },
  };
}

export type CollectQueries = ReturnType<typeof createQueries>;

export function createCollectRepo(db: Db) {
  return {
    ...createQueries(db),
    transaction: transactionOf(db, createQueries),
  };
}

export type CollectRepo = ReturnType<typeof createCollectRepo>;
