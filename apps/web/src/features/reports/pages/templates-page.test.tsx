// @vitest-environment happy-dom
import type { QualityReportTemplate } from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, renderWithQueries, wait } from '../../../shared/testing/dom.tsx';
import { TemplatesPage } from './templates-page.tsx';

const user = vi.hoisted(() => ({ current: { isAdmin: false, canManageLibrary: false } }));
vi.mock('../use-report-user.ts', () => ({ useReportUser: () => user.current }));

const template: QualityReportTemplate = {
  id: 'tpl1',
  name: '年度模板',
  sections: [
    { key: 'points', title: '质控点分析', enabled: true, narrative: '' },
    { key: 'warnings', title: '预警分析', enabled: false, narrative: '' },
    { key: 'explain', title: '自我诊断总结', enabled: true, narrative: '' },
  ],
  creatorName: '管理员',
  createdAt: '2026-01-01 08:00:00',
};

const api = vi.hoisted(() => ({
  templates: { current: {} as { data?: unknown; isError?: boolean; error?: Error } },
}));
vi.mock('../api.ts', () => ({
  reportKeys: { all: ['reports'] },
  useTemplates: () => ({ isLoading: false, isError: false, error: null, ...api.templates.current }),
  useCovers: () => ({ data: { records: [], total: 0 }, isLoading: false, isError: false, error: null }),
  useSeals: () => ({ data: [], isLoading: false, error: null }),
  removeTemplates: vi.fn(),
  insertTemplate: vi.fn(),
  updateTemplate: vi.fn(),
  insertCover: vi.fn(),
  removeCover: vi.fn(),
  setDefaultCover: vi.fn(),
  uploadSeal: vi.fn(),
  NARRATIVE_PLACEHOLDERS: [],
}));

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.templates.current = { data: { records: [template], total: 1 } };
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function show(rights: { isAdmin: boolean; canManageLibrary: boolean }) {
  user.current = rights;
  const view = await renderWithQueries(<TemplatesPage />);
  cleanup = view.unmount;
  return view.container;
}

const tabs = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent);
const headers = (container: HTMLElement) =>
  [...container.querySelectorAll('thead th')].map((th) => th.textContent);

describe('报告模板', { timeout: 20_000 }, () => {
  it('lets a diagnosis publisher add, edit and delete templates, and lists the checked sections in order', async () => {
    const container = await show({ isAdmin: false, canManageLibrary: true });
    expect(byText(container, 'button', '新增模板')).not.toBeNull();
    expect(headers(container)).toContain('操作');
    expect(byText(container, 'button', '编辑')).not.toBeNull();
    expect(container.querySelector('tbody')?.textContent).toContain('1. 质控点分析  2. 自我诊断总结');
  });

  it('shows everyone else the templates read-only, and the seals only to the administrator', async () => {
    let container = await show({ isAdmin: false, canManageLibrary: false });
    expect(byText(container, 'button', '新增模板')).toBeNull();
    expect(headers(container)).not.toContain('操作');
    expect(container.querySelector('tbody')?.textContent).toContain('年度模板');
    expect(tabs(container)).toEqual(['报告模板', '报告封面']);
    cleanup?.();
    container = await show({ isAdmin: true, canManageLibrary: false });
    expect(tabs(container)).toEqual(['报告模板', '报告封面', '印章']);
  });

  it('says the list failed and why, and that a template without checked sections has none', async () => {
    api.templates.current = { isError: true, error: new Error('网络异常，请稍后重试') };
    let container = await show({ isAdmin: false, canManageLibrary: true });
    expect(container.textContent).toContain('加载失败');
    expect(container.textContent).toContain('网络异常，请稍后重试');
    cleanup?.();
    api.templates.current = {
      data: {
        records: [{ ...template, sections: template.sections.map((s) => ({ ...s, enabled: false })) }],
        total: 1,
      },
    };
    container = await show({ isAdmin: false, canManageLibrary: true });
    expect(container.querySelector('tbody')?.textContent).toContain('未勾选章节');
  });
});
