import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import {
  FIELD_CODE_PATTERN,
  FIELD_REF_KINDS,
  FIELD_TYPES,
  type FieldRefKind,
  type FieldType,
  ROW_FILTER_OPS,
  ROW_SORT_ORDERS,
  type RowFilterOp,
  type RowSortOrder,
} from './warehouse.enums.ts';

/** 数据仓库 (ck). */
export interface Warehouse {
  id: string;
  name: string;
  remark: string;
  sort: number;
  tableCount: number;
  createdAt: Date;
}

/** 仓库表 (ckb): metadata of one table; `physicalName` is the generated `dw.t_…` identifier. */
export interface WarehouseTable {
  id: string;
  warehouseId: string;
  warehouseName: string;
  name: string;
  remark: string;
  physicalName: string;
  isCreated: boolean;
  fieldCount: number;
  /** Rows of the physical table (null while it is not created). */
  rowCount: number | null;
  deletedAt: Date | null;
  createdAt: Date;
}

/** 仓库表字段 (ckbzd): the column is `c_<code>`; the Chinese label stays in metadata. */
export interface WarehouseField {
  id: string;
  tableId: string;
  label: string;
  code: string;
  type: FieldType;
  isRequired: boolean;
  isUnique: boolean;
  refKind: FieldRefKind | null;
  /** The constant type a `constant` reference reads its names from (null for every other kind). */
  refTypeId: string | null;
  sort: number;
}

const sort = z.coerce
  .number({ error: '排序必须是数字' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(99999, { error: '排序不能大于99999' })
  .describe('排序');

const id = (label: string) => requiredId(label);

// 仓库
const warehouseFields = {
  ckmc: requiredText('仓库名称'),
  ckms: text('仓库说明', TEXT_LIMITS.content).optional(),
  sort: sort.optional(),
};
export const WarehouseBodySchema = z.object(warehouseFields);
export const WarehouseUpdateBodySchema = z.object({ id: id('仓库'), ...warehouseFields });
export const WarehousePageQuerySchema = PagingQuerySchema.extend({ keyword: text('仓库名称').optional() });

// 表
const tableFields = {
  bmc: requiredText('表名称'),
  bms: text('表说明', TEXT_LIMITS.content).optional(),
};
export const TableBodySchema = z.object({ ckid: id('仓库'), ...tableFields });
export const TableUpdateBodySchema = z.object({ id: id('数据表'), ...tableFields });
export const TableAllQuerySchema = z.object({ ckid: id('仓库') });
export const TablePageQuerySchema = PagingQuerySchema.extend({
  ckid: text('仓库').optional(),
  keyword: text('表名称').optional(),
});
export const TableIdQuerySchema = z.object({ id: id('数据表') });
export const TableIdBodySchema = z.object({ id: id('数据表') });
export const RecyclePageQuerySchema = PagingQuerySchema.extend({ keyword: text('表名称').optional() });

// 字段
const fieldCode = z
  .string({ error: '请输入字段代码' })
  .trim()
  .regex(FIELD_CODE_PATTERN, {
    error: '字段代码须以小写字母开头，只含小写字母、数字和下划线，最多41个字符',
  })
  .describe('字段代码（列名为 c_字段代码）');
const fieldFields = {
  zdmc: requiredText('字段名称'),
  zddm: fieldCode,
  zdlx: z.enum(FIELD_TYPES, { error: '请选择字段类型' }).describe('字段类型'),
  sfbt: flag('是否必填').optional(),
  sfwy: flag('是否唯一').optional(),
  gllx: z
    .union([z.enum(FIELD_REF_KINDS), z.literal('')], { error: '关联类型不正确' })
    .optional()
    .describe(
      '关联（cycle 周期, department 部门, object 诊断对象, user 用户, task 填报任务, constant 常量, record 采集记录；空为不关联）',
    ),
  cllxid: text('常量类型').optional().describe('常量类型编号（关联为 constant 时必填）'),
  sort: sort.optional(),
};

type RefFields = { zdlx: FieldType; gllx?: FieldRefKind | '' | undefined };
/** A key to a cycle, department, object, user, task or constant holds that row's key: only a text field can. */
function refNeedsText(value: RefFields, ctx: z.RefinementCtx) {
  if (value.gllx && value.zdlx !== 'text') {
    ctx.addIssue({ code: 'custom', path: ['gllx'], message: '关联字段的类型必须是文本' });
  }
}
export const FieldBodySchema = z.object({ ckbid: id('数据表'), ...fieldFields }).superRefine(refNeedsText);
export const FieldUpdateBodySchema = z.object({ id: id('字段'), ...fieldFields }).superRefine(refNeedsText);
export const FieldAllQuerySchema = z.object({ ckbid: id('数据表') });
export const FieldPageQuerySchema = PagingQuerySchema.extend({
  ckbid: id('数据表'),
  keyword: text('字段名称').optional(),
});

export const WarehouseIdsBodySchema = (label: string) =>
  z.object({ ids: idList(label).pipe(z.array(z.string()).min(1, { error: `请选择${label}` })) });

// 行浏览
export const RowFilterSchema = z.object({
  zddm: z.string().trim().regex(FIELD_CODE_PATTERN, { error: '筛选字段不正确' }).describe('字段代码'),
  op: z.enum(ROW_FILTER_OPS, { error: '筛选方式不正确' }).describe('eq 等于, contains 包含'),
  value: z.string({ error: '筛选值必须是文本' }).max(200, { error: '筛选值最多200个字符' }).describe('值'),
});
export type RowFilterWire = z.infer<typeof RowFilterSchema>;

/** One filter of the rows browser: a field by its code, "equals" or "contains", and the value as typed. */
export interface RowFilter {
  code: string;
  op: RowFilterOp;
  value: string;
}

/** The filters travel as one JSON query parameter, so a GET can carry any number of them. */
const filtersParam = z
  .string()
  .max(5000, { error: '筛选条件过长' })
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: '筛选条件格式不正确' });
      return z.NEVER;
    }
  })
  .pipe(z.array(RowFilterSchema, { error: '筛选条件格式不正确' }).max(20, { error: '筛选条件最多20个' }))
  .describe('筛选条件（JSON 数组：[{zddm, op, value}]）');

export const RowPageQuerySchema = PagingQuerySchema.extend({
  id: id('数据表'),
  filters: filtersParam.optional(),
  pxzd: z
    .string()
    .trim()
    .regex(FIELD_CODE_PATTERN, { error: '排序字段不正确' })
    .optional()
    .describe('排序字段（字段代码；空为按导入顺序）'),
  pxfs: z
    .enum(ROW_SORT_ORDERS, { error: '排序方式不正确' })
    .optional()
    .describe('排序方式（asc 升序, desc 降序）'),
});

/**
 * A row of a warehouse table as the browser shows it: its 序号 in the browse's order, the import time
 * on the school's clock (yyyy-MM-dd HH:mm:ss), and each shown field's value as text by field code (a key
 * field's value is the name its key stands for).
 */
export interface BrowsedRow {
  number: number;
  importedAt: string | null;
  values: Record<string, string | null>;
}

/** The browser's sort: a field by its code, compared as its type (a key field by the name it stands for). */
export interface RowSort {
  code: string;
  order: RowSortOrder;
}

/** The extra field of the import uploads: which table. */
export const TableImportFieldsSchema = z.object({ id: id('数据表') });
