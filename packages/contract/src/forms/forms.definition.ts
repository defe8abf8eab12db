import { z } from 'zod';
import { EMAIL_RE, PHONE_RE } from '../platform/validators.ts';
import {
  COMPONENT_TYPES,
  type ComponentType,
  FORM_TYPES,
  LAYOUT_MODES,
  OPTION_COMPONENTS,
} from './forms.enums.ts';
import { FieldPrefillSchema, type KnownValues, PREFILL_MESSAGES } from './forms.prefill.ts';

/**
 * A form's design, stored as versioned JSON: the fields with their component, validations and options.
 * The same pure rules check a value in the designer's preview, in the filler's browser and on the server.
 */

/** A field's key becomes the column `c_<key>` of the form's warehouse table: the same rule as a warehouse field code. */
export const FORM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,40}$/;
export const FORM_FIELD_LIMIT = 300;
/**
 * Keys the form's warehouse table keeps for itself: `record_id` (the collected record, which makes the
 * sync idempotent), `fill_task_id`, `filler_id` and `department_id` (who answered).
 */
export const FORM_RESERVED_KEYS = ['record_id', 'fill_task_id', 'filler_id', 'department_id'] as const;

/** Widths on antd's 24-column grid: a quarter, a third, a half or the whole row. */
export const FIELD_SPANS = [6, 8, 12, 24] as const;

/** Longest value per component (spec 1 §5: long name 300, long content 1000). */
export const VALUE_MAX_LENGTH: Partial<Record<ComponentType, number>> = { editor: 1000 };
export const DEFAULT_VALUE_MAX_LENGTH = 300;
const PATTERN_MAX_LENGTH = 200;

export const FORM_MESSAGES = {
  required: '请输入数据！',
  email: '请输入正确的邮箱格式！',
  url: '请输入正确的网址！',
  phone: '请输入正确的手机号码或座机号码！',
  integer: '请输入整数！',
  float: '请输入数字！',
  date: '请输入正确的日期（年-月-日）！',
  month: '请输入正确的月份（年-月）！',
  year: '请输入正确的年份！',
  option: '请从选项中选择！',
  unique: '该值已存在，不能重复！',
  tooLong: (max: number) => `不能超过${max}个字符！`,
  badKey: '字段标识以小写字母开头，只能包含小写字母、数字和下划线（最多41位）',
  duplicateKey: (key: string) => `字段标识「${key}」重复`,
  reservedKey: (key: string) => `字段标识「${key}」为系统保留，请换一个`,
  badPattern: '自定义校验的正则表达式无效',
  needOptions: (label: string) => `字段「${label}」需要选择常量类型作为选项来源`,
  emptyForm: '表单至少需要一个字段',
} as const;

const RequireRule = z.object({ type: z.literal('require') });
const UniqueRule = z.object({ type: z.literal('unique') });
const CustomRule = z.object({
  type: z.literal('custom'),
  pattern: z
    .string()
    .min(1, FORM_MESSAGES.badPattern)
    .max(PATTERN_MAX_LENGTH, FORM_MESSAGES.badPattern)
    .refine(isValidPattern, FORM_MESSAGES.badPattern)
    .describe('正则表达式'),
  message: z.string().trim().min(1, '请填写自定义校验的提示').max(60).describe('不匹配时的提示'),
});
export const ValidationRuleSchema = z.discriminatedUnion('type', [RequireRule, UniqueRule, CustomRule]);
export type ValidationRule = z.infer<typeof ValidationRuleSchema>;

/** Options of a select come from one constant type (data-source type `constant`). */
export const FieldOptionsSourceSchema = z.object({
  source: z.literal('constant'),
  constantTypeId: z.string().min(1).describe('常量类型'),
});

export const FormFieldSchema = z.object({
  key: z.string().regex(FORM_FIELD_KEY_PATTERN, FORM_MESSAGES.badKey).describe('字段标识'),
  label: z.string().trim().min(1, '请输入字段名称').max(60).describe('字段名称'),
  component: z.enum(COMPONENT_TYPES).describe('组件类型'),
  help: z.string().max(200).default('').describe('填写说明'),
  defaultValue: z.string().max(1000).default('').describe('默认值'),
  span: z
    .union([z.literal(6), z.literal(8), z.literal(12), z.literal(24)])
    .default(24)
    .describe('宽度（24 栅格）'),
  validations: z.array(ValidationRuleSchema).max(5).default([]).describe('校验'),
  options: FieldOptionsSourceSchema.nullable().default(null).describe('选项来源'),
  prefill: FieldPrefillSchema.nullish().describe('已有数据来源（只采一次）'),
});
export type FormField = z.infer<typeof FormFieldSchema>;

export const FormDefinitionSchema = z
  .object({
    formType: z.enum(FORM_TYPES).describe('表单类型'),
    layout: z.enum(LAYOUT_MODES).describe('布局方式'),
    fields: z.array(FormFieldSchema).min(1, FORM_MESSAGES.emptyForm).max(FORM_FIELD_LIMIT),
  })
  .superRefine((definition, ctx) => {
    const seen = new Set<string>();
    definition.fields.forEach((field, index) => {
      if (seen.has(field.key))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'key'],
          message: FORM_MESSAGES.duplicateKey(field.key),
        });
      seen.add(field.key);
      if ((FORM_RESERVED_KEYS as readonly string[]).includes(field.key))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'key'],
          message: FORM_MESSAGES.reservedKey(field.key),
        });
      if (OPTION_COMPONENTS.includes(field.component) && !field.options)
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'options'],
          message: FORM_MESSAGES.needOptions(field.label),
        });
      // A fixed form's rows are no one object's: there is nothing to look its value up by.
      if (field.prefill && definition.formType !== 'floating')
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'prefill'],
          message: PREFILL_MESSAGES.fixedForm(field.label),
        });
    });
  });
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;

