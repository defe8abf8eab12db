import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import { PHONE_RE } from '../platform/validators.ts';
import { TASK_TYPES } from './goals.enums.ts';
import {
  DelayRequestSchema,
  ProgressReportSchema,
  TargetTaskBodySchema,
  TargetTaskSchema,
  TargetTaskUpdateBodySchema,
} from './goals.schema.ts';

/**
 * 年度目标分解 (/newTaskManagement, the spec's annual-targets service): a second view over the one goal
 * model. Its year-target tasks are the goal tasks, with 置顶, a 目标类型 and, for 平均水平目标, a numeric
 * target set against the average level; plus 负责人 per department and type and 任务书 per task.
 */

// ---------------------------------------------------------------------------------------------------
// enums

/** 平均水平目标 status: the spec's task states (spec 1 §4). */
export const AVERAGE_STATUSES = ['normal', 'pause', 'finished'] as const;
export type AverageStatus = (typeof AVERAGE_STATUSES)[number];
export const AVERAGE_STATUS_LABELS: Record<AverageStatus, string> = {
  normal: '进行中',
  pause: '已暂停',
  finished: '已完成',
};
/** '>' the target lies above the average (bigger is better), '<' below it (smaller is better). */
export const AVERAGE_DIRECTIONS = ['>', '<'] as const;
export type AverageDirection = (typeof AVERAGE_DIRECTIONS)[number];
export const AVERAGE_DIRECTION_LABELS: Record<AverageDirection, string> = {
  '>': '高于平均水平',
  '<': '低于平均水平',
};
export const ANNUAL_TASK_KINDS = ['task', 'average'] as const;
export type AnnualTaskKind = (typeof ANNUAL_TASK_KINDS)[number];
export const ANNUAL_TASK_KIND_LABELS: Record<AnnualTaskKind, string> = {
  task: '年度目标任务',
  average: '平均水平目标',
};

export const ANNUAL_TEXT_MAX = {
  typeName: TEXT_LIMITS.default,
  typeDescription: TEXT_LIMITS.content,
  remark: TEXT_LIMITS.content,
  missionTitle: TEXT_LIMITS.longName,
  missionContent: TEXT_LIMITS.longContent,
} as const;

const isoDate = (label: string) =>
  z.iso.date({ error: `请选择${label}（格式 yyyy-MM-dd）` }).describe(`${label} yyyy-MM-dd`);
const number = (label: string) =>
  z.coerce
    .number({ error: `请输入${label}` })
    .refine(Number.isFinite, { error: `${label}必须是数字` })
    .refine((v) => Math.abs(v) < 1e12, { error: `${label}超出范围` })
    .describe(label);
