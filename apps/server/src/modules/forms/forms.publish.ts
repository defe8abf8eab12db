import {
  compareDefinitions,
  type FieldRefKind,
  FORM_RESERVED_KEYS,
  type FormDefinition,
  FormDefinitionSchema,
  type FormDraft,
  type FormField,
  WAREHOUSE_TYPE_OF,
} from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';
import type { FieldInput } from '../warehouse/warehouse.model.ts';
import type { WarehouseService } from '../warehouse/warehouse.service.ts';
import type { FormRow, FormsQueries } from './forms.repo.ts';

/** The warehouse every published form's table lives in, created on the first publish. */
export const FORMS_WAREHOUSE = '数据采集';

/** The system columns of a form's table (FORM_RESERVED_KEYS): who answered, and the record that makes the sync idempotent. */
const SYSTEM_FIELDS: Record<
  (typeof FORM_RESERVED_KEYS)[number],
  { label: string; isUnique: boolean; refKind: FieldRefKind }
> = {
  // Keys, so that the warehouse shows the task, filler and department by name and the record id not at all.
  record_id: { label: '记录编号', isUnique: true, refKind: 'record' },
  fill_task_id: { label: '填报任务', isUnique: false, refKind: 'task' },
  filler_id: { label: '填报人', isUnique: false, refKind: 'user' },
  department_id: { label: '填报部门', isUnique: false, refKind: 'department' },
};

/** The design as FormDefinitionSchema reads it, or a 400 naming the first problem and the field it is in. */
export function parseDefinition(draft: FormDraft): FormDefinition {
  const parsed = FormDefinitionSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const [part, index] = issue.path;
  if (part === 'fields' && typeof index === 'number') {
    const field = draft.fields[index];
    const label =
      typeof field?.label === 'string' && field.label.trim() ? field.label : `第${index + 1}个字段`;
    throw new AppError('VALIDATION', `字段「${label}」：${issue.message}`);
  }
  throw new AppError('VALIDATION', issue.message);
}

/**
 * Each form field's label in the warehouse, where labels are unique per table: a label that two fields
 * (or a system column) share gets the field's key after it.
 */
function warehouseLabels(fields: readonly FormField[]): Map<string, string> {
  const taken = new Map<string, number>();
  for (const label of [...fields.map((f) => f.label), ...Object.values(SYSTEM_FIELDS).map((f) => f.label)])
    taken.set(label, (taken.get(label) ?? 0) + 1);
  return new Map(
    fields.map((f) => [f.key, (taken.get(f.label) ?? 0) > 1 ? `${f.label}（${f.key}）` : f.label]),
  );
}

/** A select's column holds its constant type's values: the warehouse shows their names. */
const constantTypeOf = (field: FormField): string | null =>
  field.component === 'select' || field.component === 'multiSelect'
    ? (field.options?.constantTypeId ?? null)
    : null;

/**
 * Not required or unique in the warehouse: the form enforces those while filling (a draft may be
 * incomplete, and `unique` is claimed in form_unique_values).
 */
const fieldInput = (field: FormField, label: string, sort: number): FieldInput => {
  const refTypeId = constantTypeOf(field);
  return {
    label,
    code: field.key,
    type: WAREHOUSE_TYPE_OF[field.component],
    isRequired: false,
    isUnique: false,
    refKind: refTypeId ? 'constant' : null,
    refTypeId,
    sort,
  };
};

async function formsWarehouseId(warehouse: WarehouseService): Promise<string> {
  const existing = (await warehouse.allWarehouses()).find((w) => w.name === FORMS_WAREHOUSE);
  if (existing) return existing.id;
  const created = await warehouse.createWarehouse({
    name: FORMS_WAREHOUSE,
    remark: '数据采集的表单发布时自动创建，每个表单一张数据表',
  });
  return created.id;
}

