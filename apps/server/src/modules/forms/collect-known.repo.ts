import { columnOf, type FormRecord, type PagingQuery } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { ident } from '../warehouse/warehouse.physical.ts';
import { isManager } from './collect.access.ts';

/** A warehouse table as a prefill reads it: created and live, its fields' codes and reference kinds. */
export interface TableFacts {
  name: string;
  physicalName: string;
  fields: Map<string, { refKind: string | null }>;
}

/** A notice to leave (or refresh) for a source's owner. */
export interface NoticeInsert {
  id: string;
  fillTaskId: string;
  fieldKey: string;
  fieldLabel: string;
  source: string;
  recipientId: string | null;
  knownValue: string;
  newValue: string;
}

export interface NoticeRow {
  id: string;
  formName: string;
  fieldLabel: string;
  source: string;
  objectName: string;
  departmentName: string;
  knownValue: string;
  newValue: string;
  createdAt: Date | string;
  readAt: Date | string | null;
}

/** Notices the actor answers for: addressed to them, or to the data managers when they are one. */
export function noticeScope(actor: Actor): SQL {
  return isManager(actor)
    ? sql`(n.recipient_id = ${actor.userId} or n.recipient_id is null)`
    : sql`n.recipient_id = ${actor.userId}`;
}

const NOTICE_LIST = sql`
  select n.id, f.name as "formName", n.field_label as "fieldLabel", n.source, u.name as "objectName",
    d.name as "departmentName", n.known_value as "knownValue", n.new_value as "newValue",
    n.created_at as "createdAt", n.read_at as "readAt"
  from form_value_notices n
  join fill_tasks ft on ft.id = n.fill_task_id
  join forms f on f.id = ft.form_id
  join users u on u.id = ft.filler_id
  join task_allocations a on a.id = ft.allocation_id
  join departments d on d.id = a.department_id`;

const list = (items: readonly string[]) =>
  sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  );

/** The sources a floating form's prefill reads (数据只采一次), and the notices a changed value leaves. */
export function createKnownQueries(db: Db) {
  return queryGroups(knownSources(db), knownNotices(db));
}

/** Where a prefilled value comes from: an audited record of another form, or a warehouse row. */
function knownSources(db: Db) {
  return {
    /** The newest audited record of the filler in a task of the same cycle as `taskId` (or both without one). */
    async latestAuditedRecord(input: { formId: string; fillerId: string; taskId: string }) {
      const [row] = await queryRows<{ data: FormRecord; formName: string; createdBy: string }>(
        db,
        sql`select r.data, f.name as "formName", f.created_by as "createdBy"
          from form_records r
          join fill_tasks ft on ft.id = r.fill_task_id
          join collect_tasks t on t.id = ft.task_id
          join forms f on f.id = r.form_id
          where r.form_id = ${input.formId} and ft.filler_id = ${input.fillerId} and ft.state = 'finished'
            and f.deleted_at is null
            and t.cycle_id is not distinct from (select cycle_id from collect_tasks where id = ${input.taskId})
          order by ft.audited_at desc nulls last, r.updated_at desc
          limit 1`,
      );
      return row;
    },

    async tableFacts(tableId: string): Promise<TableFacts | null> {
      const rows = await queryRows<{
        name: string;
        physicalName: string;
        code: string | null;
        refKind: string | null;
      }>(
        db,
        sql`select t.name, t.physical_name as "physicalName", f.code, f.ref_kind as "refKind"
          from warehouse_tables t left join warehouse_fields f on f.table_id = t.id
          where t.id = ${tableId} and t.is_created and t.deleted_at is null`,
      );
      const first = rows[0];
      if (!first) return null;
      return {
        name: first.name,
        physicalName: first.physicalName,
        fields: new Map(rows.flatMap((r) => (r.code ? [[r.code, { refKind: r.refKind }] as const] : []))),
      };
    },

    /** The filler's own diagnosis objects (a teacher or student object carries its account). */
    fillerObjects: (fillerId: string) =>
      queryRows<{ id: string; code: string }>(
        db,
        sql`select id, code from diagnosis_objects where user_id = ${fillerId}`,
      ),

    async taskCycle(taskId: string) {
      const [cycle] = await queryRows<{ id: string; name: string }>(
        db,
        sql`select c.id, c.number as name from collect_tasks t join cycles c on c.id = t.cycle_id where t.id = ${taskId}`,
      );
      return cycle;
    },

    /**
     * The newest row of a created warehouse table whose match column holds one of `keys` (and, when
     * given, whose cycle column holds one of `cycleKeys`): the wanted columns as text, in their order.
     */
    async warehouseValues(input: {
      physicalName: string;
      codes: readonly string[];
      matchCode: string;
      keys: readonly string[];
      cycle?: { code: string; keys: readonly string[] } | undefined;
    }): Promise<Array<string | null> | undefined> {
      const where = [sql`${ident(columnOf(input.matchCode))} in (${list(input.keys)})`];
      if (input.cycle) where.push(sql`${ident(columnOf(input.cycle.code))} in (${list(input.cycle.keys)})`);
      const columns = input.codes.map((code, i) => sql`${ident(columnOf(code))}::text as ${ident(`v${i}`)}`);
      const [row] = await queryRows<Record<string, string | null>>(
        db,
        sql`select ${sql.join(columns, sql`, `)} from ${ident('dw')}.${ident(input.physicalName)}
          where ${sql.join(where, sql` and `)} order by id desc limit 1`,
      );
      return row ? input.codes.map((_, i) => row[`v${i}`] ?? null) : undefined;
    },

    async publishedForm(id: string) {
      const [row] = await queryRows<{ formType: string; definition: { fields?: { key?: unknown }[] } }>(
        db,
        sql`select f.form_type as "formType", v.definition from forms f
          join form_versions v on v.form_id = f.id and v.version = f.published_version
          where f.id = ${id} and f.deleted_at is null`,
      );
      return row;
    },
  };
}

