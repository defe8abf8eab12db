// @vitest-environment happy-dom
import type { ReportSummary } from '@eduqa/contract';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until, wait } from '../../../shared/testing/dom.tsx';
import type { ReportListView } from '../api.ts';
import { NO_RIGHTS, reportView } from '../testing/report-fixture.ts';
import { ReportList } from './report-list.tsx';

const api = vi.hoisted(() => ({ fetchReports: vi.fn() }));
vi.mock('../api.ts', () => ({
  reportKeys: { all: ['reports'], list: (query: object) => ['reports', 'list', query] },
  fetchReports: api.fetchReports,
  submitReport: vi.fn(),
  removeReports: vi.fn(),
}));
// The dialog has its own test; the list only opens it.
vi.mock('./generate-modal.tsx', () => ({ GenerateModal: () => null }));
vi.mock('./batch-generate-modal.tsx', () => ({ BatchGenerateModal: () => null }));

const row = (patch: Partial<ReportSummary>): ReportSummary => {
  const { id, name, scope, taskId, taskName, subjectName, principalName, creatorName, state, createdOn } =
    reportView();
  return {
    ...{ id, name, scope, taskId, taskName, subjectName, principalName, creatorName, state, createdOn },
    expertResult: null,
    schoolResult: null,
    score: null,
    isShared: false,
    rights: NO_RIGHTS,
    ...patch,
  };
};
const page = (records: ReportSummary[]) => ({
  records,
  total: records.length,
  current: 1,
  pages: 1,
  size: 10,
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.fetchReports.mockReset().mockResolvedValue(page([]));
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function show(view: ReportListView, address = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const shown = await renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <ReportList view={view} />
    </MemoryRouter>,
    client,
  );
  cleanup = shown.unmount;
  await wait(20);
  return shown.container;
}

const actionsOf = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('tbody tr.ant-table-row')]
    .find((tr) => tr.textContent?.includes(name))
    ?.querySelector('td:last-child')?.textContent;

describe('the report lists', { timeout: 20_000 }, () => {
  it('offer 生成报告 and 批量生成 on the whole list only, and say why the others are empty', async () => {
    let container = await show('all');
    expect(byText(container, 'button', '生成报告')).not.toBeNull();
    expect(byText(container, 'button', '批量生成')).not.toBeNull();
    expect(api.fetchReports).toHaveBeenLastCalledWith(expect.objectContaining({ view: 'all', pageNum: 1 }));
    cleanup?.();
    container = await show('todo');
    expect(container.textContent).toContain('待我评审');
    expect(byText(container, 'button', '生成报告')).toBeNull();
    expect(byText(container, 'button', '批量生成')).toBeNull();
    expect(container.textContent).toContain('暂无待您评审的报告');
    cleanup?.();
    container = await show('shared');
    expect(container.textContent).toContain('暂无分享给您的报告');
  });

  it('show 提交评审 and 删除 on a row only where its rights allow', async () => {
    api.fetchReports.mockResolvedValue(
      page([
        row({ id: 'r1', name: '我的草稿', rights: { ...NO_RIGHTS, canSubmit: true, canDelete: true } }),
        row({ id: 'r2', name: '他人报告', state: 'expertReview', score: 86.456 }),
      ]),
    );
    const container = await show('all');
    expect(actionsOf(container, '我的草稿')).toBe('查看提交评审删除');
    expect(actionsOf(container, '他人报告')).toBe('查看');
    expect(container.querySelector('tbody')?.textContent).toContain('86.46');
  });

  it('read name and state from the address, and ignore a state they do not know', async () => {
    const container = await show('todo', '/?state=expertReview&keyword=%E5%B9%B4%E5%BA%A6');
    expect(api.fetchReports).toHaveBeenLastCalledWith(
      expect.objectContaining({ view: 'todo', state: 'expertReview', keyword: '年度' }),
    );
    expect(container.querySelector<HTMLInputElement>('input[placeholder="报告名称"]')?.value).toBe('年度');
    cleanup?.();
    await show('all', '/?state=%3Cscript%3E');
    const query = api.fetchReports.mock.lastCall?.[0] as Record<string, unknown>;
    expect(query).not.toHaveProperty('state');
  });

  it('show a failed list with its reason and 重试 instead of the table', async () => {
    api.fetchReports.mockRejectedValue(new Error('服务器繁忙'));
    const container = await show('all');
    expect(container.textContent).toContain('加载失败');
    expect(container.textContent).toContain('服务器繁忙');
    expect(byText(container, 'button', '重试')).not.toBeNull();
  });

  it('open the report a message links to (`?open=ID`) once, and Back leads to the list without it', async () => {
    function Opened() {
      return <p id="opened">{useParams().id}</p>;
    }
    function Address() {
      const location = useLocation();
      const navigate = useNavigate();
      return (
        <button type="button" id="back" onClick={() => navigate(-1)}>
          {location.pathname + location.search}
        </button>
      );
    }
    const shown = await renderWithQueries(
      <MemoryRouter initialEntries={['/index', '/report/list?open=r9&state=draft']} initialIndex={1}>
        <Routes>
          <Route
            path="/report/list/*"
            element={
              <Routes>
                <Route index element={<ReportList view="all" />} />
                <Route path="view/:id" element={<Opened />} />
              </Routes>
            }
          />
        </Routes>
        <Address />
      </MemoryRouter>,
    );
    cleanup = shown.unmount;
    const address = () => shown.container.querySelector('#back')?.textContent;
    await until(() => shown.container.querySelector('#opened') !== null);
    expect(shown.container.querySelector('#opened')?.textContent).toBe('r9');
    expect(address()).toBe('/report/list/view/r9');
    await click(shown.container.querySelector('#back'));
    await until(() => address() === '/report/list?state=draft');
    expect(address()).toBe('/report/list?state=draft');
    await wait(20);
    expect(shown.container.querySelector('#opened')).toBeNull();
  });
});
