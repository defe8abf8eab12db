import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import { FORM_FIELD_LIMIT } from './forms.definition.ts';
import {
  FORM_AUDIT_STATES,
  FORM_PUBLISH_STATES,
  FORM_TYPES,
  LAYOUT_MODES,
  SYNC_TYPES,
} from './forms.enums.ts';

/**
 * The design side of the form service (spec 1 §7, base /api/herm-sjcj): form directories, forms with
 * their versioned designs, constant types and constants. The spec names the calls but gives no payload
 * field names for herm-sjcj, so the wire names are these English camelCase ones and there is no
 * forms.wire.ts: what the server answers is exactly these schemas (dates as ISO text).
 */

const sort = z.coerce
  .number({ error: '排序必须是数字' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(99999, { error: '排序不能大于99999' })
  .describe('排序');

const at = (label: string) => z.string().describe(label);

// 表单目录

export const FormDirectorySchema = z.object({
  id: z.string().describe('目录编号'),
  parentId: z.string().nullable().describe('上级目录（空为顶级）'),
  name: z.string().describe('目录名称'),
  sort: z.number().int().describe('排序'),
  formCount: z.number().int().describe('目录下的表单数（不含下级目录、不含回收站）'),
  createdAt: at('创建时间'),
});
export type FormDirectory = z.infer<typeof FormDirectorySchema>;

export type FormDirectoryNode = FormDirectory & { children: FormDirectoryNode[] };
export const FormDirectoryNodeSchema: z.ZodType<FormDirectoryNode> = FormDirectorySchema.extend({
  children: z.array(z.lazy(() => FormDirectoryNodeSchema)).describe('下级目录'),
});

export const FormDirectoryBodySchema = z.object({
  name: requiredText('目录名称'),
  parentId: text('上级目录', 64).nullish().describe('上级目录（空为顶级）'),
  sort: sort.optional(),
});
export type FormDirectoryBody = z.infer<typeof FormDirectoryBodySchema>;

// 表单

/**
 * A design as the designer saves it. Drafts may be incomplete (a select whose constant type is not
 * chosen yet), so each field is kept as the designer sent it; publishing checks the whole design with
 * FormDefinitionSchema and names the first problem.
 */
export const FormDraftSchema = z.object({
  formType: z.enum(FORM_TYPES, { error: '请选择表单类型' }).describe('表单类型'),
  layout: z.enum(LAYOUT_MODES, { error: '请选择布局方式' }).describe('布局方式'),
  fields: z
    .array(z.record(z.string(), z.unknown()), { error: '表单字段格式不正确' })
    .max(FORM_FIELD_LIMIT, { error: `表单字段不能超过${FORM_FIELD_LIMIT}个` })
    .default([])
    .describe('字段（见 FormDefinitionSchema 的 FormFieldSchema）'),
});
export type FormDraft = z.infer<typeof FormDraftSchema>;

export const FormSchema = z.object({
  id: z.string().describe('表单编号'),
  directoryId: z.string().nullable().describe('目录'),
  directoryName: z.string().describe('目录名称（无目录为空）'),
  name: z.string().describe('表单名称'),
  remark: z.string().describe('说明'),
  formType: z.enum(FORM_TYPES).describe('表单类型'),
  layout: z.enum(LAYOUT_MODES).describe('布局方式'),
  syncType: z.enum(SYNC_TYPES).describe('同步方式'),
  publishState: z
    .enum(FORM_PUBLISH_STATES)
    .describe('published：当前设计即已发布版本；unpublished：从未发布或有未发布的新版本'),
  auditState: z.enum(FORM_AUDIT_STATES).describe('审核状态（每次发布后重新待审核）'),
  version: z.number().int().describe('当前设计的版本号'),
  publishedVersion: z.number().int().nullable().describe('填报使用的已发布版本（从未发布为空）'),
  warehouseTableId: z.string().nullable().describe('数据仓库中对应的数据表（首次发布时创建）'),
  createdBy: z.string().describe('创建人'),
  createdAt: at('创建时间'),
  updatedAt: at('修改时间'),
  deletedAt: z.string().nullable().describe('删除时间（在表单回收站时）'),
});
export type Form = z.infer<typeof FormSchema>;

export const FormDetailSchema = FormSchema.extend({
  definition: FormDraftSchema.describe(
    '设计：数据管理员看到当前版本（version）；只有数据采集菜单的用户看到已发布版本（publishedVersion）',
  ),
  definitionVersion: z.number().int().describe('definition 的版本号'),
});
export type FormDetail = z.infer<typeof FormDetailSchema>;

export const FormVersionSchema = z.object({
  version: z.number().int().describe('版本号'),
  createdBy: z.string().describe('创建人'),
  createdAt: at('创建时间'),
  publishedAt: z.string().nullable().describe('发布时间（未发布为空）'),
  publishedBy: z.string().nullable().describe('发布人'),
  fieldCount: z.number().int().describe('字段数'),
});
export type FormVersion = z.infer<typeof FormVersionSchema>;

export const FormListQuerySchema = PagingQuerySchema.extend({
  keyword: text('表单名称').optional(),
  directoryId: text('目录', 64).optional().describe('目录（含下级目录）'),
  publishState: z.enum(FORM_PUBLISH_STATES, { error: '发布状态不正确' }).optional().describe('发布状态'),
});
export type FormListQuery = z.infer<typeof FormListQuerySchema>;

export const FormRecycleQuerySchema = PagingQuerySchema.extend({ keyword: text('表单名称').optional() });

export const FormCreateBodySchema = z.object({
  name: requiredText('表单名称'),
  directoryId: text('目录', 64).nullish().describe('目录'),
  remark: text('说明', TEXT_LIMITS.content).optional(),
  syncType: z.enum(SYNC_TYPES, { error: '请选择同步方式' }).default('syn').describe('同步方式'),
  definition: FormDraftSchema,
});
export type FormCreateBody = z.infer<typeof FormCreateBodySchema>;

/** Every part is optional: a rename does not resend the design, and saving the design keeps the name. */
export const FormUpdateBodySchema = z.object({
  name: requiredText('表单名称').optional(),
  directoryId: text('目录', 64).nullish().describe('目录（null 移到顶级）'),
  remark: text('说明', TEXT_LIMITS.content).optional(),
  syncType: z.enum(SYNC_TYPES, { error: '请选择同步方式' }).optional().describe('同步方式'),
  definition: FormDraftSchema.optional(),
  version: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('保存设计时所依据的版本号：与当前版本不同则拒绝（他人已保存新版本）'),
});
export type FormUpdateBody = z.infer<typeof FormUpdateBodySchema>;

/** The options of a form's select components: field key → its constant type's constants. */
export const FormOptionsSchema = z.record(
  z.string(),
  z.array(z.object({ label: z.string().describe('名称'), value: z.string().describe('值') })),
);
export type FormOptions = z.infer<typeof FormOptionsSchema>;

// 常量

export const CONSTANT_TYPE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

export const ConstantTypeSchema = z.object({
  id: z.string().describe('常量类型编号'),
  name: z.string().describe('名称'),
  code: z.string().describe('编码'),
  remark: z.string().describe('说明'),
  sort: z.number().int().describe('排序'),
  constantCount: z.number().int().describe('常量数'),
  createdAt: at('创建时间'),
});
export type ConstantType = z.infer<typeof ConstantTypeSchema>;

export const ConstantTypeBodySchema = z.object({
  name: requiredText('常量类型名称'),
  code: requiredText('常量类型编码', 41).regex(CONSTANT_TYPE_CODE_PATTERN, {
    error: '常量类型编码以字母开头，只能包含字母、数字和下划线',
  }),
  remark: text('说明', TEXT_LIMITS.content).optional(),
  sort: sort.optional(),
});
export type ConstantTypeBody = z.infer<typeof ConstantTypeBodySchema>;

export const ConstantTypeQuerySchema = PagingQuerySchema.extend({
  keyword: text('名称或编码').optional(),
});

export const ConstantSchema = z.object({
  id: z.string().describe('常量编号'),
  typeId: z.string().describe('常量类型'),
  label: z.string().describe('名称'),
  value: z.string().describe('值'),
  sort: z.number().int().describe('排序'),
});
export type Constant = z.infer<typeof ConstantSchema>;

const constantFields = {
  label: requiredText('常量名称'),
  value: requiredText('常量值', TEXT_LIMITS.default),
  sort: sort.optional(),
};
export const ConstantBodySchema = z.object({ typeId: requiredId('常量类型'), ...constantFields });
export const ConstantUpdateBodySchema = z.object(constantFields);
export const ConstantQuerySchema = z.object({
  typeId: requiredId('常量类型'),
  keyword: text('名称或值').optional(),
});

/** `{id}` of a path under herm-sjcj. */
export const FormsIdParamsSchema = z.object({ id: requiredId('编号') });

/** The answer of the constants import: all rows imported, or nothing and every bad row. */
export const ConstantImportResultSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  count: z.number().int().describe('导入的常量数（已有的值更新名称）'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});
export type ConstantImportResult = z.infer<typeof ConstantImportResultSchema>;
