import { z } from 'zod';
import { TASK_STATES } from './diagnosis.enums.ts';
import { type Sharer, toSharerWire } from './diagnosis.wire.ts';

/**
 * Wire shapes of the diagnosis task lists (`/api/herm-zdgj` task/ and obj/): tasks, their object tasks,
 * the auditor's queue and the objects a task can take, with the spec's pinyin names (spec 2 §3). Like
 * diagnosis.wire.ts, the mappers below are the only place these meet the English names.
 */

export const TaskWireSchema = z.object({
  id: z.string(),
  rwmc: z.string().describe('任务名称'),
  level: z.string().describe('诊断层级'),
  cycleId: z.string().nullable().describe('周期编号'),
  cycleNumber: z.string().nullable().describe('周期'),
  period: z.string().describe('诊断期间'),
  startDate: z.string().describe('开始日期 yyyy-MM-dd'),
  endDate: z.string().describe('结束日期 yyyy-MM-dd'),
  state: z.enum(TASK_STATES).describe('任务状态'),
  publisherId: z.string(),
  publisherName: z.string(),
  objectCount: z.number().int().describe('对象数'),
  pointCount: z.number().int().describe('质控点数'),
  disCount: z.number().int().describe('未达标数'),
  unfinCount: z.number().int().describe('未完成数'),
  warnCount: z.number().int().describe('未处理预警数'),
  cjsj: z.string().describe('创建时间'),
});
export type TaskWire = z.infer<typeof TaskWireSchema>;

export const ObjectTaskWireSchema = z.object({
  id: z.string().describe('对象任务编号 dxrwid'),
  rwid: z.string(),
  rwmc: z.string(),
  gzdxid: z.string(),
  gzdxmc: z.string().describe('诊断对象'),
  level: z.string(),
  departmentName: z.string().nullable(),
  chargerId: z.string().nullable(),
  chargerName: z.string().nullable().describe('负责人'),
  sharePos: z.array(z.object({ userId: z.string(), gxrmc: z.string() })),
  pointCount: z.number().int(),
  disCount: z.number().int(),
  unfinCount: z.number().int(),
  warnCount: z.number().int(),
  isEdit: z.boolean().describe('当前用户是否为负责人'),
});
export type ObjectTaskWire = z.infer<typeof ObjectTaskWireSchema>;

/** A row of the auditor's queue: an object task and how many of its points wait for audit. */
export const ReviewObjectTaskWireSchema = z.object({
  id: z.string().describe('对象任务编号 dxrwid'),
  rwid: z.string(),
  rwmc: z.string().describe('任务名称'),
  gzdxid: z.string(),
  gzdxmc: z.string().describe('诊断对象'),
  level: z.string().describe('诊断层级'),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable().describe('所属部门'),
  chargerId: z.string().nullable(),
  chargerName: z.string().nullable().describe('负责人'),
  submittedCount: z.number().int().describe('待审核质控点数'),
  submittedAt: z.string().nullable().describe('最近提交时间 yyyy-MM-dd HH:mm:ss'),
});
export type ReviewObjectTaskWire = z.infer<typeof ReviewObjectTaskWireSchema>;

export const DiagnosisObjectWireSchema = z.object({
  id: z.string(),
  level: z.string(),
  code: z.string(),
  name: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  userId: z.string().nullable(),
});
export type DiagnosisObjectWire = z.infer<typeof DiagnosisObjectWireSchema>;

// ---------------------------------------------------------------------------------------------------
// Domain types (English names, used inside the server) and the one mapper per resource onto the wire.

export interface DiagnosisTask {
  id: string;
  name: string;
  level: string;
  cycleId: string | null;
  cycleNumber: string | null;
  period: string;
  startDate: string;
  endDate: string;
  state: (typeof TASK_STATES)[number];
  publisherId: string;
  publisherName: string;
  objectCount: number;
  pointCount: number;
  belowCount: number;
  unfinishedCount: number;
  openWarningCount: number;
  createdAt: string;
}

export const toTaskWire = (t: DiagnosisTask): TaskWire => ({
  id: t.id,
  rwmc: t.name,
  level: t.level,
  cycleId: t.cycleId,
  cycleNumber: t.cycleNumber,
  period: t.period,
  startDate: t.startDate,
  endDate: t.endDate,
  state: t.state,
  publisherId: t.publisherId,
  publisherName: t.publisherName,
  objectCount: t.objectCount,
  pointCount: t.pointCount,
  disCount: t.belowCount,
  unfinCount: t.unfinishedCount,
  warnCount: t.openWarningCount,
  cjsj: t.createdAt,
});

export interface ObjectTask {
  id: string;
  taskId: string;
  taskName: string;
  objectId: string;
  objectName: string;
  level: string;
  departmentName: string | null;
  chargerId: string | null;
  chargerName: string | null;
  sharers: Sharer[];
  pointCount: number;
  belowCount: number;
  unfinishedCount: number;
  openWarningCount: number;
  isEdit: boolean;
}

export const toObjectTaskWire = (o: ObjectTask): ObjectTaskWire => ({
  id: o.id,
  rwid: o.taskId,
  rwmc: o.taskName,
  gzdxid: o.objectId,
  gzdxmc: o.objectName,
  level: o.level,
  departmentName: o.departmentName,
  chargerId: o.chargerId,
  chargerName: o.chargerName,
  sharePos: o.sharers.map(toSharerWire),
  pointCount: o.pointCount,
  disCount: o.belowCount,
  unfinCount: o.unfinishedCount,
  warnCount: o.openWarningCount,
  isEdit: o.isEdit,
});

export interface ReviewObjectTask {
  id: string;
  taskId: string;
  taskName: string;
  objectId: string;
  objectName: string;
  level: string;
  departmentId: string | null;
  departmentName: string | null;
  chargerId: string | null;
  chargerName: string | null;
  submittedCount: number;
  submittedAt: string | null;
}

export const toReviewObjectTaskWire = (r: ReviewObjectTask): ReviewObjectTaskWire => ({
  id: r.id,
  rwid: r.taskId,
  rwmc: r.taskName,
  gzdxid: r.objectId,
  gzdxmc: r.objectName,
  level: r.level,
  departmentId: r.departmentId,
  departmentName: r.departmentName,
  chargerId: r.chargerId,
  chargerName: r.chargerName,
  submittedCount: r.submittedCount,
  submittedAt: r.submittedAt,
});

export interface DiagnosisObject {
  id: string;
  level: string;
  code: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
  userId: string | null;
}
export const toDiagnosisObjectWire = (o: DiagnosisObject): DiagnosisObjectWire => ({ ...o });
