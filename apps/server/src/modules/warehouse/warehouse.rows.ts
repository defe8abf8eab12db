import type { BrowsedRow, FieldType, PagingQuery, RowFilter, RowSort } from '@eduqa/contract';
import { AppError } from '../../platform/errors.ts';
import { formatDateTime } from '../../platform/time.ts';
import { liveTable, MESSAGES } from './warehouse.model.ts';
import type { FieldRow, WarehouseRepo } from './warehouse.repo.ts';
import { isHidden, isKey, type RowCondition, type RowOrder } from './warehouse.shown.ts';
import { parseValue } from './warehouse.values.ts';

/**
 * One filter checked against its field: "contains" on text (a key field's name is text), an "equals"
 * value valid for the type; a key field matches its name or its key.
 */
function conditionOf(field: FieldRow, filter: RowFilter): RowCondition {
  const type = field.type as FieldType;
  if (filter.op === 'contains') {
    if (type !== 'text') throw new AppError('VALIDATION', `字段「${field.label}」不是文本，只能按“等于”筛选`);
    return { code: field.code, op: 'contains', value: filter.value };
  }
  if (isKey(field)) return { code: field.code, op: 'equals', type, value: filter.value.trim(), isKey: true };
  const parsed = parseValue(type, filter.value);
  if (!parsed.ok) throw new AppError('VALIDATION', `字段「${field.label}」的筛选值${parsed.message}`);
  return { code: field.code, op: 'equals', type, value: parsed.value, isKey: false };
}

/** A field the browse can show, by its code, or the Chinese reason it cannot be filtered or sorted on. */
function shownField(byCode: ReadonlyMap<string, FieldRow>, code: string, what: '筛选' | '排序'): FieldRow {
  const field = byCode.get(code);
  if (!field) throw new AppError('VALIDATION', `${what}字段「${code}」不存在`);
  if (isHidden(field)) throw new AppError('VALIDATION', `字段「${field.label}」不显示，不能${what}`);
  return field;
}

/**
 * A page of a created table's rows as shown: 序号 in this order, the import time on the school's clock,
 * and every value as text keyed by field code, a key field by the name it stands for.
 */
export async function browseRows(
  repo: WarehouseRepo,
  input: { id: string; filters: readonly RowFilter[]; sort: RowSort | null; paging: PagingQuery },
): Promise<{ records: BrowsedRow[]; total: number }> {
  const table = await liveTable(repo, input.id);
  if (!table.isCreated) throw new AppError('UNPROCESSABLE', MESSAGES.notCreated);
  const fields = await repo.fieldsOf(table.id);
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const conditions = input.filters.map((filter) =>
    conditionOf(shownField(byCode, filter.code, '筛选'), filter),
  );
  const order: RowOrder | null = input.sort
    ? {
        code: shownField(byCode, input.sort.code, '排序').code,
        isDescending: input.sort.order === 'desc',
      }
    : null;
  const page = await repo.data.page({
    table: table.physicalName,
    fields,
    conditions,
    order,
    paging: input.paging,
  });
  const first = (input.paging.pageNum - 1) * input.paging.pageSize;
  return {
    records: page.records.map((row, index) => ({
      number: first + index + 1,
      importedAt: formatDateTime(row.importedAt),
      values: row.values,
    })),
    total: page.total,
  };
}
