// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until } from '../testing/dom.tsx';
import { CheckedConfirm } from './checked-confirm.tsx';

async function open(check: () => Promise<boolean>, onConfirm = vi.fn(async () => undefined)) {
  const { container } = await renderWithQueries(
    <CheckedConfirm check={check} title="确定提交吗？" okText="提交" onConfirm={onConfirm}>
      提交
    </CheckedConfirm>,
  );
  await click(byText(container, 'button', '提交'));
  return { onConfirm };
}

const question = () => byText(document.body, '.ant-popconfirm-title', '确定提交吗？');

describe('a question asked only about what can be done', () => {
  it('does not ask when the check fails', async () => {
    const check = vi.fn(async () => false);
    const { onConfirm } = await open(check);
    await until(() => question() !== null, 10);
    expect(check).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('asks once the check passes, and acts on the answer', async () => {
    const { onConfirm } = await open(async () => true);
    await until(() => question() !== null);
    expect(question()).not.toBeNull();
    await click(byText(document.body, '.ant-popconfirm-buttons button', '提交'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
