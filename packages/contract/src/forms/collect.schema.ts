import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { schoolClockZone, zonedTimeToMs } from '../platform/time-zone.ts';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import { FORM_FIELD_KEY_PATTERN, FormDefinitionSchema } from './forms.definition.ts';
import { ALLOCATION_STATES, COLLECT_TASK_STATES, FILL_STATES } from './forms.enums.ts';
import { KnownValuesSchema } from './forms.prefill.ts';
import { FormOptionsSchema } from './forms.schema.ts';

/**
 * Collection tasks → department allocations → fill tasks → records, and the public links of the form
 * service (spec 1 §7, /api/herm-sjcj). The spec names no payload fields for these calls, so the wire
 * names are these English ones; times travel as yyyy-MM-dd HH:mm:ss on the school's clock.
 */

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?))?(Z|[+-]\d{2}:?\d{2})?$/;

/** 2026-02-30 is no day, though Date would roll it over into March. */
function isRealDay(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * A moment typed as 2026-12-31, 2026-12-31 18:00[:00] (yyyy-MM-dd HH:mm:ss) or ISO 8601. Without an offset it is on the
 * school's clock; a bare date of a deadline means the end of that day.
 */
export function schoolTime(label: string, options: { endOfDay?: boolean } = {}) {
  return z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .transform((value, ctx) => {
      const m = DATE_TIME.exec(value);
      const time = m?.[2] ?? (options.endOfDay ? '23:59:59' : '00:00:00');
      const local = `${m?.[1]}T${time.length === 5 ? `${time}:00` : time}`;
      const date = m
        ? new Date(m[3] ? Date.parse(`${local}${m[3]}`) : zonedTimeToMs(local, schoolClockZone()))
        : null;
      if (!date || Number.isNaN(date.getTime()) || !isRealDay(m?.[1] ?? '')) {
        ctx.addIssue({ code: 'custom', message: `${label}格式不正确（年-月-日 时:分:秒）` });
        return z.NEVER;
      }
      return date;
    })
    .describe(label);
}

const dateTimeText = (label: string) => z.string().describe(`${label} yyyy-MM-dd HH:mm:ss`);
const reason = (label = '退回原因') => requiredText(label, TEXT_LIMITS.audit);
const idArray = (label: string) =>
  z
    .array(requiredId(label), { error: `请选择${label}` })
    .min(1, { error: `请选择${label}` })
    .max(500, { error: `${label}最多500个` })
    .describe(label);

export const CollectIdParamsSchema = z.object({ id: requiredId('编号') });

// 采集任务

export const COLLECT_TASK_ACTIONS = ['pause', 'resume', 'finish'] as const;
export type CollectTaskAction = (typeof COLLECT_TASK_ACTIONS)[number];
export const COLLECT_TASK_ACTION_LABELS: Record<CollectTaskAction, string> = {
  pause: '暂停',
  resume: '恢复',
  finish: '结束',
};

export const CollectTaskSchema = z.object({
  id: z.string(),
  name: z.string().describe('任务名称'),
  cycleId: z.string().nullable().describe('周期'),
  startAt: dateTimeText('开始时间'),
  deadline: dateTimeText('截止时间'),
  state: z.enum(COLLECT_TASK_STATES).describe('状态 normal 进行中, pause 已暂停, finished 已结束'),
  remark: z.string().describe('说明'),
  forms: z
    .array(
      z.object({
        formId: z.string(),
        formName: z.string().describe('表单名称'),
        formVersion: z.number().int().describe('下发时的表单版本'),
      }),
    )
    .describe('采集表单'),
  departments: z
    .array(z.object({ departmentId: z.string(), departmentName: z.string().describe('部门名称') }))
    .describe('下发部门'),
  createdAt: dateTimeText('创建时间'),
});
export type CollectTask = z.infer<typeof CollectTaskSchema>;

export const CollectTaskPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('任务名称').optional(),
  state: z.enum(COLLECT_TASK_STATES, { error: '任务状态不正确' }).optional().describe('状态'),
});

export const CreateCollectTaskBodySchema = z.object({
  name: requiredText('任务名称'),
  formIds: idArray('采集表单'),
  cycleId: text('周期', 64).optional(),
  startAt: schoolTime('开始时间'),
  deadline: schoolTime('截止时间', { endOfDay: true }),
  departmentIds: idArray('下发部门'),
  remark: text('说明', TEXT_LIMITS.content).optional(),
});
export type CreateCollectTaskBody = z.infer<typeof CreateCollectTaskBodySchema>;

/** Name, deadline and remark change in place; `action` pauses, resumes or finishes the task. */
export const UpdateCollectTaskBodySchema = z.object({
  name: requiredText('任务名称').optional(),
  deadline: schoolTime('截止时间', { endOfDay: true }).optional(),
  remark: text('说明', TEXT_LIMITS.content).optional(),
  action: z
    .enum(COLLECT_TASK_ACTIONS, { error: '操作不正确' })
    .optional()
    .describe('pause 暂停, resume 恢复, finish 结束'),
});
export type UpdateCollectTaskBody = z.infer<typeof UpdateCollectTaskBodySchema>;