/** 数据变更提醒: the notices a changed value leaves for the source's owner. */
function knownNotices(db: Db) {
  return {
    /** Unread notices of the fill's fields that now agree with the known value are withdrawn. */
    async withdrawNotices(fillTaskId: string, fieldKeys: readonly string[]) {
      if (fieldKeys.length === 0) return;
      await db.execute(sql`delete from form_value_notices where fill_task_id = ${fillTaskId} and read_at is null
        and field_key in (${list(fieldKeys)})`);
    },

    /** One notice per fill and field: a new change replaces the earlier one and is unread again. */
    async upsertNotices(rows: readonly NoticeInsert[]) {
      if (rows.length === 0) return;
      const values = rows.map(
        (n) => sql`(${n.id}, ${n.fillTaskId}, ${n.fieldKey}, ${n.fieldLabel}, ${n.source}, ${n.recipientId},
          ${n.knownValue}, ${n.newValue})`,
      );
      await db.execute(sql`insert into form_value_notices
          (id, fill_task_id, field_key, field_label, source, recipient_id, known_value, new_value)
        values ${sql.join(values, sql`, `)}
        on conflict (fill_task_id, field_key) do update set
          field_label = excluded.field_label, source = excluded.source, recipient_id = excluded.recipient_id,
          known_value = excluded.known_value, new_value = excluded.new_value,
          read_at = null, read_by = null, created_at = now()`);
    },

    async visibleNotice(actor: Actor, id: string): Promise<NoticeRow | undefined> {
      const [row] = await queryRows<NoticeRow>(
        db,
        sql`${NOTICE_LIST} where n.id = ${id} and ${noticeScope(actor)}`,
      );
      return row;
    },

    /** Listed newest first, unread before read. */
    noticePage(actor: Actor, read: 'unread' | 'read' | undefined, paging: PagingQuery) {
      const where = [noticeScope(actor)];
      if (read === 'unread') where.push(sql`n.read_at is null`);
      if (read === 'read') where.push(sql`n.read_at is not null`);
      return pagedRows<NoticeRow>(
        db,
        sql`${NOTICE_LIST} where ${sql.join(where, sql` and `)}
          order by (n.read_at is null) desc, n.created_at desc, n.id`,
        paging,
      );
    },

    async markNoticeRead(input: { id: string; userId: string; at: Date }) {
      await db.execute(
        sql`update form_value_notices set read_at = ${input.at.toISOString()}, read_by = ${input.userId}
          where id = ${input.id} and read_at is null`,
      );
    },
  };
}

export type KnownQueries = ReturnType<typeof createKnownQueries>;
