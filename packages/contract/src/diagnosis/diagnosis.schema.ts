import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, text } from '../platform/text.ts';
import { OBJECT_LEVELS } from '../standards/standards.enums.ts';
import {
  DIAGNOSIS_TEXT_MAX,
  FILE_STAGES,
  STAGE_KEYS,
  TASK_PAGE_TYPES,
  TASK_STATES,
} from './diagnosis.enums.ts';

/** Request shapes of the diagnosis service. Field names are the wire's, as the spec's client sends them. */

/** A value as entered: number, percent, 是/否, 有/无 or a grade. Empty string clears it. */
const value = (label: string) => text(label, 32).optional();

export const DIAGNOSIS_TEXT_LABELS = { cause: '原因分析', measure: '改进措施' } as const;

export const TaskListQuerySchema = PagingQuerySchema.extend({
  keyword: text('任务名称').optional(),
  level: z.enum(OBJECT_LEVELS).optional().describe('诊断层级'),
  state: z.enum(TASK_STATES).optional().describe('任务状态'),
  pageType: z.enum(TASK_PAGE_TYPES).default('yearTask').describe('页面类型'),
});

export const TaskBodySchema = z.object({
  rwmc: requiredText('任务名称', 100),
  level: z.enum(OBJECT_LEVELS, { error: '请选择诊断层级' }).describe('诊断层级'),
  cycleId: requiredId('周期').optional(),
  period: requiredText('诊断期间', 20),
  startDate: z.iso.date({ error: '请选择开始日期' }).describe('开始日期'),
  endDate: z.iso.date({ error: '请选择结束日期' }).describe('结束日期'),
});
export const TaskUpdateBodySchema = TaskBodySchema.extend({ id: requiredId('任务') });
export const TaskStateBodySchema = z.object({
  id: requiredId('任务'),
  state: z.enum(TASK_STATES, { error: '任务状态不正确' }).describe('任务状态'),
});
export const IdsBodySchema = z.object({
  ids: idList('编号').pipe(z.array(z.string()).min(1, { error: '请选择记录' })),
});
export const IdBodySchema = z.object({ id: requiredId('记录') });

export const ObjectsQuerySchema = PagingQuerySchema.extend({
  level: z.enum(OBJECT_LEVELS).describe('诊断层级'),
  keyword: text('对象名称').optional(),
});

export const ObjectTasksQuerySchema = PagingQuerySchema.extend({
  rwid: requiredId('任务'),
  keyword: text('对象名称').optional(),
});
/**
 * 待审核 (obj/selectbyshjd, "by audit stage"): the object tasks holding submitted points, for the
 * diagnosis auditor. Filters: task, level, the object's department, a keyword on task, object or charger.
 */
export const ReviewQueueQuerySchema = PagingQuerySchema.extend({
  rwid: requiredId('任务').optional(),
  level: z.enum(OBJECT_LEVELS).optional().describe('诊断层级'),
  departmentId: requiredId('部门').optional(),
  keyword: text('任务、对象或负责人名称').optional(),
});
export const ObjectTasksInsertBodySchema = z.object({
  rwid: requiredId('任务'),
  objectIds: idList('诊断对象').pipe(z.array(z.string()).min(1, { error: '请选择诊断对象' })),
  chargerId: requiredId('负责人').optional(),
});
export const ChargerBodySchema = z.object({
  id: requiredId('对象任务'),
  chargerId: requiredId('负责人'),
  sharerIds: idList('共享人').optional(),
});
/** Assign the standard's points (with their standard values as targets) to object tasks. */
export const RefreshTargetBodySchema = z.object({
  dxrwids: idList('对象任务').pipe(z.array(z.string()).min(1, { error: '请选择对象任务' })),
  zkdids: idList('质控点').optional().describe('质控点，缺省为该层级全部'),
});

export const ObjectTaskQuerySchema = z.object({ dxrwid: requiredId('对象任务') });
export const PointQuerySchema = z.object({ zgzkkid: requiredId('质控点') });
export const SamplesQuerySchema = z.object({
  zgzkdid: requiredId('质控点'),
  startTime: z.iso.date().optional().describe('开始日期'),
  endTime: z.iso.date().optional().describe('结束日期'),
});

export const TargetsBodySchema = z.object({
  list: z
    .array(z.object({ zgzkdid: requiredId('质控点'), mbz: value('目标值') }))
    .min(1)
    .max(1000)
    .describe('目标值列表'),
});
/** The charger's entry: result, and the revisions of target and result. */
export const ResultBodySchema = z.object({
  zgzkdid: requiredId('质控点'),
  jgz: value('结果值'),
  xzjgz: value('修正结果值'),
  xzmbz: value('修正目标值'),
});
export const SampleBodySchema = z.object({
  zgzkdid: requiredId('质控点'),
  cjz: requiredText('采集值', 32),
  sj: z.iso
    .datetime({ local: true, offset: true, error: '采样时间格式不正确' })
    .optional()
    .describe('采样时间'),
});

