import type { FormPublishState, PagingQuery } from '@eduqa/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { transactionOf } from '../../db/transaction.ts';
import { pageOf } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { createPhysical } from '../warehouse/warehouse.physical.ts';
import type { WarehouseService } from '../warehouse/warehouse.service.ts';
import { createKnownQueries } from './collect-known.repo.ts';
import {
  collectTaskForms,
  collectTasks,
  constants,
  constantTypes,
  formDirectories,
  formRecords,
  forms,
  formVersions,
} from './forms.table.ts';

export type DirectoryRow = typeof formDirectories.$inferSelect;
export type FormRow = typeof forms.$inferSelect;
export type VersionRow = typeof formVersions.$inferSelect;
type FormInsert = typeof forms.$inferInsert;

export interface FormFilter {
  keyword?: string | undefined;
  directoryIds?: readonly string[] | undefined;
  publishState?: FormPublishState | undefined;
  /** Callers without the design menu see only forms that have a published version. */
  publishedOnly: boolean;
  deleted: boolean;
}

function directoryQueries(db: Db) {
  return {
    allDirectories: (): Promise<DirectoryRow[]> =>
      db
        .select()
        .from(formDirectories)
        .orderBy(asc(formDirectories.sort), asc(formDirectories.createdAt), asc(formDirectories.id)),
    async liveFormCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: forms.directoryId, n: count() })
        .from(forms)
        .where(and(isNotNull(forms.directoryId), isNull(forms.deletedAt)))
        .groupBy(forms.directoryId);
      return new Map(rows.map((r) => [r.id ?? '', r.n]));
    },
    async findDirectory(id: string): Promise<DirectoryRow | undefined> {
      const [row] = await db.select().from(formDirectories).where(eq(formDirectories.id, id));
      return row;
    },
    async siblingNamed(parentId: string | null, name: string): Promise<DirectoryRow | undefined> {
      const [row] = await db
        .select()
        .from(formDirectories)
        .where(
          and(
            parentId ? eq(formDirectories.parentId, parentId) : isNull(formDirectories.parentId),
            eq(formDirectories.name, name),
          ),
        );
      return row;
    },
    insertDirectory: (row: typeof formDirectories.$inferInsert) => db.insert(formDirectories).values(row),
    updateDirectory: (id: string, patch: { name: string; parentId: string | null; sort: number }) =>
      db.update(formDirectories).set(patch).where(eq(formDirectories.id, id)),
    deleteDirectory: (id: string) => db.delete(formDirectories).where(eq(formDirectories.id, id)),
    async childCount(id: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(formDirectories)
        .where(eq(formDirectories.parentId, id));
      return row?.n ?? 0;
    },
    /** Forms of the directory, the recycle bin's included (a restored form comes back into it). */
    async formCountIn(id: string): Promise<{ live: number; deleted: number }> {
      const [row] = await db
        .select({
          live: sql<number>`cast(count(*) filter (where ${forms.deletedAt} is null) as integer)`,
          deleted: sql<number>`cast(count(*) filter (where ${forms.deletedAt} is not null) as integer)`,
        })
        .from(forms)
        .where(eq(forms.directoryId, id));
      return { live: Number(row?.live ?? 0), deleted: Number(row?.deleted ?? 0) };
    },
  };
}

function formQueries(db: Db) {
  return {
    async formPage(filter: FormFilter, paging: PagingQuery) {
      const conditions: SQL[] = [filter.deleted ? isNotNull(forms.deletedAt) : isNull(forms.deletedAt)];
      if (filter.keyword) conditions.push(ilike(forms.name, likePattern(filter.keyword)));
      if (filter.directoryIds) conditions.push(inArray(forms.directoryId, [...filter.directoryIds, '']));
      if (filter.publishState) conditions.push(eq(forms.publishState, filter.publishState));
      if (filter.publishedOnly) conditions.push(isNotNull(forms.publishedVersion));
      const where = and(...conditions);
      const { limit, offset } = pageOf(paging);
      const order = filter.deleted ? desc(forms.deletedAt) : desc(forms.updatedAt);
      const [records, totals] = await Promise.all([
        db.select().from(forms).where(where).orderBy(order, asc(forms.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(forms).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },
    async findForm(id: string): Promise<FormRow | undefined> {
      const [row] = await db.select().from(forms).where(eq(forms.id, id));
      return row;
    },
    async liveFormNamed(name: string): Promise<FormRow | undefined> {
      const [row] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.name, name), isNull(forms.deletedAt)));
      return row;
    },
    /** The form whose design a warehouse table holds (deleted or not). */
    async formOfTables(tableIds: readonly string[]): Promise<FormRow[]> {
      if (tableIds.length === 0) return [];
      return db
        .select()
        .from(forms)
        .where(inArray(forms.warehouseTableId, [...tableIds]));
    },
    insertForm: (row: FormInsert) => db.insert(forms).values(row),
    /** Its versions go with it (cascade); records, tasks or links still pointing at it make this fail. */
    deleteForm: (id: string) => db.delete(forms).where(eq(forms.id, id)),
    /**
     * Changes a form only if it is still as it was read (`expect`): the count of changed rows tells the
     * caller whether a concurrent change came first.
     */
    async updateForm(
      id: string,
      patch: Partial<Omit<FormInsert, 'id'>>,
      expect: { version?: number; publishState?: string; auditState?: string; live?: boolean } = {},
    ): Promise<number> {
      const conditions: SQL[] = [eq(forms.id, id)];
      if (expect.version !== undefined) conditions.push(eq(forms.version, expect.version));
      if (expect.publishState) conditions.push(eq(forms.publishState, expect.publishState));
      if (expect.auditState) conditions.push(eq(forms.auditState, expect.auditState));
      if (expect.live === true) conditions.push(isNull(forms.deletedAt));
      if (expect.live === false) conditions.push(isNotNull(forms.deletedAt));
      const changed = await db
        .update(forms)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(...conditions))
        .returning({ id: forms.id });
      return changed.length;
    },
  };
}

