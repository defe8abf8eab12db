import {
  columnOf,
  type FieldPrefill,
  type FieldValue,
  type FormDefinition,
  type FormField,
  type FormRecord,
  isSameKnownValue,
  type KnownValues,
  knownText,
  PREFILL_MESSAGES as M,
  type PagingQuery,
  type ValueNotice,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pagedRows } from '../../platform/paging.ts';
import { formatDateTime } from '../../platform/time.ts';
import { ident } from '../warehouse/warehouse.physical.ts';
import { isManager } from './collect.model.ts';

/**
 * 数据只采一次: the values a floating form's fields can take from what the school already holds for the
 * filler (the fill's object) in the task's cycle — another form's audited record of the same filler, or
 * the row of a warehouse table keyed to the filler's diagnosis object — and the notices left for the
 * source's owner when a commit keeps a different value.
 */

/** A known value with the owner to tell when a filler changes it (null: the data managers). */
interface Known {
  value: FieldValue;
  source: string;
  recipientId: string | null;
}

/** The fill a lookup is for: who fills, in which task (its cycle), which form. */
export interface KnownFill {
  id: string;
  filler_id: string;
  task_id: string;
  form_id: string;
}

type FormPrefill = Extract<FieldPrefill, { source: 'form' }>;
type WarehousePrefill = Extract<FieldPrefill, { source: 'warehouse' }>;

