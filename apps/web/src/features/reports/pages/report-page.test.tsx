// @vitest-environment happy-dom
import type { ReportView } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, wait } from '../../../shared/testing/dom.tsx';
import { reportView } from '../testing/report-fixture.ts';
import { ReportPage } from './report-page.tsx';

const api = vi.hoisted(() => ({
  refetch: vi.fn(),
  useReportView: vi.fn(),
  report: { current: {} as { data?: ReportView; isLoading?: boolean; error?: Error | null } },
}));
vi.mock('../api.ts', () => ({
  useReportView: (id: string) => {
    api.useReportView(id);
    return { isLoading: false, error: null, refetch: api.refetch, ...api.report.current };
  },
}));
// The page's parts have their own tests; here they only show that they were given the report.
vi.mock('../components/report-actions.tsx', () => ({ ReportActions: () => <div>操作栏</div> }));
vi.mock('../components/report-sections.tsx', () => ({ ReportSections: () => <div>总体概况内容</div> }));
vi.mock('../components/review-panel.tsx', () => ({ ReviewPanel: () => <div>评审记录</div> }));
vi.mock('../components/discussion-panel.tsx', () => ({
  DiscussionPanel: ({ canDiscuss }: { canDiscuss: boolean }) => (
    <div>{canDiscuss ? '可讨论' : '只读讨论'}</div>
  ),
}));

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.refetch.mockReset();
  api.useReportView.mockReset();
  api.report.current = { data: reportView() };
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function show() {
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <MemoryRouter initialEntries={['/report/list/view/r1']}>
        <Routes>
          <Route path="/report/list/view/:id" element={<ReportPage />} />
        </Routes>
      </MemoryRouter>
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return view.container;
}

describe('the report page', { timeout: 20_000 }, () => {
  it('reads the report of its address and shows its name, state and parts', async () => {
    const text = (await show()).textContent ?? '';
    expect(api.useReportView).toHaveBeenCalledWith('r1');
    expect(text).toContain('2026年度专业诊断报告');
    expect(text).toContain('草稿');
    for (const part of ['操作栏', '总体概况', '总体概况内容', '评审记录', '只读讨论'])
      expect(text).toContain(part);
    expect(text).not.toContain('分享给我，只读');
  });

  it('shows a spinner while loading, and a failure with its reason and 重试', async () => {
    api.report.current = { isLoading: true };
    let container = await show();
    expect(container.querySelector('.ant-spin')).not.toBeNull();
    expect(container.textContent).toContain('质量报告');
    cleanup?.();
    api.report.current = { error: new Error('报告不存在') };
    container = await show();
    expect(container.textContent).toContain('加载失败');
    expect(container.textContent).toContain('报告不存在');
    expect(container.textContent).not.toContain('操作栏');
    await click(byText(container, 'button', '重试'));
    expect(api.refetch).toHaveBeenCalled();
  });

  it('tells the editor why the report was rejected', async () => {
    api.report.current = { data: reportView({ state: 'rejected', rejectReason: '数据不全，请补充佐证' }) };
    const container = await show();
    expect(container.querySelector('.ant-alert')?.textContent).toContain('报告已驳回数据不全，请补充佐证');
  });

  it('marks a report shared with the reader as read-only', async () => {
    api.report.current = {
      data: reportView({ isShared: true, rights: { ...reportView().rights, canDiscuss: false } }),
    };
    const text = (await show()).textContent ?? '';
    expect(text).toContain('（分享给我，只读）');
    expect(text).toContain('只读讨论');
  });
});
