// @vitest-environment happy-dom
import type { ObjectTaskScoreView, ScoreJob } from '@eduqa/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobStatus } from '../../../shared/jobs/use-job.ts';
import { byText, click, render } from '../../../shared/testing/dom.tsx';
import { ScorePanel } from './score-panel.tsx';

// antd's toast renders after the test has ended (outside act): stand in for it.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));

/** The panel talks to the server only through its api.ts; these stand in for the answers. */
const api = vi.hoisted(() => ({
  score: { current: null as ObjectTaskScoreView | null },
  startScore: vi.fn(),
  refresh: vi.fn(),
  job: { current: { state: 'running', progress: 40, message: '' } as JobStatus },
  polled: [] as string[],
  onEnd: { current: null as ((job: ScoreJob) => void) | null },
}));
vi.mock('./api.ts', () => ({
  useObjectTaskScore: () => ({ data: api.score.current }),
  useRefreshScore: () => api.refresh,
  startScore: api.startScore,
  useScoreJob: (jobId: string, onEnd: (job: ScoreJob) => void) => {
    api.polled.push(jobId);
    api.onEnd.current = onEnd;
    return { status: api.job.current };
  },
}));

const stored: ObjectTaskScoreView = {
  objectTaskId: 'ot1',
  objectName: '张老师',
  score: 86.5,
  gradedPoints: 3,
  computedAt: '2026-03-01 10:00:00',
};

let unmount: (() => void) | null = null;
beforeEach(() => {
  api.score.current = stored;
  api.polled.length = 0;
  api.onEnd.current = null;
  api.startScore.mockReset();
  api.refresh.mockReset();
});
afterEach(() => {
  unmount?.();
  unmount = null;
  document.body.innerHTML = '';
});

async function show(canCompute: boolean) {
  const view = await render(<ScorePanel objectTaskId="ot1" canCompute={canCompute} />);
  unmount = view.unmount;
  return view.container;
}

const scoreText = (root: HTMLElement) => root.querySelector('[aria-label="得分"]')?.textContent;

describe('ScorePanel', () => {
  it('shows the stored score with two decimals, and - when there is none', async () => {
    const root = await show(false);
    expect(scoreText(root)).toBe('得分 86.50');
    unmount?.();
    api.score.current = { ...stored, score: null, gradedPoints: 0, computedAt: null };
    expect(scoreText(await show(false))).toBe('得分 -');
  });

  it('offers 计算得分 only to those who may compute it', async () => {
    expect(byText(await show(false), 'button', '计算得分')).toBeNull();
    unmount?.();
    expect(byText(await show(true), 'button', '计算得分')).not.toBeNull();
  });

  it('starts the job for this object task, shows its progress, and reads the score again when it ends', async () => {
    api.startScore.mockResolvedValue({
      jobId: 'job-1',
      state: 'waiting',
      progress: 0,
      message: '',
      scores: null,
    });
    const root = await show(true);
    expect(root.querySelector('[aria-label="得分计算进度"]')).toBeNull();
    await click(byText(root, 'button', '计算得分'));
    expect(api.startScore).toHaveBeenCalledWith('ot1');
    expect(api.polled).toContain('job-1');
    expect(root.querySelector('[aria-label="得分计算进度"]')).not.toBeNull();
    expect(api.refresh).not.toHaveBeenCalled();

    await act(async () =>
      api.onEnd.current?.({ jobId: 'job-1', state: 'finished', progress: 100, message: '', scores: [] }),
    );
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('得分已计算');
  });

  it('keeps the page as it was when the start is refused', async () => {
    api.startScore.mockRejectedValue(new Error('只有任务发布者可以计算得分'));
    const root = await show(true);
    await click(byText(root, 'button', '计算得分'));
    expect(root.querySelector('[aria-label="得分计算进度"]')).toBeNull();
    expect(scoreText(root)).toBe('得分 86.50');
  });
});
