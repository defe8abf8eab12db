import {
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
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { KnownQueries, NoticeInsert, NoticeRow, TableFacts } from './collect-known.repo.ts';

// The home page counts the same notices with the same scope.
export { noticeScope } from './collect-known.repo.ts';

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
  fillerId: string;
  taskId: string;
  formId: string;
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

async function fromForms(q: KnownQueries, fill: KnownFill, fields: ReturnType<typeof prefilled>) {
  const known = new Map<string, Known>();
  const bySource = groupBy(
    fields.filter((f) => f.prefill.source === 'form'),
    (f) => (f.prefill as FormPrefill).formId,
  );
  for (const [formId, wanting] of bySource) {
    if (formId === fill.formId) continue;
    const row = await q.latestAuditedRecord({ formId, fillerId: fill.fillerId, taskId: fill.taskId });
    if (!row) continue;
    for (const field of wanting) {
      const value = row.data[(field.prefill as FormPrefill).fieldKey];
      if (value === undefined || value === null || knownText(value) === '') continue;
      known.set(field.key, {
        value,
        source: `表单「${row.formName}」（已审核）`,
        recipientId: row.createdBy,
      });
    }
  }
  return known;
}

async function fromWarehouse(q: KnownQueries, fill: KnownFill, fields: ReturnType<typeof prefilled>) {
  const known = new Map<string, Known>();
  const wanted = fields.filter((f) => f.prefill.source === 'warehouse');
  if (wanted.length === 0) return known;
  const objects = await q.fillerObjects(fill.fillerId);
  if (objects.length === 0) return known;
  const keys = objects.flatMap((o) => [o.id, o.code]);
  const cycle = await q.taskCycle(fill.taskId);
  for (const [tableId, wanting] of groupBy(wanted, (f) => (f.prefill as WarehousePrefill).tableId)) {
    const table = await q.tableFacts(tableId);
    if (!table) continue;
    for (const [matchCode, group] of groupBy(wanting, (f) => (f.prefill as WarehousePrefill).matchCode)) {
      const usable = group.filter((f) => table.fields.has((f.prefill as WarehousePrefill).fieldCode));
      if (table.fields.get(matchCode)?.refKind !== 'object' || usable.length === 0) continue;
      // A table keyed to cycles answers for the task's cycle only; one without, with its newest row.
      const cycleCode = [...table.fields].find(([, f]) => f.refKind === 'cycle')?.[0];
      const values = await q.warehouseValues({
        physicalName: table.physicalName,
        codes: usable.map((f) => (f.prefill as WarehousePrefill).fieldCode),
        matchCode,
        keys,
        cycle: cycleCode && cycle ? { code: cycleCode, keys: [cycle.id, cycle.name] } : undefined,
      });
      if (!values) continue;
      usable.forEach((field, i) => {
        const text = values[i];
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

async function knownOf(
  q: KnownQueries,
  fill: KnownFill,
  definition: FormDefinition,
): Promise<Map<string, Known>> {
  if (definition.formType !== 'floating') return new Map();
  const fields = prefilled(definition);
  if (fields.length === 0) return new Map();
  return new Map([...(await fromForms(q, fill, fields)), ...(await fromWarehouse(q, fill, fields))]);
}

/** What the fill page shows: each known value with its source. */
export async function knownValues(
  q: KnownQueries,
  fill: KnownFill,
  definition: FormDefinition,
): Promise<KnownValues> {
  const known = await knownOf(q, fill, definition);
  return Object.fromEntries(
    [...known].map(([key, k]) => [key, { value: k.value as string | number | string[], source: k.source }]),
  );
}

/**
 * On commit (inside its transaction): a notice per field whose committed value differs from the known
 * one, for the source's owner; a field that now agrees withdraws its unread notice. Answers the notices
 * left, for the message centre's 数据变更 messages.
 */
export async function noticeChanges(
  q: KnownQueries,
  fill: KnownFill,
  definition: FormDefinition,
  record: FormRecord | undefined,
): Promise<NoticeInsert[]> {
  const known = await knownOf(q, fill, definition);
  const labelOf = new Map(definition.fields.map((f) => [f.key, f.label]));
  const entries = [...known];
  const agreeing = entries.filter(([key, k]) => isSameKnownValue(record?.[key], k.value)).map(([key]) => key);
  const changed = entries.filter(([key, k]) => !isSameKnownValue(record?.[key], k.value));
  await q.withdrawNotices(fill.id, agreeing);
  const notices = changed.map(
    ([key, k]): NoticeInsert => ({
      id: newId(),
      fillTaskId: fill.id,
      fieldKey: key,
      fieldLabel: labelOf.get(key) ?? key,
      source: k.source,
      recipientId: k.recipientId,
      knownValue: knownText(k.value),
      newValue: knownText(record?.[key]),
    }),
  );
  await q.upsertNotices(notices);
  return notices;
}

/**
 * At publish: every field's source must exist as the filler would read it — a published floating form
 * with that field, or a created warehouse table with the value field and an object-keyed match field.
 */
export async function checkPrefillSources(q: KnownQueries, formId: string, definition: FormDefinition) {
  // Several fields may read the same source: each is read once.
  const forms = new Map<string, ReturnType<KnownQueries['publishedForm']>>();
  const tables = new Map<string, Promise<TableFacts | null>>();
  const once = <T>(cache: Map<string, Promise<T>>, id: string, read: () => Promise<T>) => {
    if (!cache.has(id)) cache.set(id, read());
    return cache.get(id)!;
  };
  for (const field of prefilled(definition)) {
    const p = field.prefill;
    if (p.source === 'form') {
      if (p.formId === formId) throw new AppError('VALIDATION', M.formSelf(field.label));
      const source = await once(forms, p.formId, () => q.publishedForm(p.formId));
      if (!source) throw new AppError('VALIDATION', M.formMissing(field.label));
      if (source.formType !== 'floating') throw new AppError('VALIDATION', M.formNotFloating(field.label));
      if (!(source.definition.fields ?? []).some((f) => f.key === p.fieldKey))
        throw new AppError('VALIDATION', M.formFieldMissing(field.label));
    } else {
      const table = await once(tables, p.tableId, () => q.tableFacts(p.tableId));
      if (!table) throw new AppError('VALIDATION', M.tableMissing(field.label));
      if (!table.fields.has(p.fieldCode)) throw new AppError('VALIDATION', M.tableFieldMissing(field.label));
      if (table.fields.get(p.matchCode)?.refKind !== 'object')
        throw new AppError('VALIDATION', M.matchNotObject(field.label));
    }
  }
}

function toNotice(row: NoticeRow): ValueNotice {
  return {
    id: row.id,
    formName: row.formName,
    fieldLabel: row.fieldLabel,
    source: row.source,
    objectName: row.objectName,
    departmentName: row.departmentName,
    knownValue: row.knownValue,
    newValue: row.newValue,
    createdAt: formatDateTime(new Date(row.createdAt)) ?? '',
    isRead: row.readAt !== null,
  };
}

/** 数据变更提醒 of the source owners: listed newest first, unread before read, and confirmed one by one. */
export function createValueNotices(deps: { repo: KnownQueries; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  async function visible(actor: Actor, id: string) {
    const row = await repo.visibleNotice(actor, id);
    if (!row) throw notFound(M.noticeNotFound);
    return row;
  }
  return {
    async page(actor: Actor, query: PagingQuery & { read?: '0' | '1' | undefined }) {
      const read = query.read === '0' ? 'unread' : query.read === '1' ? 'read' : undefined;
      const page = await repo.noticePage(actor, read, query);
      return { records: page.records.map(toNotice), total: page.total };
    },
    async read(actor: Actor, id: string): Promise<ValueNotice> {
      await visible(actor, id);
      await repo.markNoticeRead({ id, userId: actor.userId, at: now() });
      return toNotice(await visible(actor, id));
    },
  };
}

export type ValueNotices = ReturnType<typeof createValueNotices>;