const diagnosisText = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: '此项必填' })
    .max(DIAGNOSIS_TEXT_MAX, { error: `最多只能输入${DIAGNOSIS_TEXT_MAX}个字符` })
    .describe(label);

/** setRestDisqualifiedUpdate: cause analysis and improvement measure of a point. */
export const DisqualifiedBodySchema = z.object({
  id: requiredId('质控点'),
  yyfx: diagnosisText(DIAGNOSIS_TEXT_LABELS.cause),
  gjcs: diagnosisText(DIAGNOSIS_TEXT_LABELS.measure),
});
export const DisqualifiedQuerySchema = PagingQuerySchema.extend({
  dxrwid: requiredId('对象任务').optional(),
  rwid: requiredId('任务').optional(),
  keyword: text('质控点名称').optional(),
});

/** The charger's points of running tasks in one to-do state (the home page's 待填报 / 退回待修改). */
export const MyPointsQuerySchema = PagingQuerySchema.extend({
  shzt: z
    .enum(['draft', 'refused'], { error: '审核状态不正确' })
    .describe('审核状态：draft 待填报，refused 退回待修改'),
  keyword: text('质控点名称').optional(),
});

export const AuditBodySchema = z.object({
  ids: idList('质控点').pipe(z.array(z.string()).min(1, { error: '请选择质控点' })),
});
export const RefuseBodySchema = AuditBodySchema.extend({ reason: requiredText('不通过原因', 500) });

export const FocusBodySchema = z.object({ zgzkdid: requiredId('质控点'), focus: flag('是否关注') });

export const DisposeBodySchema = z.object({
  id: requiredId('预警记录'),
  yyfx: diagnosisText(DIAGNOSIS_TEXT_LABELS.cause),
  clcs: diagnosisText('处理措施'),
});
export const WarnQuerySchema = z.object({
  rwid: requiredId('任务').optional(),
  dxrwid: requiredId('对象任务').optional(),
});
export const WarnGridQuerySchema = PagingQuerySchema.extend({
  rwid: requiredId('任务').optional(),
  dxrwid: requiredId('对象任务').optional(),
  keyword: text('质控点名称').optional(),
  state: z.enum(['all', 'pending', 'handled']).default('all').describe('处理状态'),
  mine: flag('只列我负责的质控点').optional(),
});
/** The below-standard export: the list's filters without its paging (every matching row). */
export const DisqualifiedExportQuerySchema = DisqualifiedQuerySchema.omit({ pageNum: true, pageSize: true });
/** The warning table's export: the table's filters without its paging. */
export const WarnGridExportQuerySchema = WarnGridQuerySchema.omit({ pageNum: true, pageSize: true });
export const WarnListQuerySchema = z.object({ zgzkdid: requiredId('质控点') });

/** Save attachments of a point at a stage (uploadFileList). */
export const FileListBodySchema = z.object({
  zgzkdid: requiredId('质控点'),
  objTaskId: requiredId('对象任务').optional(),
  stage: z.enum(Object.keys(STAGE_KEYS) as [keyof typeof STAGE_KEYS, ...(keyof typeof STAGE_KEYS)[]], {
    error: '附件阶段不正确',
  }),
  list: z
    .array(
      z.object({ fileId: requiredId('附件'), fileName: text('文件名', 200), fileType: text('文件类型', 16) }),
    )
    .max(100)
    .describe('附件'),
});
export const FileDeleteBodySchema = z.object({ zgzkdid: requiredId('质控点'), fileId: requiredId('附件') });
export const FileDownloadQuerySchema = z.object({ id: requiredId('附件') });
export const FilesDownloadQuerySchema = z.object({
  zgzkdid: requiredId('质控点'),
  ids: idList('附件').optional().describe('附件编号，逗号分隔；缺省为全部'),
});

/** Chunked upload (spec 2 §7.2): one chunk. Multipart fields besides `file`. */
export const ChunkBodySchema = z.object({
  guid: z
    .string()
    .regex(/^[\w-]{8,64}$/, { error: '上传编号不正确' })
    .describe('上传编号'),
  chunk: z.coerce.number().int().min(0).max(100_000).describe('分片序号'),
  chunks: z.coerce.number().int().min(1).max(100_000).describe('分片总数'),
});
export const MergeBodySchema = z.object({
  guid: z
    .string()
    .regex(/^[\w-]{8,64}$/, { error: '上传编号不正确' })
    .describe('上传编号'),
  fileName: requiredText('文件名', 200),
  fName: text('文件名', 200).optional(),
  chunks: z.coerce.number().int().min(1).max(100_000).describe('分片总数'),
  size: z.coerce.number().int().min(0).describe('文件字节数'),
  lxId: text('类型编号', 64).optional(),
  lxmc: text('类型名称', 64).optional(),
  bz: text('备注', 200).optional(),
  yxqx: text('有效期限', 32).optional(),
});
/** Which chunks of an upload the server holds, so a resumed upload sends only the missing ones. */
export const ChunkListQuerySchema = z.object({
  guid: z
    .string()
    .regex(/^[\w-]{8,64}$/, { error: '上传编号不正确' })
    .describe('上传编号'),
});

