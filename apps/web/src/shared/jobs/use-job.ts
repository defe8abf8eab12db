import {
  type DataOf,
  type Endpoint,
  isJobActive,
  JOB_POLL_MS,
  type JobState,
  type QueryOf,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../api/client.ts';

/** What a progress bar needs of any job, whatever its domain's wire shape. */
export interface JobStatus {
  state: JobState;
  progress: number;
  message: string;
}

/** Poll again in a second while the job is under way; stop once it has ended. */
export function nextPoll(status: JobStatus | undefined): number | false {
  return status && isJobActive(status.state) ? JOB_POLL_MS : false;
}

/**
 * Polls a getFutureTaskResult endpoint every second until the job is finished or failed; `onEnd` runs once
 * with the last answer. `toStatus` reads a domain's own job shape (the standard one is a `JobStatus`).
 */
export function useJob<E extends Endpoint>(input: {
  endpoint: E;
  /** null while there is no job to poll. */
  query: QueryOf<E> | null;
  toStatus: (data: DataOf<E>) => JobStatus;
  onEnd?: (data: DataOf<E>) => void;
}) {
  const { endpoint, query, toStatus, onEnd } = input;
  const job = useQuery({
    queryKey: ['jobs', endpoint.path, query],
    queryFn: () => call(endpoint, { ...(query === null ? {} : { query }), silent: true }),
    enabled: query !== null,
    refetchInterval: (current) => nextPoll(current.state.data ? toStatus(current.state.data) : undefined),
  });
  const status = job.data ? toStatus(job.data) : undefined;
  const ended = useRef(false);
  useEffect(() => {
    if (!job.data || ended.current || !status || isJobActive(status.state)) return;
    ended.current = true;
    onEnd?.(job.data);
  }, [job.data, status, onEnd]);
  return { data: job.data, status, error: job.error };
}
