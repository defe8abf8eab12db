import { z } from 'zod';
import { NoticeMessageSchema } from '../notices/notices.schema.ts';
import { DEADLINE_KINDS, TODO_KINDS } from './home.enums.ts';

export const TodoCountSchema = z.object({
  kind: z.enum(TODO_KINDS).describe('待办种类'),
  count: z.number().int().min(0).describe('件数'),
});
export type TodoCount = z.infer<typeof TodoCountSchema>;

export const DeadlineSchema = z.object({
  kind: z.enum(DEADLINE_KINDS).describe('到期事项的种类：目标任务、任务节点、诊断任务'),
  id: z.string().describe('任务、节点或诊断任务的 id'),
  name: z.string().describe('名称'),
  context: z.string().describe('所属：节点所属的任务、目标任务所属的年度目标、诊断任务的层级'),
  taskId: z.string().describe('目标任务 id（节点为其任务；诊断任务为自身）'),
  endDate: z.string().describe('结束日期 YYYY-MM-DD'),
  daysLeft: z.number().int().describe('距结束还有几天，0 为今天'),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

export const WorkbenchSchema = z.object({
  todos: z
    .array(TodoCountSchema)
    .describe('待办：只列出当前用户的角色能办理的种类（件数可为 0），顺序同 TODO_KINDS'),
  deadlines: z.array(DeadlineSchema).describe('今后 14 天内到期的事项，按结束日期'),
  notices: z
    .array(NoticeMessageSchema)
    .describe('最新动态：本人消息中心的最新几条（已读未读都有），最新在前，至多 10 条'),
});
export type Workbench = z.infer<typeof WorkbenchSchema>;