/** A stored or typed value: text, a number, the chosen options of a multiSelect, or nothing. */
export type FieldValue = string | number | string[] | null;
export type FormRecord = Record<string, FieldValue>;

export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

export function isEmptyValue(value: FieldValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return String(value).trim() === '';
}

/** 数据只采一次: the record with its empty fields taken from what the school already holds. */
export function withKnownValues(record: FormRecord, known: KnownValues): FormRecord {
  const held = Object.entries(known).filter(([key]) => isEmptyValue(record[key]));
  return held.length === 0
    ? record
    : { ...record, ...Object.fromEntries(held.map(([key, k]) => [key, k.value])) };
}

export function hasRule(field: Pick<FormField, 'validations'>, type: ValidationRule['type']): boolean {
  return field.validations.some((rule) => rule.type === type);
}

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const INTEGER_RE = /^[+-]?\d{1,15}$/;
const FLOAT_RE = /^[+-]?(?:\d{1,15}(?:\.\d{1,10})?|\.\d{1,10})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The component's own format check of one non-empty text value; null when it is acceptable. */
function checkFormat(component: ComponentType, text: string): string | null {
  switch (component) {
    case 'email':
      return EMAIL_RE.test(text) ? null : FORM_MESSAGES.email;
    case 'url':
      return URL_RE.test(text) ? null : FORM_MESSAGES.url;
    case 'phone':
      return PHONE_RE.test(text) ? null : FORM_MESSAGES.phone;
    case 'integer':
      return INTEGER_RE.test(text) ? null : FORM_MESSAGES.integer;
    case 'float':
      return FLOAT_RE.test(text) ? null : FORM_MESSAGES.float;
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      return m && isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) ? null : FORM_MESSAGES.date;
    }
    case 'month': {
      const m = /^(\d{4})-(\d{2})$/.exec(text);
      return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? null : FORM_MESSAGES.month;
    }
    case 'year':
      return /^(19|20|21)\d{2}$/.test(text) ? null : FORM_MESSAGES.year;
    default:
      return null;
  }
}

/**
 * Checks one value against its field: required, the component's format, the allowed options and the
 * custom pattern. `unique` needs every submission and is answered by the server (checkDataUnique).
 * `options` are the values of the field's constant type, when the caller has them.
 */
export function checkFieldValue(
  field: FormField,
  value: FieldValue | undefined,
  options?: readonly string[],
): string | null {
  if (isEmptyValue(value)) return hasRule(field, 'require') ? FORM_MESSAGES.required : null;
  if (field.component === 'multiSelect') {
    const chosen = Array.isArray(value) ? value : [String(value)];
    if (options && chosen.some((v) => !options.includes(v))) return FORM_MESSAGES.option;
    return null;
  }
  if (Array.isArray(value)) return FORM_MESSAGES.option;
  const text = String(value).trim();
  const max = VALUE_MAX_LENGTH[field.component] ?? DEFAULT_VALUE_MAX_LENGTH;
  if (text.length > max) return FORM_MESSAGES.tooLong(max);
  const format = checkFormat(field.component, text);
  if (format) return format;
  if (field.component === 'select' && options && !options.includes(text)) return FORM_MESSAGES.option;
  for (const rule of field.validations) {
    if (rule.type === 'custom' && !new RegExp(rule.pattern, 'u').test(text)) return rule.message;
  }
  return null;
}

/** Every field's message for one record, keyed by field key; empty when the record may be committed. */
export function checkRecord(
  definition: Pick<FormDefinition, 'fields'>,
  record: FormRecord,
  optionsOf: (field: FormField) => readonly string[] | undefined = () => undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of definition.fields) {
    const message = checkFieldValue(field, record[field.key], optionsOf(field));
    if (message) errors[field.key] = message;
  }
  return errors;
}

/** The value as the form's warehouse column stores it (text for everything but integer, float and year). */
export const WAREHOUSE_TYPE_OF: Record<ComponentType, 'text' | 'integer' | 'decimal' | 'date'> = {
  text: 'text',
  editor: 'text',
  inputSelect: 'text',
  select: 'text',
  multiSelect: 'text',
  email: 'text',
  url: 'text',
  phone: 'text',
  integer: 'integer',
  float: 'decimal',
  date: 'date',
  month: 'text',
  year: 'integer',
};

/** What a new version changes against the published one: added keys become columns, the rest are checked. */
export function compareDefinitions(
  previous: Pick<FormDefinition, 'fields'>,
  next: Pick<FormDefinition, 'fields'>,
) {
  const before = new Map(previous.fields.map((f) => [f.key, f]));
  const after = new Map(next.fields.map((f) => [f.key, f]));
  return {
    added: next.fields.filter((f) => !before.has(f.key)),
    removed: previous.fields.filter((f) => !after.has(f.key)),
    retyped: next.fields.filter((f) => {
      const old = before.get(f.key);
      return old !== undefined && WAREHOUSE_TYPE_OF[old.component] !== WAREHOUSE_TYPE_OF[f.component];
    }),
  };
}