/** The object tasks of a batch 上报 or 退回 (obj/updateuplist, obj/updatedownlist and their async forms). */
export const ObjectTaskListBodySchema = z.object({
  dxrwids: idList('对象任务').pipe(z.array(z.string()).min(1, { error: '请选择对象任务' })),
});
/** 批量退回 carries the reason every refused point records. */
export const ObjectTaskRefuseBodySchema = ObjectTaskListBodySchema.extend({
  reason: requiredText('退回原因', 500),
});

/** 目标值提交 (quality/updatembzcommit): the charger's targets, saved and submitted for audit at once. */
export const TargetsCommitBodySchema = TargetsBodySchema;

/** 统计分析: the tasks of one diagnosis level (the analysis dimension). */
export const AnalysisTasksQuerySchema = z.object({
  level: z.enum(OBJECT_LEVELS, { error: '请选择诊断层级' }).describe('诊断层级（分析维度）'),
  state: z.enum(TASK_STATES).optional().describe('任务状态'),
});
export const AnalysisObjectsQuerySchema = PagingQuerySchema.extend({
  rwid: requiredId('任务'),
  keyword: text('对象名称').optional(),
});
/** The points of a task for analysis: over every object task the caller reads, or one of them. */
export const AnalysisQualityQuerySchema = z.object({
  rwid: requiredId('任务'),
  dxrwid: requiredId('对象任务').optional().describe('对象任务，缺省为任务的全部对象'),
});
export const AnalysisCacheBodySchema = z.object({ rwid: requiredId('任务') });

/** file/list: the supporting files of an object task's points, by point, stage and name. */
export const PointFilesQuerySchema = PagingQuerySchema.extend({
  dxrwid: requiredId('对象任务'),
  zgzkdid: requiredId('质控点').optional(),
  stage: z.enum(FILE_STAGES, { error: '附件阶段不正确' }).optional().describe('阶段'),
  keyword: text('文件名').optional(),
});

/**
 * What the diagnosis services take once a route has mapped the wire (diagnosis.input.wire.ts): the
 * requests above under English names.
 */
export interface PageInput {
  pageNum: number;
  pageSize: number;
}
export interface TaskInput {
  name: string;
  level: z.output<typeof TaskBodySchema>['level'];
  cycleId?: string | undefined;
  period: string;
  startDate: string;
  endDate: string;
}
export type TaskUpdateInput = TaskInput & { id: string };
export interface ObjectTasksInput extends PageInput {
  taskId: string;
  keyword?: string | undefined;
}
export interface ReviewQueueInput extends PageInput {
  taskId?: string | undefined;
  level?: z.output<typeof ReviewQueueQuerySchema>['level'];
  departmentId?: string | undefined;
  keyword?: string | undefined;
}
export interface ObjectTasksInsertInput {
  taskId: string;
  objectIds: string[];
  chargerId?: string | undefined;
}
export interface RefreshTargetInput {
  objectTaskIds: string[];
  pointIds?: string[] | undefined;
}
export interface SamplesInput {
  assignedPointId: string;
  startTime?: string | undefined;
  endTime?: string | undefined;
}
export interface TargetsInput {
  list: Array<{ assignedPointId: string; target: string | undefined }>;
}
export interface ResultInput {
  assignedPointId: string;
  result: string | undefined;
  revisedResult: string | undefined;
  revisedTarget: string | undefined;
}
export interface SampleInput {
  assignedPointId: string;
  value: string;
  time?: string | undefined;
}
/** A cause analysis with its measure: the improvement measure of a miss, the handling of a warning. */
export interface CauseInput {
  id: string;
  cause: string;
  measure: string;
}
export interface ObjectTaskScopeInput {
  taskId?: string | undefined;
  objectTaskId?: string | undefined;
}
export interface DisqualifiedInput extends DisqualifiedFilter, PageInput {}
/** The below-standard list's filters: its scope and the point name. */
export interface DisqualifiedFilter extends ObjectTaskScopeInput {
  keyword?: string | undefined;
}
export interface MyPointsInput extends PageInput {
  auditState: z.output<typeof MyPointsQuerySchema>['shzt'];
  keyword?: string | undefined;
}
export interface FocusInput {
  assignedPointId: string;
  focus: boolean;
}
export interface WarnGridInput extends WarnGridFilter, PageInput {}
/** The warning table's filters: its scope, the point name and 全部/未处理/已处理. */
export interface WarnGridFilter extends ObjectTaskScopeInput {
  keyword?: string | undefined;
  state: z.output<typeof WarnGridQuerySchema>['state'];
  /** Only the points the caller charges (the home page's 待处理预警, which is the charger's to-do). */
  chargedOnly?: boolean | undefined;
}
export interface ObjectTaskRefuseInput {
  objectTaskIds: string[];
  reason: string;
}
export interface AnalysisObjectsInput extends PageInput {
  taskId: string;
  keyword?: string | undefined;
}
export interface AnalysisQualityInput {
  taskId: string;
  objectTaskId?: string | undefined;
}
