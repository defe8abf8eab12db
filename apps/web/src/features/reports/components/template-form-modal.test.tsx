// @vitest-environment happy-dom
import type { QualityReportTemplate } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { TemplateFormModal } from './template-form-modal.tsx';

const api = vi.hoisted(() => ({ insertTemplate: vi.fn(), updateTemplate: vi.fn() }));
vi.mock('../api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api.ts')>()),
  ...api,
}));

/** useAction's part: run the work, and report whether it succeeded. */
const act = vi.fn(async (work: () => Promise<unknown>) => {
  await work();
  return true;
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.insertTemplate.mockReset().mockResolvedValue({});
  api.updateTemplate.mockReset().mockResolvedValue({});
  act.mockClear();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open(template: QualityReportTemplate | null = null) {
  const onClose = vi.fn();
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <TemplateFormModal open template={template} onClose={onClose} act={act} />
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return onClose;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
async function confirm() {
  await click(byText(document.body, 'button', '确定'));
  await wait(50);
}

describe('the report template form', () => {
  it('asks for a name and sends nothing without one', async () => {
    await open();
    await typeInto(document.querySelector('input#name'), '   ');
    await confirm();
    expect(errors()).toContain('请输入模板名称');
    expect(api.insertTemplate).not.toHaveBeenCalled();
  });

  it('adds a template with its name trimmed and every section', async () => {
    const onClose = await open();
    await typeInto(document.querySelector('input#name'), '  学期模板 ');
    await confirm();
    expect(api.insertTemplate).toHaveBeenCalledTimes(1);
    const body = api.insertTemplate.mock.calls[0]?.[0];
    expect(body.name).toBe('学期模板');
    expect(body.sections.map((s: { key: string }) => s.key)).toEqual([
      'points',
      'completion',
      'warnings',
      'improvement',
      'explain',
    ]);
    expect(act).toHaveBeenCalledWith(expect.any(Function), '报告模板已新增');
    expect(onClose).toHaveBeenCalled();
  });

  it('changes the template it was opened with', async () => {
    await open({
      id: 't1',
      name: '年度模板',
      sections: [{ key: 'points', title: '质控点分析', enabled: true, narrative: '' }],
      creatorName: '管理员',
      createdAt: '2026-01-01 08:00:00',
    });
    await confirm();
    expect(api.insertTemplate).not.toHaveBeenCalled();
    expect(api.updateTemplate).toHaveBeenCalledWith('t1', expect.objectContaining({ name: '年度模板' }));
  });
});
