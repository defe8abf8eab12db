import { z } from 'zod';
import { requiredId, text } from '../platform/text.ts';
import { GOAL_WARNING_TYPES, NODE_STATES } from './goals.enums.ts';
import { GOAL_TEXT_MAX, TargetTaskSchema } from './goals.schema.ts';

/**
 * 完成情况 of a target task (spec 1 §7: targetTaskDetail's getDetailSituationCatalog,
 * getPerformAccessDetailSituation and export; targetTaskSituation). Read from the tasks, nodes,
 * progress reports and delays that already exist: nothing here is stored twice.
 */

/** A task of the catalog under (and including) the asked one, in tree order. */
export const SituationCatalogItemSchema = TargetTaskSchema.pick({
  id: true,
  parentId: true,
  name: true,
  departmentName: true,
  principalName: true,
  state: true,
  scheduleStatus: true,
  progress: true,
  nodeCount: true,
  doneNodeCount: true,
  warningType: true,
  situation: true,
}).extend({ depth: z.number().int().describe('层级（所查任务为 0）') });
export type SituationCatalogItem = z.infer<typeof SituationCatalogItemSchema>;

/** How a node is being carried out and assessed: its progress reports and delays, counted. */
export const NodeSituationSchema = z.object({
  nodeId: z.string().describe('节点编号'),
  name: z.string().describe('节点名称'),
  principalName: z.string().describe('节点负责人'),
  startDate: z.string().describe('开始日期'),
  endDate: z.string().describe('结束日期'),
  state: z.enum(NODE_STATES).describe('节点状态'),
  warningType: z.enum(GOAL_WARNING_TYPES).nullable().describe('节点预警类型'),
  reportCount: z.number().int().describe('进度上报次数'),
  passedCount: z.number().int().describe('终审通过次数'),
  reviewingCount: z.number().int().describe('待审核次数（含部门已审）'),
  rejectedCount: z.number().int().describe('驳回次数'),
  completion: z.number().nullable().describe('最近一次终审通过的完成度 %'),
  isFinalPassed: z.boolean().describe('最终成果是否已终审通过'),
  lastReportedAt: z.string().nullable().describe('最近上报时间'),
  delayCount: z.number().int().describe('延期申请次数'),
  delayPassedCount: z.number().int().describe('批准的延期次数'),
});
export type NodeSituation = z.infer<typeof NodeSituationSchema>;

/** getPerformAccessDetailSituation: the task, each node's situation and the totals. */
export const PerformSituationSchema = z.object({
  task: TargetTaskSchema,
  nodes: z.array(NodeSituationSchema).describe('各节点执行与考核情况'),
  totals: z
    .object({
      nodeCount: z.number().int().describe('节点数'),
      doneNodeCount: z.number().int().describe('已完成节点数'),
      finalPassedCount: z.number().int().describe('最终成果已通过的节点数'),
      reviewingCount: z.number().int().describe('待审核的进度数'),
      warningCount: z.number().int().describe('有预警的节点数'),
      delayCount: z.number().int().describe('延期申请数'),
    })
    .describe('合计'),
});
export type PerformSituation = z.infer<typeof PerformSituationSchema>;

/** targetTaskSituation: the task's 完成情况 text and whether the caller may write it. */
export const TaskSituationSchema = z.object({
  id: z.string().describe('任务编号'),
  name: z.string().describe('任务名称'),
  situation: z.string().describe('完成情况'),
  canEdit: z.boolean().describe('可填写（任务创建人或负责人）'),
});
export type TaskSituation = z.infer<typeof TaskSituationSchema>;

export const TaskSituationBodySchema = z.object({
  id: requiredId('任务'),
  situation: text('完成情况', GOAL_TEXT_MAX.detail),
});
