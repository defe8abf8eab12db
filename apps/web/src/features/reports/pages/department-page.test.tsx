// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries, wait } from '../../../shared/testing/dom.tsx';
import { DepartmentPage } from './department-page.tsx';

const user = vi.hoisted(() => ({
  headedDepartments: [] as Array<{ id: string; name: string; headId: string; headName: string }>,
}));
vi.mock('../use-report-user.ts', () => ({
  useReportUser: () => ({
    headedDepartments: user.headedDepartments,
    isAdmin: false,
    taskPageType: 'departmentTask',
  }),
}));

const api = vi.hoisted(() => ({ fetchReports: vi.fn() }));
vi.mock('../api.ts', () => ({
  reportKeys: { all: ['reports'], list: (query: object) => ['reports', 'list', query] },
  fetchReports: api.fetchReports,
  useDiagnosisTasks: () => ({
    data: [{ id: 't1', name: '2026年度专业诊断' }],
    isFetching: false,
    isLoading: false,
  }),
  useTemplates: () => ({ data: { records: [] }, isLoading: false }),
  useCovers: () => ({ data: { records: [] }, isLoading: false }),
}));

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.fetchReports.mockReset().mockResolvedValue({ records: [], total: 0, current: 1, pages: 0, size: 10 });
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function show() {
  const view = await renderWithQueries(
    <MemoryRouter>
      <DepartmentPage />
    </MemoryRouter>,
  );
  cleanup = view.unmount;
  await wait(20);
  return view.container;
}

/** The text the department select shows as chosen. */
const chosenDepartment = (container: HTMLElement) =>
  container.querySelector('[aria-label="部门"]')?.closest('.ant-select')?.textContent ?? null;

describe('部门汇总分析', () => {
  it("starts on the user's first charged department and shows its head", async () => {
    user.headedDepartments = [
      { id: 'd2', name: '信息工程学院', headId: 'u2', headName: '王五' },
      { id: 'd1', name: '机电工程学院', headId: 'u1', headName: '赵六' },
    ];
    const container = await show();
    expect(chosenDepartment(container)).toContain('信息工程学院');
    expect(container.querySelector('[aria-label="部门负责人"]')?.textContent).toBe('负责人：王五');
  });

  it("lists the chosen task's reports", async () => {
    user.headedDepartments = [{ id: 'd2', name: '信息工程学院', headId: 'u2', headName: '王五' }];
    await show();
    expect(api.fetchReports).toHaveBeenCalledWith(
      expect.objectContaining({ view: 'all', taskId: 't1', pageNum: 1 }),
    );
  });

  it('explains the page to a user who heads no department', async () => {
    user.headedDepartments = [];
    const container = await show();
    expect(container.textContent).toContain('您不是任何部门的负责人');
    expect(container.querySelector('[aria-label="部门"]')).toBeNull();
    expect(api.fetchReports).not.toHaveBeenCalled();
  });
});
