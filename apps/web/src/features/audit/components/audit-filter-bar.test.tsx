// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { AuditFilterBar } from './audit-filter-bar.tsx';

vi.mock('../../org/index.ts', () => ({ DepartmentTreeSelect: () => null }));

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

const labels = (root: ParentNode) => [...root.querySelectorAll('label')].map((l) => l.textContent);
/** antd spaces the two characters of a button's Chinese label (查 询). */
const button = (root: ParentNode, label: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === label) ?? null;

describe('AuditFilterBar', () => {
  it('applies the filters on 查询 and empties them on 重置', async () => {
    const onSearch = vi.fn();
    const view = await render(<AuditFilterBar kind="operation" onSearch={onSearch} />);
    cleanup = view.unmount;
    expect(labels(view.container)).toEqual(['时间', '人员', '部门', '模块', '操作', '结果']);
    const person = view.container.querySelector<HTMLInputElement>('input[placeholder="姓名或账号"]');
    await typeInto(person, ' admin ');
    await click(button(view.container, '查询'));
    await wait(50);
    expect(onSearch).toHaveBeenLastCalledWith({ person: 'admin' });
    await click(button(view.container, '重置'));
    await wait(50);
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect(view.container.querySelector<HTMLInputElement>('input[placeholder="姓名或账号"]')?.value).toBe('');
  });

  it('offers the login log its events instead of module and operation', async () => {
    const view = await render(<AuditFilterBar kind="login" onSearch={() => {}} />);
    cleanup = view.unmount;
    expect(labels(view.container)).toEqual(['时间', '人员', '部门', '事件', '结果']);
  });
});
