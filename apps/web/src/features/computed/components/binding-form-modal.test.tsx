// @vitest-environment happy-dom
import { algorithmGroupEndpoints, computedEndpoints as E, type Endpoint } from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, until, wait } from '../../../shared/testing/dom.tsx';
import type { BindingRow } from '../api.ts';
import { binding } from './binding-form-modal.fixtures.wire.ts';
import { BindingFormModal } from './binding-form-modal.tsx';

const client = vi.hoisted(() => ({ call: vi.fn(), download: vi.fn() }));
vi.mock('../../../shared/api/client.ts', () => client);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));

/** What 保存 answers: the saved binding, or the server's refusal. */
let save: (body: unknown) => Promise<unknown>;
beforeEach(() => {
  toast.success.mockReset();
  save = async (body) => body;
  client.call.mockReset().mockImplementation(async (endpoint: Endpoint, args?: { body?: unknown }) => {
    if (endpoint === algorithmGroupEndpoints.likeName)
      return [{ id: 'g1', name: '科研得分', currentResultVersion: 2 }];
    if (endpoint === E.saveBinding) return save(args?.body);
    throw new Error(endpoint.path);
  });
});

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
});

async function open(row: BindingRow) {
  const onClose = vi.fn();
  const view = await renderWithQueries(<BindingFormModal open binding={row} onClose={onClose} />);
  cleanup = view.unmount;
  await wait(20);
  return onClose;
}

const input = (name: string) => document.querySelector(`#${name}`);
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const saves = () => client.call.mock.calls.filter(([endpoint]) => endpoint === E.saveBinding);
/** Presses 确定 and waits for its outcome: a message under a field, or the save. */
async function confirm() {
  const before = saves().length;
  await click(byText(document.body, 'button', '确定'));
  await until(() => errors().length > 0 || saves().length > before);
  await wait(50);
}
const INTERFACE = binding({ pointName: '学生投诉次数', collectionMethod: 'interface' });

describe('the binding form', { timeout: 20_000 }, () => {
  it('asks an algorithm point for its result group and sends nothing without it', async () => {
    const onClose = await open(binding({}));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('采集配置：科研得分（算法）');
    expect(input('endpointUrl')).toBeNull();
    await confirm();
    expect(errors()).toEqual(['请选择结果算法组']);
    expect(saves()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks an interface point for its address, code and value fields, and refuses an address that is not http(s)', async () => {
    await open(INTERFACE);
    expect(document.body.textContent).not.toContain('结果算法组');
    await confirm();
    expect(errors()).toEqual(['请输入接口地址', '请输入对象编码字段', '请输入数值字段']);
    await typeInto(input('endpointUrl'), 'jw.example.edu.cn/api');
    await typeInto(input('codeField'), 'code');
    await typeInto(input('valueField'), 'value');
    // Typing checks each field again: only the address is still wrong.
    await until(() => errors().length === 1);
    await confirm();
    expect(errors()).toEqual(['请输入 http:// 或 https:// 开头的地址']);
    expect(saves()).toHaveLength(0);
  });

  it('refuses a plausible range whose lower bound is above the upper one', async () => {
    await open(binding({ resultGroupId: 'g1', resultGroupName: '科研得分' }));
    await typeInto(input('plausibleMin'), '100');
    await typeInto(input('plausibleMax'), '10');
    await confirm();
    expect(errors()).toEqual(['合理范围下限不能大于上限']);
    expect(saves()).toHaveLength(0);
  });

  it('saves an interface binding under the point’s wire id and closes', async () => {
    const onClose = await open(INTERFACE);
    await typeInto(input('endpointUrl'), 'https://jw.example.edu.cn/api/complaints');
    await typeInto(input('listPath'), 'data.list');
    await typeInto(input('codeField'), 'teacher');
    await typeInto(input('valueField'), 'count');
    await typeInto(input('plausibleMin'), '0');
    await confirm();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.[1]).toEqual({
      body: expect.objectContaining({
        zkdid: 'p1',
        endpointUrl: 'https://jw.example.edu.cn/api/complaints',
        listPath: 'data.list',
        codeField: 'teacher',
        valueField: 'count',
        plausibleMin: 0,
      }),
      json: true,
    });
    expect(toast.success).toHaveBeenCalledWith('保存成功');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open with what was typed when the server refuses', async () => {
    save = async () => {
      throw new Error('接口地址必须以 http:// 或 https:// 开头');
    };
    const onClose = await open(binding({ resultGroupId: 'g1', resultGroupName: '科研得分' }));
    await confirm();
    expect(saves()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-modal-title')?.textContent).toContain('科研得分');
  });
});