const sort = z.coerce
  .number({ error: '排序必须是整数' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(99999, { error: '排序不能大于99999' })
  .describe('排序');

// ---------------------------------------------------------------------------------------------------
// requests

export const AnnualIdsBodySchema = z.object({
  ids: idList('编号').pipe(z.array(z.string()).min(1, { error: '请选择记录' })),
});
export const AnnualIdBodySchema = z.object({ id: requiredId('记录') });

const typeRef = z.object({ targetTypeId: requiredId('目标类型').optional().describe('目标类型') });

export const AnnualTaskListQuerySchema = PagingQuerySchema.extend({
  yearTargetId: requiredId('年度目标').optional(),
  keyword: text('任务名称').optional(),
  targetTypeId: requiredId('目标类型').optional(),
  departmentId: requiredId('责任部门').optional(),
  type: z.enum(TASK_TYPES).optional().describe('任务类型'),
  kind: z.enum(ANNUAL_TASK_KINDS).optional().describe('task 年度目标任务 / average 平均水平目标'),
});
/** The tree pages the first-level tasks; a keyword keeps a first-level task when it or a sub-task matches. */
export const AnnualTaskTreeQuerySchema = PagingQuerySchema.extend({
  yearTargetId: requiredId('年度目标'),
  keyword: text('任务名称').optional(),
});
export const AnnualTaskBodySchema = TargetTaskBodySchema.and(typeRef);
export const AnnualTaskUpdateBodySchema = TargetTaskUpdateBodySchema.and(typeRef);
export const SpecialTopBodySchema = z.object({
  id: requiredId('目标任务'),
  isTop: flag('是否置顶'),
});

const averageFields = z.object({
  averageValue: number('平均水平值'),
  targetNumber: number('目标值'),
  direction: z.enum(AVERAGE_DIRECTIONS, { error: '请选择比较方向' }).describe('比较方向'),
});
export const AverageTargetBodySchema = TargetTaskBodySchema.and(typeRef).and(averageFields);
export const AverageTargetUpdateBodySchema = TargetTaskUpdateBodySchema.and(typeRef).and(averageFields);
export const AverageTargetListQuerySchema = PagingQuerySchema.extend({
  yearTargetId: requiredId('年度目标').optional(),
  keyword: text('任务名称').optional(),
  status: z.enum(AVERAGE_STATUSES).optional().describe('状态'),
});
export const AverageStatusBodySchema = z.object({
  id: requiredId('平均水平目标'),
  status: z.enum(AVERAGE_STATUSES, { error: '请选择状态' }).describe('状态'),
  actualValue: number('实际值').optional().describe('实际值（完成时填写）'),
});

export const TargetTypeListQuerySchema = PagingQuerySchema.extend({ keyword: text('类型名称').optional() });
export const TargetTypeBodySchema = z.object({
  name: requiredText('类型名称', ANNUAL_TEXT_MAX.typeName),
  description: text('类型说明', ANNUAL_TEXT_MAX.typeDescription).optional(),
  sort: sort.optional(),
});
export const TargetTypeUpdateBodySchema = TargetTypeBodySchema.extend({ id: requiredId('目标类型') });

export const GoalChargerListQuerySchema = PagingQuerySchema.extend({
  keyword: text('负责人或部门').optional(),
  departmentId: requiredId('部门').optional(),
  targetTypeId: requiredId('目标类型').optional(),
});
export const GoalChargerBodySchema = z.object({
  departmentId: requiredId('部门'),
  targetTypeId: requiredId('目标类型'),
  userId: requiredId('负责人'),
  phone: text('联系电话', TEXT_LIMITS.small)
    .refine((v) => v === '' || PHONE_RE.test(v), { error: '请输入正确的联系电话' })
    .optional(),
  remark: text('备注', ANNUAL_TEXT_MAX.remark).optional(),
});
export const GoalChargerUpdateBodySchema = GoalChargerBodySchema.extend({ id: requiredId('负责人记录') });
export const GoalChargerExportQuerySchema = GoalChargerListQuerySchema.omit({
  pageNum: true,
  pageSize: true,
});

export const MissionStatementListQuerySchema = PagingQuerySchema.extend({
  taskId: requiredId('目标任务').optional(),
  yearTargetId: requiredId('年度目标').optional(),
  keyword: text('任务书标题或任务名称').optional(),
});
export const MissionStatementBodySchema = z.object({
  taskId: requiredId('目标任务'),
  title: requiredText('任务书标题', ANNUAL_TEXT_MAX.missionTitle),
  content: requiredText('任务书内容', ANNUAL_TEXT_MAX.missionContent),
  signedDate: isoDate('签订日期').optional(),
});
export const MissionStatementUpdateBodySchema = MissionStatementBodySchema.omit({ taskId: true }).extend({
  id: requiredId('任务书'),
});

export const AuditingListQuerySchema = PagingQuerySchema.extend({
  yearTargetId: requiredId('年度目标').optional(),
  keyword: text('任务名称').optional(),
});

// ---------------------------------------------------------------------------------------------------
// answers

export const AnnualTaskSchema = TargetTaskSchema.extend({
  isTop: z.boolean().describe('是否置顶'),
  targetTypeId: z.string().nullable().describe('目标类型编号'),
  targetTypeName: z.string().nullable().describe('目标类型'),
  kind: z.enum(ANNUAL_TASK_KINDS).describe('task 年度目标任务 / average 平均水平目标'),
});
export type AnnualTask = z.infer<typeof AnnualTaskSchema>;
export const AnnualTaskTreeNodeSchema = AnnualTaskSchema.extend({
  children: z.array(AnnualTaskSchema).describe('子任务'),
});
export type AnnualTaskTreeNode = z.infer<typeof AnnualTaskTreeNodeSchema>;

export const AverageTargetSchema = AnnualTaskSchema.extend({
  averageValue: z.number().describe('平均水平值'),
  targetNumber: z.number().describe('目标值'),
  direction: z.enum(AVERAGE_DIRECTIONS).describe('比较方向'),
  actualValue: z.number().nullable().describe('实际值'),
  status: z.enum(AVERAGE_STATUSES).describe('状态'),
  /** The target itself lies on the right side of the average. */
  isBeyondAverage: z.boolean().describe('目标值是否达到平均水平的要求方向'),
  /** Whether the actual value reached the target; null until there is one. */
  isReached: z.boolean().nullable().describe('实际值是否达到目标值'),
});
export type AverageTarget = z.infer<typeof AverageTargetSchema>;

export const TargetTypeSchema = z.object({
  id: z.string().describe('目标类型编号'),
  name: z.string().describe('类型名称'),
  description: z.string().describe('类型说明'),
  sort: z.number().int().describe('排序'),
  taskCount: z.number().int().describe('引用的任务数'),
  chargerCount: z.number().int().describe('负责人数'),
  createdAt: z.string().describe('创建时间'),
});
export type TargetType = z.infer<typeof TargetTypeSchema>;

export const GoalChargerSchema = z.object({
  id: z.string().describe('编号'),
  departmentId: z.string().describe('部门编号'),
  departmentName: z.string().describe('部门'),
  targetTypeId: z.string().describe('目标类型编号'),
  targetTypeName: z.string().describe('目标类型'),
  userId: z.string().describe('负责人编号'),
  userName: z.string().describe('负责人'),
  userAccount: z.string().describe('负责人账号'),
  phone: z.string().describe('联系电话'),
  remark: z.string().describe('备注'),
  createdAt: z.string().describe('创建时间'),
});
export type GoalCharger = z.infer<typeof GoalChargerSchema>;

export const MissionStatementSchema = z.object({
  id: z.string().describe('编号'),
  taskId: z.string().describe('任务编号'),
  taskName: z.string().describe('任务名称'),
  yearTargetName: z.string().describe('年度目标'),
  departmentName: z.string().describe('责任部门'),
  title: z.string().describe('任务书标题'),
  content: z.string().describe('任务书内容'),
  signedDate: z.string().nullable().describe('签订日期'),
  creatorName: z.string().describe('创建人'),
  canEdit: z.boolean().describe('当前用户可否修改、删除'),
  createdAt: z.string().describe('创建时间'),
  updatedAt: z.string().describe('修改时间'),
});
export type MissionStatement = z.infer<typeof MissionStatementSchema>;

const taskContext = {
  taskName: z.string().describe('任务名称'),
  yearTargetName: z.string().describe('年度目标'),
  departmentName: z.string().describe('责任部门'),
};
export const ScheduleAuditSchema = ProgressReportSchema.extend({
  ...taskContext,
  decisions: z.array(z.enum(['childPass', 'pass', 'reject'])).describe('当前用户可作的审核结果'),
});
export type ScheduleAudit = z.infer<typeof ScheduleAuditSchema>;
export const DelayAuditSchema = DelayRequestSchema.extend(taskContext);
export type DelayAudit = z.infer<typeof DelayAuditSchema>;
