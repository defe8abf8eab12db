import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';

/**
 * 数据只采一次: a field of a floating form may name where the school already holds its value for the
 * filler's object and the task's cycle — another form's audited record, or a warehouse table's row of
 * that object — so the filler finds it filled in and labelled with its source instead of asked again.
 * Changing such a value on commit leaves a notice for the source's owner.
 */

const fieldKey = z.string().regex(/^[a-z][a-z0-9_]{0,40}$/, '请选择来源字段');

export const PREFILL_SOURCES = ['form', 'warehouse'] as const;
export type PrefillSourceKind = (typeof PREFILL_SOURCES)[number];
export const PREFILL_SOURCE_LABELS: Record<PrefillSourceKind, string> = {
  form: '其他表单（已审核数据）',
  warehouse: '数据仓库表',
};

export const FieldPrefillSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('form'),
    formId: z.string().trim().min(1, '请选择来源表单').max(64).describe('来源表单'),
    fieldKey: fieldKey.describe('来源表单的字段'),
  }),
  z.object({
    source: z.literal('warehouse'),
    tableId: z.string().trim().min(1, '请选择来源数据表').max(64).describe('来源数据表'),
    fieldCode: fieldKey.describe('取值字段'),
    /** A field of the table keyed to diagnosis objects (关联：诊断对象), e.g. 工号. */
    matchCode: fieldKey.describe('对象字段'),
  }),
]);
export type FieldPrefill = z.infer<typeof FieldPrefillSchema>;

export const PREFILL_MESSAGES = {
  fixedForm: (label: string) => `字段「${label}」：只有浮动表单的字段可以引用已有数据`,
  formMissing: (label: string) => `字段「${label}」引用的来源表单不存在或尚未发布`,
  formSelf: (label: string) => `字段「${label}」不能引用本表单自己的数据`,
  formNotFloating: (label: string) => `字段「${label}」的来源表单必须是浮动表单（每人一条记录）`,
  formFieldMissing: (label: string) => `字段「${label}」引用的来源字段不在来源表单的已发布版本中`,
  tableMissing: (label: string) => `字段「${label}」引用的数据表不存在或尚未创建物理表`,
  tableFieldMissing: (label: string) => `字段「${label}」引用的取值字段不在来源数据表中`,
  matchNotObject: (label: string) => `字段「${label}」的对象字段必须是关联诊断对象的字段`,
  noticeNotFound: '数据变更提醒不存在',
} as const;

/** A value the school already holds for this fill's field, with where it came from. */
export const KnownValueSchema = z.object({
  value: z.union([z.string(), z.number(), z.array(z.string())]).describe('已有的值'),
  source: z.string().describe('来源，如「教师基本信息」（已审核）'),
});
export type KnownValue = z.infer<typeof KnownValueSchema>;
export const KnownValuesSchema = z.record(z.string(), KnownValueSchema).describe('已有数据（按字段标识）');
export type KnownValues = z.infer<typeof KnownValuesSchema>;

/** How two values are compared: trimmed text; a multiSelect's options sorted. */
export function knownText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return [...value].map(String).sort().join(',');
  return String(value).trim();
}
export const isSameKnownValue = (a: unknown, b: unknown) => knownText(a) === knownText(b);

/** 数据变更提醒: a filler committed a value different from the one its source holds. */
export const ValueNoticeSchema = z.object({
  id: z.string(),
  formName: z.string().describe('提交的表单'),
  fieldLabel: z.string().describe('字段'),
  source: z.string().describe('数据来源'),
  objectName: z.string().describe('对象（填报人）'),
  departmentName: z.string().describe('部门'),
  knownValue: z.string().describe('来源中的值'),
  newValue: z.string().describe('提交的值'),
  createdAt: z.string().describe('提交时间'),
  isRead: z.boolean().describe('已确认'),
});
export type ValueNotice = z.infer<typeof ValueNoticeSchema>;

export const ValueNoticePageQuerySchema = PagingQuerySchema.extend({
  read: z.enum(['0', '1']).optional().describe('0 未确认, 1 已确认；不填为全部'),
});
export type ValueNoticePageQuery = z.infer<typeof ValueNoticePageQuerySchema>;
