import { z } from 'zod';
import {
  NODE_STATE_LABELS,
  SCHEDULE_STATUS_COLORS,
  SCHEDULE_STATUS_LABELS,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  YEAR_TASK_STATE_LABELS,
} from './goals.enums.ts';
import {
  type DelayRequest,
  DelayRequestSchema,
  type GoalFile,
  GoalFileSchema,
  type ProgressReport,
  ProgressReportSchema,
  type TargetTask,
  TargetTaskSchema,
  type TaskAudit,
  TaskAuditSchema,
  type TaskDetail,
  TaskDetailSchema,
  type TaskNode,
  TaskNodeSchema,
  WarningCountsSchema,
  type WarningTask,
  type YearTarget,
  YearTargetSchema,
} from './goals.schema.ts';

/**
 * Wire shapes of the goal-management service `/api/herm-mbrwgl`. The spec names few fields here: year
 * target `id, name, cycleYear`; task type name `rwlxmc`; task name `rwmc` (GLOSSARY); warning counts
 * `delayMap`/`processMap` with `processWarningCount, expiredWarningCount, totalWarningCount`; times as
 * `createTime`. Everything else keeps the English names of goals.schema.ts. The wire also carries the
 * display labels (state, colour), so every screen shows them the same way.
 */

export const YearTargetWireSchema = YearTargetSchema.omit({ createdAt: true }).extend({
  createTime: z.string().describe('创建时间 yyyy-MM-dd HH:mm:ss'),
});
export type YearTargetWire = z.infer<typeof YearTargetWireSchema>;

export function toYearTargetWire(target: YearTarget): YearTargetWire {
  const { createdAt, ...rest } = target;
  return { ...rest, createTime: createdAt };
}
export function fromYearTargetWire(wire: YearTargetWire): YearTarget {
  const { createTime, ...rest } = wire;
  return { ...rest, createdAt: createTime };
}

export const TargetTaskWireSchema = TargetTaskSchema.omit({ name: true, type: true, createdAt: true }).extend(
  {
    rwmc: z.string().describe('任务名称'),
    rwlx: z.enum(TASK_TYPES).describe('任务类型 A/B/C'),
    rwlxmc: z.string().describe('任务类型名称'),
    stateName: z.string().describe('任务状态名称'),
    scheduleStatusName: z.string().describe('进度状态名称'),
    scheduleStatusColor: z.enum(['red', 'yellow', 'blue', 'green']).describe('进度状态颜色'),
    createTime: z.string().describe('创建时间'),
  },
);
export type TargetTaskWire = z.infer<typeof TargetTaskWireSchema>;

export function toTargetTaskWire(task: TargetTask): TargetTaskWire {
  const { name, type, createdAt, ...rest } = task;
  return {
    ...rest,
    rwmc: name,
    rwlx: type,
    rwlxmc: TASK_TYPE_LABELS[type],
    stateName: YEAR_TASK_STATE_LABELS[task.state],
    scheduleStatusName: SCHEDULE_STATUS_LABELS[task.scheduleStatus],
    scheduleStatusColor: SCHEDULE_STATUS_COLORS[task.scheduleStatus],
    createTime: createdAt,
  };
}
export function fromTargetTaskWire(wire: TargetTaskWire): TargetTask {
  const {
    rwmc,
    rwlx,
    rwlxmc: _typeName,
    stateName: _stateName,
    scheduleStatusName: _statusName,
    scheduleStatusColor: _color,
    createTime,
    ...rest
  } = wire;
  return { ...rest, name: rwmc, type: rwlx, createdAt: createTime };
}

export const TaskNodeWireSchema = TaskNodeSchema.omit({ createdAt: true }).extend({
  stateName: z.string().describe('节点状态名称'),
  createTime: z.string().describe('创建时间'),
});
export type TaskNodeWire = z.infer<typeof TaskNodeWireSchema>;
export function toTaskNodeWire(node: TaskNode): TaskNodeWire {
  const { createdAt, ...rest } = node;
  return { ...rest, stateName: NODE_STATE_LABELS[node.state], createTime: createdAt };
}
export function fromTaskNodeWire(wire: TaskNodeWire): TaskNode {
  const { createTime, stateName: _stateName, ...rest } = wire;
  return { ...rest, createdAt: createTime };
}

