// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { type DepartmentPreset, GenerateModal } from './generate-modal.tsx';

const api = vi.hoisted(() => ({ insertReport: vi.fn(), success: vi.fn() }));
vi.mock('../api.ts', () => ({
  reportKeys: { all: ['reports'] },
  insertReport: api.insertReport,
  useDiagnosisTasks: () => ({ data: [{ id: 't1', name: '2026年度专业诊断' }], isFetching: false }),
  useObjectTasks: () => ({ data: [], isFetching: false }),
  useTemplates: () => ({ data: { records: [] }, isLoading: false }),
  useCovers: () => ({ data: { records: [] }, isLoading: false }),
}));
vi.mock('../../org/index.ts', () => ({ useDepartments: () => ({ data: { rows: [] }, isLoading: false }) }));
vi.mock('../use-report-user.ts', () => ({ useReportUser: () => ({ taskPageType: 'yearTask' }) }));
vi.mock('../../../shared/ui/feedback.tsx', () => ({ notify: { success: api.success, error: vi.fn() } }));

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.insertReport.mockReset().mockResolvedValue({ id: 'r9', name: '部门报告' });
  api.success.mockReset();
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function open(preset?: DepartmentPreset) {
  const onCreated = vi.fn();
  const view = await renderWithQueries(
    <GenerateModal open onClose={() => {}} onCreated={onCreated} {...(preset ? { preset } : {})} />,
  );
  cleanup = view.unmount;
  return onCreated;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
async function confirm() {
  await click(byText(document.body, 'button', '确定'));
  await wait(50);
}

describe('生成报告', { timeout: 20_000 }, () => {
  it('asks for the diagnosis task, and for the object once the scope is one object', async () => {
    await open();
    await confirm();
    expect(errors()).toEqual(['请选择诊断任务']);
    await click(byText(document.body, 'label', '对象分析报告'));
    expect(document.body.textContent).toContain('请先选择诊断任务');
    await confirm();
    expect(errors()).toContain('请选择诊断对象');
    expect(api.insertReport).not.toHaveBeenCalled();
  });

  it('makes a department report of the chosen department and task without asking for them', async () => {
    const onCreated = await open({
      taskId: 't1',
      taskName: '2026年度专业诊断',
      departmentId: 'd1',
      departmentName: '信息工程学院',
    });
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('生成部门报告');
    expect(document.body.textContent).toContain(
      '为「信息工程学院」生成「2026年度专业诊断」的部门汇总分析报告。',
    );
    expect(document.body.textContent).not.toContain('诊断任务');
    await typeInto(document.querySelector('input#reportName'), '  信息学院报告 ');
    await confirm();
    expect(api.insertReport).toHaveBeenCalledWith({
      taskId: 't1',
      scope: 'department',
      departmentId: 'd1',
      reportName: '信息学院报告',
    });
    expect(api.success).toHaveBeenCalledWith('报告已生成');
    expect(onCreated).toHaveBeenCalledWith({ id: 'r9', name: '部门报告' });
  });
});
