import { columnOf, type FieldType, type PagingQuery } from '@eduqa/contract';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import type { departments, users } from '../org/org.table.ts';
import { ident } from '../warehouse/warehouse.physical.ts';
import { warehouseFields, warehouseTables } from '../warehouse/warehouse.table.ts';
import { SQL_TYPES } from '../warehouse/warehouse.values.ts';
import {
  type collectTasks,
  type fillTasks,
  formPublicHits,
  formPublicLinks,
  formRecords,
  formUniqueValues,
} from './forms.table.ts';

/** A unique value claimed by a record: the primary key (form, field, value) decides concurrent claims. */
export type Claim = typeof formUniqueValues.$inferSelect;

/**
 * A collected record with where it came from: a fill task (its task, department, filler and state) or a
 * public link (all of those null).
 */
export type DataListRow = Pick<
  typeof formRecords.$inferSelect,
  'id' | 'fillTaskId' | 'publicLinkId' | 'updatedAt'
> & {
  data: Record<string, unknown>;
  taskName: (typeof collectTasks.$inferSelect)['name'] | null;
  departmentName: (typeof departments.$inferSelect)['name'] | null;
  fillerName: (typeof users.$inferSelect)['name'] | null;
  state: (typeof fillTasks.$inferSelect)['state'] | null;
};

/** Columns the sync fills beside the form's fields (FORM_RESERVED_KEYS), and where each value comes from. */
const RESERVED_VALUES: Record<string, SQL> = {
  record_id: sql`r.id`,
  fill_task_id: sql`ft.id`,
  filler_id: sql`ft.filler_id`,
  department_id: sql`a.department_id`,
};

/** A field's stored value as text: a multiSelect's options joined by commas, blanks as null. */
function valueText(key: string): SQL {
  return sql`nullif(trim(case when jsonb_typeof(r.data -> ${key}) = 'array'
    then (select string_agg(x, ',') from jsonb_array_elements_text(r.data -> ${key}) x)
    else r.data ->> ${key} end), '')`;
}

/** The value converted to the column's type; a value that would not convert is left empty, not fatal. */
function castTo(text: SQL, type: FieldType): SQL {
  const target = SQL_TYPES[type];
  if (target === 'text') return text;
  return sql`case when public.warehouse_castable(${text}, ${target}) then (${text})::${sql.raw(target)} end`;
}

/**
 * The columns the sync writes (target column → value expression over `r`, `ft`, `a`): the reserved
 * columns, then the form's fields, each when the table has a column of that key.
 */
function syncColumns(columnTypes: ReadonlyMap<string, FieldType>, fieldKeys: readonly string[]) {
  const columns: { name: SQL; value: SQL }[] = [];
  for (const [key, value] of Object.entries(RESERVED_VALUES)) {
    const type = columnTypes.get(key);
    if (type) columns.push({ name: ident(columnOf(key)), value: castTo(value, type) });
  }
  for (const key of fieldKeys) {
    const type = columnTypes.get(key);
    if (type) columns.push({ name: ident(columnOf(key)), value: castTo(valueText(key), type) });
  }
  return columns;
}

/** Where the sync writes: the table (`dw.<physicalName>`), its column types by key, the form's field keys. */
export type SyncTarget = {
  physicalName: string;
  columnTypes: ReadonlyMap<string, FieldType>;
  fieldKeys: readonly string[];
};

/** The insert's column list, its select list and the `on conflict` update list of a sync. */
function syncLists(target: SyncTarget) {
  const columns = syncColumns(target.columnTypes, target.fieldKeys);
  return {
    names: sql.join(
      columns.map((c) => c.name),
      sql`, `,
    ),
    values: sql.join(
      columns.map((c) => c.value),
      sql`, `,
    ),
    updates: sql.join(
      columns.map((c) => sql`${c.name} = excluded.${c.name}`),
      sql`, `,
    ),
  };
}

const warehouseTable = (physicalName: string) => sql`${ident('dw')}.${ident(physicalName)}`;

/** A count as either driver answers it (PGlite a number, node-postgres a string). */
export const toCount = (value: number | string | null | undefined) => Number(value ?? 0);
/** `column in (…)`, or false for no ids. */
export const inList = (column: SQL, ids: readonly string[]) =>
  ids.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** Collected records, their unique claims, the sync into the warehouse and the public links' counters. */
export function recordQueries(db: Db) {
  return queryGroups(
    draftRecords(db),
    uniqueClaims(db),
    collectedData(db),
    warehouseSync(db),
    publicLinks(db),
  );
}