export const CloseOutdatedAnswerSchema = z.object({ closed: z.number().int().describe('结束的任务数') });

// 任务分配

export const AllocationSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskName: z.string().describe('任务名称'),
  taskState: z.enum(COLLECT_TASK_STATES),
  deadline: dateTimeText('截止时间'),
  departmentId: z.string(),
  departmentName: z.string().describe('部门'),
  state: z.enum(ALLOCATION_STATES).describe('unallocated 待分配, allocated 已分配, audited 已审核'),
  reason: z.string().describe('退回原因'),
  fillerIds: z.array(z.string()).describe('填报人'),
  fillCount: z.number().int().describe('填报任务数'),
  uncommittedCount: z.number().int().describe('未提交'),
  unauditedCount: z.number().int().describe('待审核'),
  rollbackCount: z.number().int().describe('已退回'),
  finishedCount: z.number().int().describe('已完成'),
});
export type Allocation = z.infer<typeof AllocationSchema>;

export const AllocationPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('关键字').optional().describe('任务名称，按字面包含匹配'),
  taskId: text('采集任务', 64).optional(),
  state: z.enum(ALLOCATION_STATES, { error: '分配状态不正确' }).optional(),
});

export const AllocateBodySchema = z.object({
  allocationId: requiredId('任务分配'),
  fillerIds: idArray('填报人'),
});

export const RollbackAllocationBodySchema = z.object({
  taskId: requiredId('采集任务'),
  departmentId: requiredId('部门'),
  reason: reason(),
});

export const CollectTaskIdQuerySchema = z.object({ taskId: requiredId('采集任务') });

// 填报任务

export const FILL_SCOPES = ['mine', 'audit'] as const;

export const FillTaskSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskName: z.string().describe('任务名称'),
  taskState: z.enum(COLLECT_TASK_STATES),
  deadline: dateTimeText('截止时间'),
  formId: z.string(),
  formName: z.string().describe('表单名称'),
  allocationId: z.string(),
  departmentId: z.string(),
  departmentName: z.string().describe('部门'),
  fillerId: z.string(),
  fillerName: z.string().describe('填报人'),
  state: z
    .enum(FILL_STATES)
    .describe('uncommitted 未提交, unaudited 待审核, rollback 已退回, finished 已完成'),
  rollbackReason: z.string().describe('退回原因'),
  revision: z.number().int().describe('修订号'),
  committedAt: dateTimeText('提交时间').nullable(),
  auditedAt: dateTimeText('审核时间').nullable(),
});
export type FillTask = z.infer<typeof FillTaskSchema>;

export const FillTaskPageQuerySchema = PagingQuerySchema.extend({
  scope: z
    .enum(FILL_SCOPES, { error: '范围不正确' })
    .default('mine')
    .describe('mine 我的填报, audit 待我审核'),
  keyword: text('关键字').optional().describe('表单名称、任务名称（审核时还有填报人），按字面包含匹配'),
  state: z.enum(FILL_STATES, { error: '填报状态不正确' }).optional(),
  taskId: text('采集任务', 64).optional(),
});

/** A value as typed: text, a number, the options of a multiSelect, or nothing. */
const FieldValueSchema = z.union([
  z.string().max(TEXT_LIMITS.longContent, { error: `内容最多${TEXT_LIMITS.longContent}个字符` }),
  z.number(),
  z.array(z.string().max(TEXT_LIMITS.longName)).max(100),
  z.null(),
]);
export const CollectRecordDataSchema = z
  .record(z.string().regex(FORM_FIELD_KEY_PATTERN, { error: '字段标识不正确' }), FieldValueSchema)
  .refine((data) => Object.keys(data).length <= 300, { error: '字段过多' })
  .describe('字段标识 → 值');

export const CollectStoredRecordSchema = z.object({
  id: z.string(),
  data: z.record(z.string(), z.unknown()).describe('字段标识 → 值'),
  parentId: z.string().nullable().describe('上级行（树形布局）'),
  links: z.array(z.string()).describe('关联行（拓扑布局）'),
  sort: z.number().int(),
  revision: z.number().int().describe('修订号'),
});

export const FillTaskDetailSchema = z.object({
  fillTask: FillTaskSchema,
  formVersion: z.number().int().describe('表单版本'),
  definition: FormDefinitionSchema.describe('表单设计'),
  records: z.array(CollectStoredRecordSchema),
  known: KnownValuesSchema,
});

export const AuditFillBodySchema = z.object({
  decision: z.enum(['pass', 'rollback'], { error: '请选择审核结果' }).describe('pass 通过, rollback 退回'),
  reason: text('退回原因', TEXT_LIMITS.audit).optional(),
});
export const RollbackFillBodySchema = z.object({ id: requiredId('填报任务'), reason: reason() });

