import type { FieldType, PagingQuery, RowFilter } from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';
import { liveTable, MESSAGES } from './warehouse.model.ts';
import type { RowCondition } from './warehouse.physical.ts';
import type { FieldRow, WarehouseRepo } from './warehouse.repo.ts';
import { parseValue } from './warehouse.values.ts';

/** One filter checked against its field: "contains" only on text, an "equals" value valid for the type. */
function conditionOf(field: FieldRow, filter: RowFilter): RowCondition {
  const type = field.type as FieldType;
  if (filter.op === 'contains') {
    if (type !== 'text') throw new AppError('VALIDATION', `字段「${field.label}」不是文本，只能按“等于”筛选`);
    return { code: field.code, op: 'contains', value: filter.value };
  }
  const parsed = parseValue(type, filter.value);
  if (!parsed.ok) throw new AppError('VALIDATION', `字段「${field.label}」的筛选值${parsed.message}`);
  return { code: field.code, op: 'equals', type, value: parsed.value };
}

/** A page of a created table's rows, every value as text keyed by field code, with `_id` and `_imported_at`. */
export async function browseRows(
  repo: WarehouseRepo,
  input: { id: string; filters: readonly RowFilter[]; paging: PagingQuery },
): Promise<{ records: Record<string, string | null>[]; total: number }> {
  const table = await liveTable(repo, input.id);
  if (!table.isCreated) throw new AppError('UNPROCESSABLE', MESSAGES.notCreated);
  const fields = await repo.fieldsOf(table.id);
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const conditions = input.filters.map((filter) => {
    const field = byCode.get(filter.code);
    if (!field) throw new AppError('VALIDATION', `筛选字段「${filter.code}」不存在`);
    return conditionOf(field, filter);
  });
  return repo.data.page({ table: table.physicalName, fields, conditions, paging: input.paging });
}