const prefilled = (definition: Pick<FormDefinition, 'fields'>) =>
  definition.fields.filter((f): f is FormField & { prefill: FieldPrefill } => Boolean(f.prefill));

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** A warehouse cell, read as text, in the shape the field's component stores. */
function asFieldValue(field: FormField, text: string): FieldValue {
  if (['integer', 'float', 'year'].includes(field.component)) {
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (field.component === 'multiSelect') return text.split(',').map((s) => s.trim());
  if (text === 'true') return '是';
  if (text === 'false') return '否';
  return text;
}

async function fromForms(db: Db, fill: KnownFill, fields: ReturnType<typeof prefilled>) {
  const known = new Map<string, Known>();
  const bySource = groupBy(
    fields.filter((f) => f.prefill.source === 'form'),
    (f) => (f.prefill as FormPrefill).formId,
  );
  for (const [formId, wanting] of bySource) {
    if (formId === fill.form_id) continue;
    // The newest audited record of the same filler in a task of the same cycle (or both without one).
    const [row] = await queryRows<{ data: FormRecord; form_name: string; created_by: string }>(
      db,
      sql`select r.data, f.name as form_name, f.created_by
        from form_records r
        join fill_tasks ft on ft.id = r.fill_task_id
        join collect_tasks t on t.id = ft.task_id
        join forms f on f.id = r.form_id
        where r.form_id = ${formId} and ft.filler_id = ${fill.filler_id} and ft.state = 'finished'
          and f.deleted_at is null
          and t.cycle_id is not distinct from (select cycle_id from collect_tasks where id = ${fill.task_id})
        order by ft.audited_at desc nulls last, r.updated_at desc
        limit 1`,
    );
    if (!row) continue;
    for (const field of wanting) {
      const value = row.data[(field.prefill as FormPrefill).fieldKey];
      if (value === undefined || value === null || knownText(value) === '') continue;
      known.set(field.key, {
        value,
        source: `表单「${row.form_name}」（已审核）`,
        recipientId: row.created_by,
      });
    }
  }
  return known;
}

interface TableFacts {
  name: string;
  physical: string;
  fields: Map<string, { refKind: string | null }>;
}

async function tableFacts(db: Db, tableId: string): Promise<TableFacts | null> {
  const rows = await queryRows<{
    name: string;
    physical_name: string;
    code: string | null;
    ref_kind: string | null;
  }>(
    db,
    sql`select t.name, t.physical_name, f.code, f.ref_kind
      from warehouse_tables t left join warehouse_fields f on f.table_id = t.id
      where t.id = ${tableId} and t.is_created and t.deleted_at is null`,
  );
  const first = rows[0];
  if (!first) return null;
  return {
    name: first.name,
    physical: first.physical_name,
    fields: new Map(rows.flatMap((r) => (r.code ? [[r.code, { refKind: r.ref_kind }] as const] : []))),
  };
}

async function fromWarehouse(db: Db, fill: KnownFill, fields: ReturnType<typeof prefilled>) {
  const known = new Map<string, Known>();
  const wanted = fields.filter((f) => f.prefill.source === 'warehouse');
  if (wanted.length === 0) return known;
  // The filler's own diagnosis objects (a teacher or student object carries its account).
  const objects = await queryRows<{ id: string; code: string }>(
    db,
    sql`select id, code from diagnosis_objects where user_id = ${fill.filler_id}`,
  );
  if (objects.length === 0) return known;
  const keys = objects.flatMap((o) => [o.id, o.code]);
  const [cycle] = await queryRows<{ id: string; name: string }>(
    db,
    sql`select c.id, c.number as name from collect_tasks t join cycles c on c.id = t.cycle_id where t.id = ${fill.task_id}`,
  );
  for (const [tableId, wanting] of groupBy(wanted, (f) => (f.prefill as WarehousePrefill).tableId)) {
    const table = await tableFacts(db, tableId);
    if (!table) continue;
    for (const [matchCode, group] of groupBy(wanting, (f) => (f.prefill as WarehousePrefill).matchCode)) {
      const usable = group.filter((f) => table.fields.has((f.prefill as WarehousePrefill).fieldCode));
      if (table.fields.get(matchCode)?.refKind !== 'object' || usable.length === 0) continue;
      const where: SQL[] = [
        sql`${ident(columnOf(matchCode))} in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      ];
      // A table keyed to cycles answers for the task's cycle only; one without, with its newest row.
      const cycleCode = [...table.fields].find(([, f]) => f.refKind === 'cycle')?.[0];
      if (cycleCode && cycle) where.push(sql`${ident(columnOf(cycleCode))} in (${cycle.id}, ${cycle.name})`);
      const columns = usable.map(
        (f, i) =>
          sql`${ident(columnOf((f.prefill as WarehousePrefill).fieldCode))}::text as ${ident(`v${i}`)}`,
      );
      const [row] = await queryRows<Record<string, string | null>>(
        db,
        sql`select ${sql.join(columns, sql`, `)} from ${ident('dw')}.${ident(table.physical)}
          where ${sql.join(where, sql` and `)} order by id desc limit 1`,
      );
      if (!row) continue;
      usable.forEach((field, i) => {
        const text = row[`v${i}`];
        if (text === null || text === undefined || text.trim() === '') return;
        known.set(field.key, {
          value: asFieldValue(field, text),
          source: `数据仓库「${table.name}」`,
          recipientId: null,
        });
      });
    }
  }
  return known;
}

async function knownOf(db: Db, fill: KnownFill, definition: FormDefinition): Promise<Map<string, Known>> {
  if (definition.formType !== 'floating') return new Map();
  const fields = prefilled(definition);
  if (fields.length === 0) return new Map();
  return new Map([...(await fromForms(db, fill, fields)), ...(await fromWarehouse(db, fill, fields))]);
}

/** What the fill page shows: each known value with its source. */
export async function knownValues(db: Db, fill: KnownFill, definition: FormDefinition): Promise<KnownValues> {
  const known = await knownOf(db, fill, definition);
  return Object.fromEntries(
    [...known].map(([key, k]) => [key, { value: k.value as string | number | string[], source: k.source }]),
  );
}

/**
 * On commit (inside its transaction): a notice per field whose committed value differs from the known
 * one, for the source's owner; a field that now agrees withdraws its unread notice.
 */
export async function noticeChanges(
  db: Db,
  fill: KnownFill,
  definition: FormDefinition,
  record: FormRecord | undefined,
) {
  const known = await knownOf(db, fill, definition);
  const labelOf = new Map(definition.fields.map((f) => [f.key, f.label]));
  const entries = [...known];
  const agreeing = entries.filter(([key, k]) => isSameKnownValue(record?.[key], k.value)).map(([key]) => key);
  const changed = entries.filter(([key, k]) => !isSameKnownValue(record?.[key], k.value));
  if (agreeing.length > 0)
    await db.execute(sql`delete from form_value_notices where fill_task_id = ${fill.id} and read_at is null
      and field_key in (${sql.join(
        agreeing.map((key) => sql`${key}`),
        sql`, `,
      )})`);
  if (changed.length === 0) return;
  const rows = changed.map(
    ([
      key,
      k,
    ]) => sql`(${newId()}, ${fill.id}, ${key}, ${labelOf.get(key) ?? key}, ${k.source}, ${k.recipientId},
      ${knownText(k.value)}, ${knownText(record?.[key])})`,
  );
  await db.execute(sql`insert into form_value_notices
      (id, fill_task_id, field_key, field_label, source, recipient_id, known_value, new_value)
    values ${sql.join(rows, sql`, `)}
    on conflict (fill_task_id, field_key) do update set
      field_label = excluded.field_label, source = excluded.source, recipient_id = excluded.recipient_id,
      known_value = excluded.known_value, new_value = excluded.new_value,
      read_at = null, read_by = null, created_at = now()`);
}

/**
 * At publish: every field's source must exist as the filler would read it — a published floating form
 * with that field, or a created warehouse table with the value field and an object-keyed match field.
 */
export async function checkPrefillSources(db: Db, formId: string, definition: FormDefinition) {
  // Several fields may read the same source: each is read once.
  const forms = new Map<string, Promise<PublishedForm | undefined>>();
  const tables = new Map<string, Promise<TableFacts | null>>();
  const once = <T>(cache: Map<string, Promise<T>>, id: string, read: () => Promise<T>) => {
    if (!cache.has(id)) cache.set(id, read());
    return cache.get(id)!;
  };
  for (const field of prefilled(definition)) {
    const p = field.prefill;
    if (p.source === 'form') {
      if (p.formId === formId) throw new AppError('VALIDATION', M.formSelf(field.label));
      const source = await once(forms, p.formId, () => publishedForm(db, p.formId));
      if (!source) throw new AppError('VALIDATION', M.formMissing(field.label));
      if (source.form_type !== 'floating') throw new AppError('VALIDATION', M.formNotFloating(field.label));
      if (!(source.definition.fields ?? []).some((f) => f.key === p.fieldKey))
        throw new AppError('VALIDATION', M.formFieldMissing(field.label));
    } else {
      const table = await once(tables, p.tableId, () => tableFacts(db, p.tableId));
      if (!table) throw new AppError('VALIDATION', M.tableMissing(field.label));
      if (!table.fields.has(p.fieldCode)) throw new AppError('VALIDATION', M.tableFieldMissing(field.label));
      if (table.fields.get(p.matchCode)?.refKind !== 'object')
        throw new AppError('VALIDATION', M.matchNotObject(field.label));
    }
  }
}

interface PublishedForm {
  form_type: string;
  definition: { fields?: { key?: unknown }[] };
}

async function publishedForm(db: Db, id: string): Promise<PublishedForm | undefined> {
  const [row] = await queryRows<PublishedForm>(
    db,
    sql`select f.form_type, v.definition from forms f
      join form_versions v on v.form_id = f.id and v.version = f.published_version
      where f.id = ${id} and f.deleted_at is null`,
  );
  return row;
}

/** Notices the actor answers for: addressed to them, or to the data managers when they are one. */
export function noticeScope(actor: Actor): SQL {
  return isManager(actor)
    ? sql`(n.recipient_id = ${actor.userId} or n.recipient_id is null)`
    : sql`n.recipient_id = ${actor.userId}`;
}

interface NoticeRow {
  id: string;
  form_name: string;
  field_label: string;
  source: string;
  object_name: string;
  department_name: string;
  known_value: string;
  new_value: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const NOTICE_LIST = sql`
  select n.id, f.name as form_name, n.field_label, n.source, u.name as object_name,
    d.name as department_name, n.known_value, n.new_value, n.created_at, n.read_at
  from form_value_notices n
  join fill_tasks ft on ft.id = n.fill_task_id
  join forms f on f.id = ft.form_id
  join users u on u.id = ft.filler_id
  join task_allocations a on a.id = ft.allocation_id
  join departments d on d.id = a.department_id`;

function toNotice(row: NoticeRow): ValueNotice {
  return {
    id: row.id,
    formName: row.form_name,
    fieldLabel: row.field_label,
    source: row.source,
    objectName: row.object_name,
    departmentName: row.department_name,
    knownValue: row.known_value,
    newValue: row.new_value,
    createdAt: formatDateTime(new Date(row.created_at)) ?? '',
    isRead: row.read_at !== null,
  };
}

/** 数据变更提醒 of the source owners: listed newest first, unread before read, and confirmed one by one. */
export function createValueNotices(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  async function visible(actor: Actor, id: string) {
    const [row] = await queryRows<NoticeRow>(
      db,
      sql`${NOTICE_LIST} where n.id = ${id} and ${noticeScope(actor)}`,
    );
    if (!row) throw notFound(M.noticeNotFound);
    return row;
  }
  return {
    async page(actor: Actor, query: PagingQuery & { read?: '0' | '1' | undefined }) {
      const where = [noticeScope(actor)];
      if (query.read === '0') where.push(sql`n.read_at is null`);
      if (query.read === '1') where.push(sql`n.read_at is not null`);
      const page = await pagedRows<NoticeRow>(
        db,
        sql`${NOTICE_LIST} where ${sql.join(where, sql` and `)}
          order by (n.read_at is null) desc, n.created_at desc, n.id`,
        query,
      );
      return { records: page.records.map(toNotice), total: page.total };
    },
    async read(actor: Actor, id: string): Promise<ValueNotice> {
      await visible(actor, id);
      await db.execute(
        sql`update form_value_notices set read_at = ${now().toISOString()}, read_by = ${actor.userId}
          where id = ${id} and read_at is null`,
      );
      return toNotice(await visible(actor, id));
    },
  };
}

export type ValueNotices = ReturnType<typeof createValueNotices>;
