import { defineEndpoint } from '../platform/endpoint.ts';
import { FutureTaskQuerySchema } from '../platform/jobs.ts';
import { ObjectTaskQuerySchema } from './diagnosis.schema.ts';
import { CalScoreBodySchema, ScoreJobWireSchema, ScoreWireSchema } from './score.wire.ts';

const base = '/api/herm-zdgj';
const tag = '诊断改进';

/**
 * 得分 of object tasks (spec 2 §7.3 obj/calScore, obj/getCalScoreResult; the rule is score.ts). Computing
 * is a job for the task's publisher; its result, and an object task's stored score (obj/selectScore, not
 * in the spec), for whoever may read the object task.
 */
export const scoreEndpoints = {
  calScore: defineEndpoint({
    method: 'POST',
    path: `${base}/obj/calScore`,
    summary: '计算得分（后台任务）：诊断任务的全部对象任务，或一个对象任务',
    tag,
    body: CalScoreBodySchema,
    data: ScoreJobWireSchema,
  }),
  calScoreResult: defineEndpoint({
    method: 'GET',
    path: `${base}/obj/getCalScoreResult`,
    summary: '计算得分任务的进度与结果',
    tag,
    query: FutureTaskQuerySchema,
    data: ScoreJobWireSchema,
  }),
  score: defineEndpoint({
    method: 'GET',
    path: `${base}/obj/selectScore`,
    summary: '对象任务的得分',
    tag,
    query: ObjectTaskQuerySchema,
    data: ScoreWireSchema,
  }),
};
