import { columnOf, type FieldRefKind, type FieldType, HIDDEN_REF_KINDS } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/sql.ts';
import { SQL_TYPES } from './warehouse.values.ts';

/**
 * How the browse and the export read a table: a key column as the name its key stands for (the stored
 * key stays the key), every other column as its type, so that filters and sorting work on what is shown
 * and numbers compare as numbers.
 */

/** A column of a created table as the browse and export read it. */
export interface ReadColumn {
  code: string;
  type: string;
  refKind?: string | null | undefined;
  refTypeId?: string | null | undefined;
}

/** A row filter the service has checked: by pattern (text, or a key's name), or a parsed value compared as its type. */
export type RowCondition =
  | { code: string; op: 'contains'; value: string }
  | { code: string; op: 'equals'; type: FieldType; value: string; isKey: boolean };

/** A checked sort: a shown column, ascending or descending. */
export interface RowOrder {
  code: string;
  isDescending: boolean;
}

/** `[a-z][a-z0-9_]*` only: the field code rule, checked again so no user text reaches an identifier. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const ident = (name: string): SQL => {
  if (!IDENTIFIER.test(name)) throw new Error(`unsafe identifier ${name}`);
  return sql.raw(name);
};

const shownName = (code: string) => ident(columnOf(code));
/** The stored key of a key column, beside its name in the shown row. */
const keyName = (code: string) => ident(`k_${code}`);

export const isHidden = (column: ReadColumn) =>
  HIDDEN_REF_KINDS.includes((column.refKind ?? '') as FieldRefKind);
export const isKey = (column: ReadColumn) => Boolean(column.refKind) && !isHidden(column);

/**
 * The keys of a kind with their names, as `(key, name)`: joined to the table, so a page, a filter or a
 * sort over every row costs one hash join per key column, not a lookup per row. An object is named by
 * its id or, as the demo's tables hold it, by its code (the id wins).
 */
function namesOf(column: ReadColumn): SQL | null {
  switch (column.refKind as FieldRefKind) {
    case 'department':
      return sql`select id as key, name from departments`;
    case 'user':
      return sql`select id as key, name from users`;
    case 'cycle':
      return sql`select id as key, number as name from cycles`;
    case 'object':
      return sql`select distinct on (key) key, name from (
          select id as key, name, 0 as rank from diagnosis_objects
          union all select code, name, 1 from diagnosis_objects) o
        order by key, rank, name`;
    case 'task':
      return sql`select f.id as key, ct.name from fill_tasks f join collect_tasks ct on ct.id = f.task_id`;
    case 'constant':
      return sql`select value as key, label as name from constants where type_id = ${column.refTypeId ?? ''}`;
    default:
      return null;
  }
}

/** A multi-select's cell (values joined by commas) as its constants' names, each unknown one as it is. */
const constantListName = (column: ReadColumn, key: SQL) =>
  sql`case when ${key} like '%,%' then (select string_agg(coalesce(c.label, v.x), ',' order by v.n)
    from unnest(string_to_array(${key}, ',')) with ordinality as v(x, n)
    left join constants c on c.type_id = ${column.refTypeId ?? ''} and c.value = v.x) end`;

/**
 * The table's rows as shown: `_row` (the physical id), `_imported`, each shown column as `c_<code>`
 * (a key column as its name, the key itself where no name is found) and each key as `k_<code>`.
 */
export function shownRows(table: SQL, columns: readonly ReadColumn[]): SQL {
  const selected: SQL[] = [sql`t.id as _row`, sql`t._imported_at as _imported`];
  const joins: SQL[] = [];
  for (const column of columns) {
    if (isHidden(column)) continue;
    const stored = sql`t.${shownName(column.code)}`;
    const names = isKey(column) ? namesOf(column) : null;
    if (!names) {
      selected.push(sql`${stored} as ${shownName(column.code)}`);
      continue;
    }
    const alias = ident(`n_${column.code}`);
    joins.push(sql`left join (${names}) ${alias} on ${alias}.key = ${stored}`);
    const list = column.refKind === 'constant' ? sql`${constantListName(column, stored)}, ` : sql``;
    selected.push(sql`coalesce(${alias}.name, ${list}${stored}) as ${shownName(column.code)}`);
    selected.push(sql`${stored} as ${keyName(column.code)}`);
  }
  return sql`select ${sql.join(selected, sql`, `)} from ${table} t ${sql.join(joins, sql` `)}`;
}

/** Every shown value as text (timestamps without their fraction, as the import reads them back). */
export function shownAsText(columns: readonly ReadColumn[]): SQL[] {
  return columns
    .filter((column) => !isHidden(column))
    .map((column) => {
      const name = shownName(column.code);
      const text =
        column.type === 'datetime' ? sql`to_char(d.${name}, 'YYYY-MM-DD HH24:MI:SS')` : sql`d.${name}::text`;
      return sql`${text} as ${name}`;
    });
}

/** A filter on the shown row: a key matches its name or the key itself. */
export function conditionSql(condition: RowCondition): SQL {
  const column = sql`d.${shownName(condition.code)}`;
  if (condition.op === 'contains') return sql`${column} ilike ${likePattern(condition.value)}`;
  if (condition.isKey)
    return sql`(${column} = ${condition.value} or d.${keyName(condition.code)} = ${condition.value})`;
  return sql`${column} = cast(${condition.value} as ${sql.raw(SQL_TYPES[condition.type])})`;
}

/** The order of the shown rows: the chosen column (empty last), then the import order. */
export function orderSql(order: RowOrder | null): SQL {
  if (!order) return sql`d._row`;
  const direction = order.isDescending ? sql`desc` : sql`asc`;
  return sql`d.${shownName(order.code)} ${direction} nulls last, d._row ${direction}`;
}
