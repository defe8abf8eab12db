import { FIELD_TYPE_LABELS } from '@eduqa/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type FieldInput, liveTable, MESSAGES } from './warehouse.model.ts';
import type { FieldRow, TableRow, WarehouseQueries } from './warehouse.repo.ts';

const refuse = (message: string) => new AppError('UNPROCESSABLE', message);

/** Another field of the table already has this code or label. */
async function assertFree(q: WarehouseQueries, table: TableRow, input: FieldInput, selfId: string | null) {
  assertNotTaken(await q.fieldsOf(table.id), [input], selfId);
}

/** Each input's code and label free among the table's fields and the inputs before it. */
function assertNotTaken(fields: readonly FieldRow[], inputs: readonly FieldInput[], selfId: string | null) {
  const others = fields.filter((f) => f.id !== selfId);
  const codes = new Set(others.map((f) => f.code));
  const labels = new Set(others.map((f) => f.label));
  for (const input of inputs) {
    if (codes.has(input.code)) throw new AppError('CONFLICT', `字段代码「${input.code}」已存在`);
    if (labels.has(input.label)) throw new AppError('CONFLICT', `字段名称「${input.label}」已存在`);
    codes.add(input.code);
    labels.add(input.label);
  }
}

const columns = (input: FieldInput) => ({
  label: input.label,
  code: input.code,
  type: input.type,
  isRequired: input.isRequired,
  isUnique: input.isUnique,
  refKind: input.refKind,
  refTypeId: input.refKind === 'constant' ? (input.refTypeId ?? null) : null,
});

/**
 * A `constant` reference names an existing constant type (the names of its cells come from there); a
 * change that leaves the type out keeps the stored one.
 */
async function withRefType(q: WarehouseQueries, input: FieldInput, stored?: FieldRow): Promise<FieldInput> {
  if (input.refKind !== 'constant') return { ...input, refTypeId: null };
  const refTypeId = input.refTypeId || (stored?.refKind === 'constant' ? stored.refTypeId : null);
  if (!refTypeId) throw refuse(`字段「${input.label}」关联常量，请选择常量类型`);
  if (!(await q.constantTypeExists(refTypeId))) throw refuse(`字段「${input.label}」的常量类型不存在`);
  return { ...input, refTypeId };
}

/**
 * Adds fields, read and checked together and stored in one insert (a published 200-field form is one
 * call); on a created table their columns too, refused when one would be required over existing rows.
 */
export async function addFields(
  q: WarehouseQueries,
  tableId: string,
  given: readonly FieldInput[],
): Promise<string[]> {
  const table = await liveTable(q, tableId);
  const inputs: FieldInput[] = [];
  for (const input of given) inputs.push(await withRefType(q, input));
  const existing = await q.fieldsOf(table.id);
  assertNotTaken(existing, inputs, null);
  const rows = table.isCreated ? await q.physical.rowCount('dw', table.physicalName) : 0;
  const required = inputs.find((input) => input.isRequired);
  if (required && rows > 0)
    throw refuse(
      `表中已有 ${rows} 行数据，新字段「${required.label}」没有值，不能设为必填；请先新增为非必填并补齐数据`,
    );
  const fields = inputs.map((input, index) => ({
    id: newId(),
    tableId: table.id,
    ...columns(input),
    sort: input.sort ?? existing.length + index,
  }));
  if (table.isCreated)
    for (const [index, field] of fields.entries())
      await q.physical.addColumn(table.physicalName, { id: field.id, ...inputs[index]! });
  if (fields.length > 0) await q.insertFields(fields);
  return fields.map((f) => f.id);
}

/** Adds a field; on a created table the column too, refused when it would be required over existing rows. */
export async function addField(q: WarehouseQueries, tableId: string, input: FieldInput): Promise<string> {
  const [id] = await addFields(q, tableId, [input]);
  return id!;
}

/**
 * Changes a field; on a created table the column follows in the same transaction. A change that would
 * lose data is refused, naming the field and how many rows stand in the way.
 */
export async function changeField(q: WarehouseQueries, field: FieldRow, given: FieldInput): Promise<void> {
  const table = await liveTable(q, field.tableId);
  const input = await withRefType(q, given, field);
  await assertFree(q, table, input, field.id);
  if (table.isCreated) await alterColumn(q, table.physicalName, field, input);
  await q.updateField(field.id, {
    ...columns(input),
    ...(input.sort === undefined ? {} : { sort: input.sort }),
  });
}

async function alterColumn(q: WarehouseQueries, physical: string, field: FieldRow, input: FieldInput) {
  const p = q.physical;
  const name = `字段「${field.label}」`;
  if (field.code !== input.code) await p.renameColumn(physical, field.code, input.code);
  const code = input.code;
  if (field.type !== input.type) {
    const from = field.type as FieldInput['type'];
    const bad = await p.countUnconvertible(physical, code, from, input.type);
    if (bad > 0) {
      throw refuse(
        `${name}有 ${bad} 行的值不能转换为${FIELD_TYPE_LABELS[input.type]}，修改会丢失数据，已拒绝`,
      );
    }
    await p.changeType(physical, code, input.type);
  }
  if (input.isRequired !== field.isRequired) {
    const nulls = input.isRequired ? await p.countNulls(physical, code) : 0;
    if (nulls > 0) throw refuse(`${name}有 ${nulls} 行为空，不能设为必填`);
    await p.setRequired(physical, code, input.isRequired);
  }
  if (input.isUnique !== field.isUnique) {
    const duplicated = input.isUnique ? await p.countDuplicated(physical, code) : 0;
    if (duplicated > 0) throw refuse(`${name}有 ${duplicated} 行的值重复，不能设为唯一`);
    await p.setUnique(physical, { id: field.id, code }, input.isUnique);
  }
}

/** Deletes fields; on a created table a column that still holds values is refused. */
export async function removeFields(q: WarehouseQueries, ids: readonly string[]): Promise<void> {
  const found = await q.findFields(ids);
  if (found.length !== new Set(ids).size) throw notFound(MESSAGES.fieldNotFound);
  for (const field of found) {
    const table = await liveTable(q, field.tableId);
    if (!table.isCreated) continue;
    const filled = await q.physical.countFilled(table.physicalName, field.code);
    if (filled > 0)
      throw refuse(`字段「${field.label}」有 ${filled} 行数据，删除会丢失数据，已拒绝；请先清空该列`);
    await q.physical.dropColumn(table.physicalName, field.code);
  }
  await q.deleteFields(ids);
}
