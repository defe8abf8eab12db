// @vitest-environment happy-dom
import { REPORT_EXPLAIN_MAX_ITEMS } from '@eduqa/contract';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { ExplainModal } from './explain-modal.tsx';

const api = vi.hoisted(() => ({ saveExplains: vi.fn() }));
vi.mock('../api.ts', () => api);

/** useAction's part: run the work, and report whether it succeeded. */
const act = vi.fn(async (work: () => Promise<unknown>) => {
  await work();
  return true;
});

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.saveExplains.mockReset().mockResolvedValue([]);
  act.mockClear();
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function open(items: Array<{ name: string; text: string }> = []) {
  const onClose = vi.fn();
  const view = await render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <ExplainModal reportId="r1" items={items} open onClose={onClose} act={act} />
    </ConfigProvider>,
  );
  cleanup = view.unmount;
  return onClose;
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const addButton = () => byText(document.body, 'button', '添加总结项') as HTMLButtonElement;
async function confirm() {
  await click(byText(document.body, 'button', '确定'));
  await wait(50);
}

describe('the self-diagnosis summary dialog', { timeout: 20_000 }, () => {
  it('offers one empty item and asks for its name and its text', async () => {
    await open();
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
    await confirm();
    expect(errors()).toEqual(['请输入总结项名称', '请输入总结内容']);
    expect(api.saveExplains).not.toHaveBeenCalled();
  });

  it('saves the items trimmed, in their order', async () => {
    const onClose = await open([{ name: '成绩与经验', text: '就业率提升' }]);
    await click(addButton());
    const names = document.querySelectorAll('input');
    const texts = document.querySelectorAll('textarea');
    await typeInto(names[1] ?? null, ' 问题与不足 ');
    await typeInto(texts[1] ?? null, ' 实训条件不足\n');
    await confirm();
    expect(api.saveExplains).toHaveBeenCalledWith('r1', [
      { name: '成绩与经验', text: '就业率提升' },
      { name: '问题与不足', text: '实训条件不足' },
    ]);
    expect(act).toHaveBeenCalledWith(expect.any(Function), '自我诊断总结已保存');
    expect(onClose).toHaveBeenCalled();
  });

  it(`stops adding at ${REPORT_EXPLAIN_MAX_ITEMS} items, and a deleted item makes room again`, async () => {
    const full = Array.from({ length: REPORT_EXPLAIN_MAX_ITEMS }, (_, i) => ({
      name: `第${i + 1}项`,
      text: '内容',
    }));
    await open(full);
    expect(addButton().disabled).toBe(true);
    await click(document.querySelector(`[aria-label="删除第${REPORT_EXPLAIN_MAX_ITEMS}项"]`));
    expect(addButton().disabled).toBe(false);
    await confirm();
    expect(api.saveExplains.mock.calls[0]?.[1]).toHaveLength(REPORT_EXPLAIN_MAX_ITEMS - 1);
  });
});