/** A fill's records as its filler saves them. */
function draftRecords(db: Db) {
  return {
    recordsOfFill: (fillTaskId: string) =>
      db
        .select()
        .from(formRecords)
        .where(eq(formRecords.fillTaskId, fillTaskId))
        .orderBy(formRecords.sort, formRecords.createdAt, formRecords.id),
    async recordCountOfFill(fillTaskId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(formRecords)
        .where(eq(formRecords.fillTaskId, fillTaskId));
      return row?.n ?? 0;
    },
    findRecords: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(formRecords)
            .where(inArray(formRecords.id, [...ids])),
    /** New rows and changed rows of one fill in one statement; each changed row's revision goes up by one. */
    async upsertRecords(rows: (typeof formRecords.$inferInsert)[]) {
      if (rows.length === 0) return [];
      return db
        .insert(formRecords)
        .values(rows)
        .onConflictDoUpdate({
          target: formRecords.id,
          set: {
            data: sql`excluded.data`,
            parentId: sql`excluded.parent_id`,
            links: sql`excluded.links`,
            sort: sql`excluded.sort`,
            updatedBy: sql`excluded.updated_by`,
            revision: sql`${formRecords.revision} + 1`,
            updatedAt: new Date(),
          },
          // A row id never moves between fills, whatever id a client sends.
          setWhere: sql`${formRecords.fillTaskId} = excluded.fill_task_id`,
        })
        .returning({ id: formRecords.id, revision: formRecords.revision });
    },
    async deleteRecords(fillTaskId: string, ids: readonly string[]) {
      if (ids.length === 0) return;
      await db
        .delete(formRecords)
        .where(and(eq(formRecords.fillTaskId, fillTaskId), inArray(formRecords.id, [...ids])));
    },
    insertRecord: (row: typeof formRecords.$inferInsert) => db.insert(formRecords).values(row),
  };
}

/** 唯一值: the values of `unique` fields, claimed by the records that hold them. */
function uniqueClaims(db: Db) {
  return {
    /** Whether the user fills this form in some task: who may ask whether a value is taken. */
    async fillsForm(formId: string, userId: string) {
      const [row] = await queryRows<{ fills: boolean }>(
        db,
        sql`select exists (select 1 from fill_tasks where form_id = ${formId} and filler_id = ${userId}) as fills`,
      );
      return row?.fills === true;
    },
    /** Claims on the given values held by records other than `exceptRecordIds`. */
    async claimsHeld(
      formId: string,
      pairs: readonly { fieldKey: string; value: string }[],
      exceptRecordIds: readonly string[],
    ) {
      if (pairs.length === 0) return [];
      const wanted = sql.join(
        pairs.map((p) => sql`(${p.fieldKey}, ${p.value})`),
        sql`, `,
      );
      const except = exceptRecordIds.length ? sql`and not ${inList(sql`record_id`, exceptRecordIds)}` : sql``;
      return queryRows<Omit<Claim, 'formId'>>(
        db,
        sql`select field_key as "fieldKey", value, record_id as "recordId" from form_unique_values
            where form_id = ${formId} and (field_key, value) in (${wanted}) ${except}`,
      );
    },
    /** Fails with unique_violation when another record holds a value: the primary key decides. */
    async claim(claims: readonly Claim[]) {
      if (claims.length > 0) await db.insert(formUniqueValues).values([...claims]);
    },
  };
}

/** 采集数据: a form's collected records, from fill tasks and public links. */
function collectedData(db: Db) {
  return {
    dataPage(
      filter: {
        formId: string;
        taskId?: string | undefined;
        departmentId?: string | undefined;
        state?: string | undefined;
        fieldKey?: string | undefined;
        value?: string | undefined;
      },
      paging: PagingQuery,
    ) {
      const where: SQL[] = [sql`r.form_id = ${filter.formId}`];
      if (filter.taskId) where.push(sql`ft.task_id = ${filter.taskId}`);
      if (filter.departmentId) where.push(sql`a.department_id = ${filter.departmentId}`);
      if (filter.state) where.push(sql`ft.state = ${filter.state}`);
      if (filter.fieldKey && filter.value)
        where.push(sql`coalesce(r.data ->> ${filter.fieldKey}, '') ilike ${likePattern(filter.value)}`);
      return pagedRows<DataListRow>(
        db,
        sql`select r.id, r.fill_task_id as "fillTaskId", r.public_link_id as "publicLinkId",
              t.name as "taskName", d.name as "departmentName", u.name as "fillerName", ft.state, r.data,
              r.updated_at as "updatedAt"
            from form_records r
            left join fill_tasks ft on ft.id = r.fill_task_id
            left join collect_tasks t on t.id = ft.task_id
            left join task_allocations a on a.id = ft.allocation_id
            left join departments d on d.id = a.department_id
            left join users u on u.id = ft.filler_id
            where ${sqlAnd(where)}
            order by r.updated_at desc, r.id`,
        paging,
      );
    },
  };
}

