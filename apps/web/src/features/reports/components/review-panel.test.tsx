// @vitest-environment happy-dom
import type { ReportReview } from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, wait } from '../../../shared/testing/dom.tsx';
import { reportView } from '../testing/report-fixture.ts';
import { ReviewPanel } from './review-panel.tsx';

const api = vi.hoisted(() => ({
  reviews: { current: {} as { data?: ReportReview[]; isError?: boolean; error?: Error } },
}));
vi.mock('../api.ts', () => ({
  useReviews: () => ({ isLoading: false, isError: false, error: null, ...api.reviews.current }),
}));

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.reviews.current = { data: [] };
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function show(patch: Parameters<typeof reportView>[0] = {}) {
  const view = await render(<ReviewPanel view={reportView(patch)} />);
  cleanup = view.unmount;
  return view.container;
}

const cells = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('the review panel', { timeout: 20_000 }, () => {
  it('says no expert is assigned yet, and which assigned experts have reviewed', async () => {
    expect((await show()).textContent).toContain('评审专家：未分配');
    cleanup?.();
    const container = await show({
      experts: [
        { userId: 'e1', name: '周教授', reviewed: true },
        { userId: 'e2', name: '王老师', reviewed: false },
      ],
    });
    const tags = [...container.querySelectorAll('.ant-tag')].map((t) => t.textContent);
    expect(tags).toEqual(['周教授（已评审）', '王老师（待评审）']);
  });

  it('lists each review with its round, kind, result, a two-decimal score and a dash for what is missing', async () => {
    api.reviews.current = {
      data: [
        {
          id: 'v1',
          kind: 'expert',
          reviewerName: '周教授',
          result: 'qualified',
          score: 88.5,
          opinion: '结构完整',
          round: 1,
          createdAt: '2026-03-05 09:00:00',
        },
        {
          id: 'v2',
          kind: 'reject',
          reviewerName: '管理员',
          result: null,
          score: null,
          opinion: '',
          round: 1,
          createdAt: '2026-03-06 09:00:00',
        },
      ],
    };
    const rows = cells(await show());
    expect(rows).toEqual([
      ['第1轮', '专家评审', '周教授', '合格', '88.50', '结构完整', '2026-03-05 09:00:00'],
      ['第1轮', '驳回', '管理员', '—', '—', '—', '2026-03-06 09:00:00'],
    ]);
  });

  it('shows why the reviews could not be read', async () => {
    api.reviews.current = { isError: true, error: new Error('报告不存在') };
    expect((await show()).querySelector('.ant-table')?.textContent).toContain('报告不存在');
  });
});
