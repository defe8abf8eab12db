import {
  scoreEndpoints as E,
  fromScoreJobWire,
  fromScoreWire,
  type ObjectTaskScoreView,
  type ScoreJob,
} from '@eduqa/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../shared/api/client.ts';
import { type CallMode, refetchUnlessJustFetched } from '../../../shared/api/prefetch.ts';
import { useJob } from '../../../shared/jobs/use-job.ts';

/** 得分 of an object task: under the diagnosis keys, so any diagnosis change drops it too. */
export const scoreKeys = {
  score: (objectTaskId: string) => ['diagnosis', 'score', objectTaskId] as const,
};

export const objectTaskScoreQuery = (objectTaskId: string, mode: CallMode = {}) =>
  queryOptions({
    queryKey: scoreKeys.score(objectTaskId),
    queryFn: async (): Promise<ObjectTaskScoreView> =>
      fromScoreWire(await call(E.score, { query: { dxrwid: objectTaskId }, ...mode })),
    refetchOnMount: refetchUnlessJustFetched,
  });

export function useObjectTaskScore(objectTaskId: string) {
  return useQuery(objectTaskScoreQuery(objectTaskId));
}

export function useRefreshScore(objectTaskId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: scoreKeys.score(objectTaskId) }),
    [queryClient, objectTaskId],
  );
}

/** 计算得分 of one object task: starts the job (or answers the one under way). */
export async function startScore(objectTaskId: string): Promise<ScoreJob> {
  return fromScoreJobWire(await call(E.calScore, { body: { dxrwid: objectTaskId }, json: true }));
}

/** Polls a score job until it ends; `onEnd` gets its last answer once. */
export function useScoreJob(jobId: string, onEnd: (job: ScoreJob) => void) {
  return useJob({
    endpoint: E.calScoreResult,
    query: { taskId: jobId },
    toStatus: (data) => data,
    onEnd: (data) => onEnd(fromScoreJobWire(data)),
  });
}
