import { z } from 'zod';
import { JOB_STATES, type JobState } from '../platform/jobs.ts';
import { requiredId } from '../platform/text.ts';

/**
 * 得分 on the wire (obj/calScore, obj/getCalScoreResult, obj/selectScore): `df` 得分, `jszkdsl` 计分的
 * 质控点数量 (those with a grade), `jssj` 计算时间. Inside, the English shapes below.
 */

/** The score of one object task as the screens use it. */
export interface ObjectTaskScoreView {
  objectTaskId: string;
  objectName: string;
  /** 0–100 with two decimals; null when not computed yet or when no point is graded. */
  score: number | null;
  gradedPoints: number;
  /** 'YYYY-MM-DD HH:mm:ss' of the last computation that scored it; null when it has no score. */
  computedAt: string | null;
}

/** A score job: its progress and, once finished, the scores of the object tasks it covered. */
export interface ScoreJob {
  jobId: string;
  state: JobState;
  progress: number;
  message: string;
  scores: ObjectTaskScoreView[] | null;
}

export const CalScoreBodySchema = z.object({
  rwid: requiredId('诊断任务').optional().describe('诊断任务：计算其全部对象任务的得分'),
  dxrwid: requiredId('对象任务').optional().describe('对象任务：只计算这一个'),
});
export type CalScoreBody = z.infer<typeof CalScoreBodySchema>;

/** What to score, under English names: a task (all its object tasks) or one object task. */
export interface CalScoreInput {
  taskId?: string | undefined;
  objectTaskId?: string | undefined;
}
export const fromCalScoreBodyWire = (body: CalScoreBody): CalScoreInput => ({
  taskId: body.rwid,
  objectTaskId: body.dxrwid,
});

export const ScoreWireSchema = z.object({
  dxrwid: z.string().describe('对象任务编号'),
  gzdxmc: z.string().describe('诊断对象名称'),
  df: z.number().nullable().describe('得分（0–100，两位小数；未计算或没有已评等级的质控点时为空）'),
  jszkdsl: z.number().int().describe('计入得分的质控点数（有等级的）'),
  jssj: z.string().nullable().describe('计算时间'),
});
export type ScoreWire = z.infer<typeof ScoreWireSchema>;

export const ScoreJobWireSchema = z.object({
  taskId: z.string().describe('后台任务编号（查询进度用）'),
  state: z.enum(JOB_STATES).describe('waiting 排队中, running 执行中, finished 已完成, failed 执行失败'),
  progress: z.number().int().min(0).max(100).describe('进度 0–100'),
  message: z.string().describe('说明（失败原因）'),
  scores: z.array(ScoreWireSchema).nullable().describe('各对象任务的得分（完成后）'),
});
export type ScoreJobWire = z.infer<typeof ScoreJobWireSchema>;

export function toScoreWire(score: ObjectTaskScoreView): ScoreWire {
  return {
    dxrwid: score.objectTaskId,
    gzdxmc: score.objectName,
    df: score.score,
    jszkdsl: score.gradedPoints,
    jssj: score.computedAt,
  };
}

export function fromScoreWire(wire: ScoreWire): ObjectTaskScoreView {
  return {
    objectTaskId: wire.dxrwid,
    objectName: wire.gzdxmc,
    score: wire.df,
    gradedPoints: wire.jszkdsl,
    computedAt: wire.jssj,
  };
}

export function toScoreJobWire(job: ScoreJob): ScoreJobWire {
  return {
    taskId: job.jobId,
    state: job.state,
    progress: job.progress,
    message: job.message,
    scores: job.scores ? job.scores.map(toScoreWire) : null,
  };
}

export function fromScoreJobWire(wire: ScoreJobWire): ScoreJob {
  return {
    jobId: wire.taskId,
    state: wire.state,
    progress: wire.progress,
    message: wire.message,
    scores: wire.scores ? wire.scores.map(fromScoreWire) : null,
  };
}