// 采集数据

const recordId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: '记录编号不正确' });

export const SaveRecordsBodySchema = z.object({
  fillTaskId: requiredId('填报任务'),
  records: z
    .array(
      z.object({
        id: recordId.optional().describe('记录编号（新行可由浏览器生成，重发不重复）'),
        data: CollectRecordDataSchema,
        base: CollectRecordDataSchema.optional().describe('编辑开始时的值，用于说明冲突的字段'),
        parentId: recordId.nullable().optional(),
        links: z.array(recordId).max(50).optional(),
        sort: z.number().int().min(0).max(1_000_000).optional(),
        revision: z.number().int().min(0).optional().describe('读到的修订号（新行不填）'),
      }),
    )
    .max(2000, { error: '一次最多保存2000行' }),
  removeIds: z.array(recordId).max(2000).optional().describe('删除的行'),
});
export type SaveRecordsBody = z.infer<typeof SaveRecordsBodySchema>;

export const SaveRecordsAnswerSchema = z.object({
  revision: z.number().int().describe('填报任务的修订号'),
  records: z.array(z.object({ id: z.string(), revision: z.number().int() })),
});

export const CollectDataQuerySchema = PagingQuerySchema.extend({
  formId: requiredId('表单'),
  taskId: text('采集任务', 64).optional(),
  departmentId: text('部门', 64).optional(),
  state: z.enum(FILL_STATES, { error: '填报状态不正确' }).optional(),
  fieldKey: z.string().regex(FORM_FIELD_KEY_PATTERN, { error: '字段标识不正确' }).optional(),
  value: text('筛选值', TEXT_LIMITS.content).optional(),
});

export const CollectDataRowSchema = z.object({
  id: z.string(),
  fillTaskId: z.string().nullable(),
  publicLinkId: z.string().nullable().describe('公开链接（外部填写）'),
  taskName: z.string().nullable(),
  departmentName: z.string().nullable(),
  fillerName: z.string().nullable(),
  state: z.enum(FILL_STATES).nullable().describe('填报状态（公开链接的回答为空）'),
  data: z.record(z.string(), z.unknown()),
  updatedAt: dateTimeText('更新时间'),
});

export const CollectCheckUniqueBodySchema = z.object({
  formId: requiredId('表单'),
  fieldKey: z.string().regex(FORM_FIELD_KEY_PATTERN, { error: '字段标识不正确' }),
  value: requiredText('值', TEXT_LIMITS.longContent),
  recordId: recordId.optional(),
});
export const CollectCheckUniqueAnswerSchema = z.object({
  isUnique: z.boolean().describe('是否唯一'),
  message: z.string().describe('重复时的提示'),
});

export const CollectSyncBodySchema = z.object({ taskId: requiredId('采集任务') });
export const CollectSyncResultSchema = z.object({
  forms: z.number().int().describe('同步的表单数'),
  rows: z.number().int().describe('写入数据仓库的行数'),
  removed: z.number().int().describe('从数据仓库移除的行数（上次同步后被退回或删除的记录）'),
  skipped: z.array(z.string()).describe('未同步的表单及原因'),
});

// 公开链接

export const PublicLinkSchema = z.object({
  id: z.string(),
  formId: z.string(),
  title: z.string().describe('标题'),
  maxSubmissions: z.number().int().describe('最多提交份数'),
  submissionCount: z.number().int().describe('已提交份数'),
  isClosed: z.boolean().describe('是否已关闭'),
  createdAt: dateTimeText('创建时间'),
});
export type PublicLink = z.infer<typeof PublicLinkSchema>;

export const CreatePublicLinkBodySchema = z.object({
  title: requiredText('标题'),
  maxSubmissions: z.coerce
    .number({ error: '请输入最多提交份数' })
    .int({ error: '最多提交份数必须是整数' })
    .min(1, { error: '最多提交份数不能小于1' })
    .max(100_000, { error: '最多提交份数不能大于100000' }),
});

export const PublicLinkParamsSchema = z.object({ linkId: requiredId('链接') });
export const PublicFormSchema = z.object({
  linkId: z.string(),
  title: z.string(),
  formName: z.string(),
  definition: FormDefinitionSchema,
  options: FormOptionsSchema.describe('下拉组件的选项（字段标识 → 选项）'),
  remaining: z.number().int().describe('剩余可提交份数'),
});
export const PublicSubmitBodySchema = z.object({ data: CollectRecordDataSchema });
export const PublicSubmitAnswerSchema = z.object({ recordId: z.string() });

/** 导入填报数据: the rows of a fixed form's fill from its Excel template. */
export const FillTaskIdQuerySchema = z.object({ fillTaskId: requiredId('填报任务') });
export const FillImportResultSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  count: z.number().int().describe('导入的行数（加在已填的行之后）'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});
export type FillImportResult = z.infer<typeof FillImportResultSchema>;
