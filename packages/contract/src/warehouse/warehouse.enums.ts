/** The types a warehouse field can hold; each maps to one PostgreSQL column type on the server. */
export const FIELD_TYPES = ['text', 'integer', 'decimal', 'date', 'datetime', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: '文本',
  integer: '整数',
  decimal: '小数',
  date: '日期',
  datetime: '日期时间',
  boolean: '是/否',
};

/**
 * What a field may refer to. The reference is checked (on import and on filters), not a foreign key:
 * a warehouse row must not stop another module from deleting a department or a cycle. The column keeps
 * the key; browse, filters, sorting and the export read the name it stands for. `constant` names a
 * constant type (the field's `refTypeId`): its cells hold constant values, several joined by commas.
 * `record` is a collected record's id, which has no name: it stays off the screen and the export.
 */
export const FIELD_REF_KINDS = [
  'cycle',
  'department',
  'object',
  'user',
  'task',
  'constant',
  'record',
] as const;
export type FieldRefKind = (typeof FIELD_REF_KINDS)[number];

export const FIELD_REF_LABELS: Record<FieldRefKind, string> = {
  cycle: '周期',
  department: '部门',
  object: '诊断对象',
  user: '用户',
  task: '填报任务',
  constant: '常量',
  record: '采集记录',
};

/** Kinds whose key is never shown: no name stands for it, and the row's 序号 identifies the row. */
export const HIDDEN_REF_KINDS: readonly FieldRefKind[] = ['record'];

/** The rows browser's sort directions. */
export const ROW_SORT_ORDERS = ['asc', 'desc'] as const;
export type RowSortOrder = (typeof ROW_SORT_ORDERS)[number];

/**
 * A field's code: the physical column is `c_<code>`, so the code alone decides the identifier and no
 * user text ever reaches DDL.
 */
export const FIELD_CODE_PATTERN = /^[a-z][a-z0-9_]{0,40}$/;

/** Row filters of the browser: equality for every type, "contains" for text. */
export const ROW_FILTER_OPS = ['eq', 'contains'] as const;
export type RowFilterOp = (typeof ROW_FILTER_OPS)[number];

/** The header of a structure sheet (drbjg/dcbjg), in column order. */
export const STRUCTURE_HEADERS = [
  '字段名称',
  '字段代码',
  '字段类型',
  '是否必填',
  '是否唯一',
  '关联',
] as const;
