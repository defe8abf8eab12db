import { JOB_POLL_MS } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { nextPoll } from './use-job.ts';

describe('nextPoll', () => {
  it('polls every second while a job waits or runs, and stops once it ended', () => {
    expect(nextPoll(undefined)).toBe(false);
    expect(nextPoll({ state: 'waiting', progress: 0, message: '' })).toBe(JOB_POLL_MS);
    expect(nextPoll({ state: 'running', progress: 40, message: '' })).toBe(JOB_POLL_MS);
    expect(nextPoll({ state: 'finished', progress: 100, message: '' })).toBe(false);
    expect(nextPoll({ state: 'failed', progress: 40, message: '任务执行失败，请重试' })).toBe(false);
  });
});