/** First publish: the table named after the form, a column per field plus the system columns, created. */
async function createFormTable(
  warehouse: WarehouseService,
  form: FormRow,
  definition: FormDefinition,
): Promise<string> {
  const warehouseId = await formsWarehouseId(warehouse);
  const table = await warehouse.createTable({
    warehouseId,
    name: form.name,
    remark: `表单「${form.name}」的采集数据（由表单发布维护，请勿手工修改结构）`,
  });
  const labels = warehouseLabels(definition.fields);
  const system = FORM_RESERVED_KEYS.map((key) => ({
    label: SYSTEM_FIELDS[key].label,
    code: key,
    type: 'text' as const,
    isRequired: false,
    isUnique: SYSTEM_FIELDS[key].isUnique,
    refKind: SYSTEM_FIELDS[key].refKind,
  }));
  await warehouse.createFields(
    table.id,
    [...definition.fields.map((field) => fieldInput(field, labels.get(field.key)!, 0)), ...system].map(
      (input, sort) => ({ ...input, sort }),
    ),
  );
  await warehouse.createPhysical(table.id);
  return table.id;
}

/**
 * A later publish: the table follows the new design. Added fields become columns; a removed or retyped
 * field is refused while any collected record or table row holds a value for it, else applied; changed
 * labels follow.
 */
async function updateFormTable(input: {
  q: FormsQueries;
  warehouse: WarehouseService;
  form: FormRow;
  tableId: string;
  previous: FormDefinition;
  next: FormDefinition;
}) {
  const { q, warehouse, form, tableId, previous, next } = input;
  const table = await warehouse.tableDetail(tableId);
  if (table.deletedAt) throw new AppError('UNPROCESSABLE', '表单的数据表在数据仓库回收站中，请先恢复');
  const physical = table.physicalName.split('.')[1]!;
  const byCode = new Map(table.fields.map((f) => [f.code, f]));
  const change = compareDefinitions(previous, next);
  for (const field of [...change.removed, ...change.retyped]) {
    const records = await q.recordsWithValue(form.id, field.key);
    const rows = byCode.has(field.key) ? await q.filledRows(physical, field.key) : 0;
    if (records > 0 || rows > 0) {
      const what = change.removed.includes(field) ? '删除' : '修改类型';
      throw new AppError(
        'UNPROCESSABLE',
        `字段「${field.label}」已有 ${records} 条采集数据、数据表中 ${rows} 行有值，${what}会丢失数据，已拒绝`,
      );
    }
  }
  const removedIds = change.removed.flatMap((f) => byCode.get(f.key)?.id ?? []);
  if (removedIds.length > 0) await warehouse.removeFields(removedIds);
  const labels = warehouseLabels(next.fields);
  const retyped = new Set(change.retyped.map((f) => f.key));
  // Changed fields first take a label of their own, then the wanted one: two fields may swap labels.
  const changed = next.fields.flatMap((field, sort) => {
    const stored = byCode.get(field.key);
    if (!stored) return [];
    const sameRef = stored.refTypeId === constantTypeOf(field);
    const same =
      labels.get(field.key) === stored.label && !retyped.has(field.key) && stored.sort === sort && sameRef;
    return same ? [] : [{ field, sort, id: stored.id }];
  });
  for (const { field, sort, id } of changed)
    await warehouse.updateField(id, fieldInput(field, `${field.key}·${id}`, sort));
  for (const { field, sort, id } of changed)
    await warehouse.updateField(id, fieldInput(field, labels.get(field.key)!, sort));
  const added = [...next.fields.entries()].filter(([, field]) => !byCode.has(field.key));
  await warehouse.createFields(
    tableId,
    added.map(([sort, field]) => fieldInput(field, labels.get(field.key)!, sort)),
  );
  if (table.name !== form.name) await warehouse.updateTable(tableId, { name: form.name });
}

/** Creates or updates the form's warehouse table for the definition being published; answers its id. */
export async function syncFormTable(input: {
  q: FormsQueries;
  warehouse: WarehouseService;
  form: FormRow;
  previous: FormDefinition | null;
  next: FormDefinition;
}): Promise<string> {
  const { form } = input;
  if (!form.warehouseTableId || !input.previous) return createFormTable(input.warehouse, form, input.next);
  await updateFormTable({ ...input, tableId: form.warehouseTableId, previous: input.previous });
  return form.warehouseTableId;
}