/** The sync of passed records into the form's warehouse table. */
function warehouseSync(db: Db) {
  return {
    /**
     * Copies the passed records of one form of a task into its warehouse table (`dw.<physicalName>`) in
     * one statement: each field of `fieldKeys` and each reserved column the table has (`columnTypes`,
     * column key → type) gets the record's value cast to the column's type.
     */
    async upsertWarehouseRows(input: SyncTarget & { taskId: string; formId: string }) {
      const { names, values, updates } = syncLists(input);
      const rows = await queryRows<{ c_record_id: string }>(
        db,
        sql`insert into ${warehouseTable(input.physicalName)} (${names})
            select ${values}
            from form_records r
            join fill_tasks ft on ft.id = r.fill_task_id
            join task_allocations a on a.id = ft.allocation_id
            where ft.task_id = ${input.taskId} and r.form_id = ${input.formId} and ft.state = 'finished'
            on conflict (c_record_id) do update set ${updates}
            returning c_record_id`,
      );
      return rows.length;
    },

    /**
     * Copies the form's public-link answers that its warehouse table does not hold yet, in one
     * statement. An accepted public answer is final (no audit, never edited or removed), so a row once
     * written stays as it is; the fill columns (`ft`, `a`) are null for an answer from outside.
     */
    async insertPublicWarehouseRows(input: SyncTarget & { formId: string }) {
      const { names, values } = syncLists(input);
      const table = warehouseTable(input.physicalName);
      const rows = await queryRows<{ c_record_id: string }>(
        db,
        sql`insert into ${table} (${names})
            select ${values}
            from form_records r
            left join fill_tasks ft on ft.id = r.fill_task_id
            left join task_allocations a on a.id = ft.allocation_id
            where r.form_id = ${input.formId} and r.public_link_id is not null
              and not exists (select 1 from ${table} w where w.c_record_id = r.id)
            on conflict (c_record_id) do nothing
            returning c_record_id`,
      );
      return rows.length;
    },

    /** Rows this task's fills of the form put in the table whose record is not passed any more. */
    async removeUnpassedWarehouseRows(input: { physicalName: string; taskId: string; formId: string }) {
      const rows = await queryRows<{ c_record_id: string }>(
        db,
        sql`delete from ${warehouseTable(input.physicalName)}
            where c_fill_task_id in (select id from fill_tasks where task_id = ${input.taskId} and form_id = ${input.formId})
              and c_record_id not in (
                select r.id from form_records r join fill_tasks ft on ft.id = r.fill_task_id
                where ft.task_id = ${input.taskId} and r.form_id = ${input.formId} and ft.state = 'finished')
            returning c_record_id`,
      );
      return rows.length;
    },

    /** The form's warehouse table and its columns, when the table is live and created. */
    async warehouseTarget(tableId: string) {
      const [table] = await db
        .select({ physicalName: warehouseTables.physicalName })
        .from(warehouseTables)
        .where(
          and(
            eq(warehouseTables.id, tableId),
            eq(warehouseTables.isCreated, true),
            isNull(warehouseTables.deletedAt),
          ),
        );
      if (!table) return undefined;
      const fields = await db
        .select({
          code: warehouseFields.code,
          type: warehouseFields.type,
          isUnique: warehouseFields.isUnique,
        })
        .from(warehouseFields)
        .where(eq(warehouseFields.tableId, tableId));
      return { physicalName: table.physicalName, fields };
    },
  };
}

/** 公开链接: public links and their counters. */
function publicLinks(db: Db) {
  return {
    insertLink: (row: typeof formPublicLinks.$inferInsert) =>
      db.insert(formPublicLinks).values(row).returning(),
    linksOfForm: (formId: string) =>
      db
        .select()
        .from(formPublicLinks)
        .where(eq(formPublicLinks.formId, formId))
        .orderBy(formPublicLinks.createdAt),
    async findLink(id: string) {
      const [row] = await db.select().from(formPublicLinks).where(eq(formPublicLinks.id, id));
      return row;
    },
    async closeLink(id: string) {
      const [row] = await db
        .update(formPublicLinks)
        .set({ isClosed: true })
        .where(eq(formPublicLinks.id, id))
        .returning();
      return row;
    },
    /**
     * Takes one submission of an open link that is not full, atomically; the row stays locked to the
     * end of the transaction, so the throttle count that follows sees every earlier answer of the link.
     */
    async takeSubmission(id: string) {
      const [row] = await db
        .update(formPublicLinks)
        .set({ submissionCount: sql`${formPublicLinks.submissionCount} + 1` })
        .where(
          and(
            eq(formPublicLinks.id, id),
            eq(formPublicLinks.isClosed, false),
            sql`${formPublicLinks.submissionCount} < ${formPublicLinks.maxSubmissions}`,
          ),
        )
        .returning();
      return row;
    },
    async recentHits(linkId: string, addressHash: string, since: Date) {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from form_public_hits
            where link_id = ${linkId} and address_hash = ${addressHash} and at > ${since.toISOString()}`,
      );
      return toCount(row?.n);
    },
    /** Records this answer and forgets the address's answers that left the window, so the table stays small. */
    async addHit(linkId: string, addressHash: string, since: Date) {
      await db
        .delete(formPublicHits)
        .where(
          and(
            eq(formPublicHits.linkId, linkId),
            eq(formPublicHits.addressHash, addressHash),
            sql`${formPublicHits.at} <= ${since.toISOString()}`,
          ),
        );
      await db.insert(formPublicHits).values({ linkId, addressHash });
    },
  };
}