export const GoalFileWireSchema = GoalFileSchema.omit({ createdAt: true }).extend({
  url: z.string().describe('下载地址'),
  createTime: z.string().describe('上传时间'),
});
export type GoalFileWire = z.infer<typeof GoalFileWireSchema>;
/** Goal files download through the goal service, which checks the caller may read the task. */
export const GOAL_FILE_DOWNLOAD_PATH = '/api/herm-mbrwgl/targetTaskFile/download';
export function toGoalFileWire(file: GoalFile): GoalFileWire {
  const { createdAt, ...rest } = file;
  return {
    ...rest,
    url: `${GOAL_FILE_DOWNLOAD_PATH}?id=${encodeURIComponent(file.id)}`,
    createTime: createdAt,
  };
}
export function fromGoalFileWire(wire: GoalFileWire): GoalFile {
  const { createTime, url: _url, ...rest } = wire;
  return { ...rest, createdAt: createTime };
}

export const ProgressReportWireSchema = ProgressReportSchema.omit({ files: true }).extend({
  files: z.array(GoalFileWireSchema).describe('附件'),
});
export type ProgressReportWire = z.infer<typeof ProgressReportWireSchema>;
export function toProgressReportWire(report: ProgressReport): ProgressReportWire {
  return { ...report, files: report.files.map(toGoalFileWire) };
}
export function fromProgressReportWire(wire: ProgressReportWire): ProgressReport {
  return { ...wire, files: wire.files.map(fromGoalFileWire) };
}

export const TaskAuditWireSchema = TaskAuditSchema;
export type TaskAuditWire = z.infer<typeof TaskAuditWireSchema>;
export const toTaskAuditWire = (audit: TaskAudit): TaskAuditWire => ({ ...audit });

export const DelayRequestWireSchema = DelayRequestSchema;
export type DelayRequestWire = z.infer<typeof DelayRequestWireSchema>;
export const toDelayRequestWire = (delay: DelayRequest): DelayRequestWire => ({ ...delay });

export const TaskDetailWireSchema = TaskDetailSchema.omit({
  task: true,
  subTasks: true,
  nodes: true,
  progress: true,
  files: true,
}).extend({
  task: TargetTaskWireSchema,
  subTasks: z.array(TargetTaskWireSchema).describe('子任务'),
  nodes: z.array(TaskNodeWireSchema).describe('节点'),
  progress: z.array(ProgressReportWireSchema).describe('进度'),
  files: z.array(GoalFileWireSchema).describe('任务附件'),
});
export type TaskDetailWire = z.infer<typeof TaskDetailWireSchema>;
export function toTaskDetailWire(detail: TaskDetail): TaskDetailWire {
  return {
    task: toTargetTaskWire(detail.task),
    subTasks: detail.subTasks.map(toTargetTaskWire),
    nodes: detail.nodes.map(toTaskNodeWire),
    progress: detail.progress.map(toProgressReportWire),
    audits: detail.audits.map(toTaskAuditWire),
    delays: detail.delays.map(toDelayRequestWire),
    files: detail.files.map(toGoalFileWire),
    rights: { ...detail.rights },
  };
}
export function fromTaskDetailWire(wire: TaskDetailWire): TaskDetail {
  return {
    task: fromTargetTaskWire(wire.task),
    subTasks: wire.subTasks.map(fromTargetTaskWire),
    nodes: wire.nodes.map(fromTaskNodeWire),
    progress: wire.progress.map(fromProgressReportWire),
    audits: wire.audits,
    delays: wire.delays,
    files: wire.files.map(fromGoalFileWire),
    rights: { ...wire.rights },
  };
}

export const WarningTaskWireSchema = TargetTaskWireSchema.extend(WarningCountsSchema.shape);
export type WarningTaskWire = z.infer<typeof WarningTaskWireSchema>;
export function toWarningTaskWire(task: WarningTask): WarningTaskWire {
  const { processWarningCount, expiredWarningCount, totalWarningCount, ...rest } = task;
  return { ...toTargetTaskWire(rest), processWarningCount, expiredWarningCount, totalWarningCount };
}
export function fromWarningTaskWire(wire: WarningTaskWire): WarningTask {
  const { processWarningCount, expiredWarningCount, totalWarningCount, ...rest } = wire;
  return { ...fromTargetTaskWire(rest), processWarningCount, expiredWarningCount, totalWarningCount };
}