/** A form's versioned designs: drafts overwritten, published ones kept. */
function versionQueries(db: Db) {
  return {
    async findVersion(formId: string, version: number): Promise<VersionRow | undefined> {
      const [row] = await db
        .select()
        .from(formVersions)
        .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
      return row;
    },
    versionsOf: (formId: string): Promise<VersionRow[]> =>
      db
        .select()
        .from(formVersions)
        .where(eq(formVersions.formId, formId))
        .orderBy(desc(formVersions.version)),
    insertVersion: (row: typeof formVersions.$inferInsert) => db.insert(formVersions).values(row),
    /** Overwrites a draft; a published version is never changed (0 rows). */
    async overwriteDraft(formId: string, version: number, definition: unknown): Promise<number> {
      const changed = await db
        .update(formVersions)
        .set({ definition })
        .where(
          and(
            eq(formVersions.formId, formId),
            eq(formVersions.version, version),
            isNull(formVersions.publishedAt),
          ),
        )
        .returning({ version: formVersions.version });
      return changed.length;
    },
    markPublished: (formId: string, version: number, actorId: string) =>
      db
        .update(formVersions)
        .set({ publishedAt: new Date(), publishedBy: actorId })
        .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version))),
  };
}

/** What a design change or publish must respect: open tasks, collected values, constant types. */
function formUseQueries(db: Db) {
  return {
    /** Collection tasks not yet finished that send this form. */
    async openTaskNames(formId: string): Promise<string[]> {
      const rows = await db
        .select({ name: collectTasks.name })
        .from(collectTaskForms)
        .innerJoin(collectTasks, eq(collectTasks.id, collectTaskForms.taskId))
        .where(and(eq(collectTaskForms.formId, formId), ne(collectTasks.state, 'finished')))
        .orderBy(asc(collectTasks.name));
      return rows.map((r) => r.name);
    },
    /** Collected records (drafts included) holding a value for the field: an empty text or list is none. */
    async recordsWithValue(formId: string, key: string): Promise<number> {
      const value = sql`${formRecords.data} -> ${key}`;
      const [row] = await db
        .select({ n: count() })
        .from(formRecords)
        .where(
          and(
            eq(formRecords.formId, formId),
            sql`${value} is not null and ${value} not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)`,
          ),
        );
      return row?.n ?? 0;
    },
    /** Rows of the form's live warehouse table whose column holds a value. */
    filledRows: (physicalName: string, code: string) => createPhysical(db).countFilled(physicalName, code),
    async constantsOfTypes(typeIds: readonly string[]) {
      if (typeIds.length === 0) return [];
      return db
        .select({ typeId: constants.typeId, label: constants.label, value: constants.value })
        .from(constants)
        .where(inArray(constants.typeId, [...typeIds]))
        .orderBy(asc(constants.sort), asc(constants.createdAt), asc(constants.id));
    },
    async existingConstantTypeIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: constantTypes.id })
        .from(constantTypes)
        .where(inArray(constantTypes.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },
  };
}

/** The warehouse service on a connection: a form's table changes in the form's own transaction. */
export type WarehouseOn = (db: Db) => WarehouseService;

function queriesOn(warehouseOn: WarehouseOn) {
  return (db: Db) => ({
    ...directoryQueries(db),
    ...formQueries(db),
    ...versionQueries(db),
    ...formUseQueries(db),
    /** The prefill sources a design names, checked at publish. */
    known: createKnownQueries(db),
    warehouse: warehouseOn(db),
  });
}

export type FormsQueries = ReturnType<ReturnType<typeof queriesOn>>;

export function createFormsRepo(db: Db, deps: { warehouseOn: WarehouseOn }) {
  const createQueries = queriesOn(deps.warehouseOn);
  return {
    ...createQueries(db),
    /** Metadata, warehouse table and DDL in one transaction. */
    transaction: transactionOf(db, createQueries),
  };
}

export type FormsRepo = ReturnType<typeof createFormsRepo>;
