// @vitest-environment happy-dom
import { warehouseEndpoints as E, formsEndpoints as F, type WarehouseField } from '@eduqa/contract';
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { FieldFormModal } from './field-form-modal.tsx';

const client = vi.hoisted(() => ({ call: vi.fn(), download: vi.fn() }));
vi.mock('../../../shared/api/client.ts', () => client);

// antd's toast lives in a root of its own that closes on a timer, after the test has ended (outside act,
// and after the file when the tests run fast): stand in for it.
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));

const field: WarehouseField = {
  id: 'f1',
  tableId: 't1',
  label: '学号',
  code: 'xh',
  type: 'text',
  isRequired: true,
  isUnique: true,
  refKind: null,
  refTypeId: null,
  sort: 3,
};

let cleanup: (() => void) | null = null;
beforeEach(() => {
  client.call.mockReset().mockResolvedValue({});
  toast.success.mockReset();
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  // The selects' dropdown motion ends on timers: let that work run while happy-dom still stands.
  await wait(50);
  document.body.innerHTML = '';
});

async function open(target: WarehouseField | null = null) {
  const onClose = vi.fn();
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await renderWithQueries(
    <FieldFormModal open tableId="t1" target={target} onClose={onClose} />,
    queries,
  );
  cleanup = view.unmount;
  return onClose;
}

const input = (name: string) => document.querySelector(`#fieldForm_${name}`);
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
/** Opens the select of a form field and answers its option texts. */
async function optionsOf(name: string) {
  const select = input(name)?.closest('.ant-select');
  await act(async () => {
    select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1);
  return [...(open?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map(
    (o) => o.textContent,
  );
}
async function confirm() {
  await click(byText(document.body, 'button', '确定'));
  await wait(50);
}

describe('the warehouse field form', { timeout: 20_000 }, () => {
  it('asks for the name and the code and sends nothing without them', async () => {
    const onClose = await open();
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('新增字段');
    await typeInto(input('label'), '   ');
    await confirm();
    expect(errors()).toEqual(['请输入字段名称', '请输入字段代码']);
    expect(client.call).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a code that is not a lower-case column name, and a name over 60 characters', async () => {
    await open();
    await typeInto(input('label'), '名'.repeat(61));
    await typeInto(input('code'), '1xh');
    await confirm();
    expect(errors()).toEqual([
      '字段名称最多只能输入60个字符',
      '字段代码须以小写字母开头，只含小写字母、数字和下划线，最多41个字符',
    ]);
    await typeInto(input('code'), 'Xh');
    await confirm();
    expect(errors()).toContain('字段代码须以小写字母开头，只含小写字母、数字和下划线，最多41个字符');
    expect(client.call).not.toHaveBeenCalled();
  });

  it('refuses a reference on a field that is not text', async () => {
    await open({ ...field, type: 'integer', refKind: 'department' });
    await confirm();
    expect(errors()).toEqual(['关联字段的类型必须是文本']);
    expect(client.call).not.toHaveBeenCalled();
  });

  it('adds a text field to the table with the defaults and closes', async () => {
    const onClose = await open();
    await typeInto(input('label'), '姓名');
    await typeInto(input('code'), 'xm_1');
    await confirm();
    expect(client.call).toHaveBeenCalledTimes(1);
    expect(client.call).toHaveBeenCalledWith(E.fieldInsert, {
      body: { zdmc: '姓名', zddm: 'xm_1', zdlx: 'text', sfbt: false, sfwy: false, gllx: '', ckbid: 't1' },
      json: true,
    });
    expect(toast.success).toHaveBeenCalledWith('字段已新增');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('updates the field it was opened with, by its id, from its English names', async () => {
    const onClose = await open({ ...field, refKind: 'object' });
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('编辑字段');
    expect((input('label') as HTMLInputElement).value).toBe('学号');
    await confirm();
    expect(client.call).toHaveBeenCalledWith(E.fieldUpdate, {
      body: {
        zdmc: '学号',
        zddm: 'xh',
        zdlx: 'text',
        sfbt: true,
        sfwy: true,
        gllx: 'object',
        sort: 3,
        id: 'f1',
      },
      json: true,
    });
    expect(toast.success).toHaveBeenCalledWith('字段已保存');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers the field types and the references by their Chinese labels', async () => {
    await open();
    expect(await optionsOf('type')).toEqual(['文本', '整数', '小数', '日期', '日期时间', '是/否']);
    expect(await optionsOf('refKind')).toEqual([
      '不关联',
      '周期',
      '部门',
      '诊断对象',
      '用户',
      '填报任务',
      '常量',
    ]);
  });

  it('asks for the constant type of a 常量 reference and sends it', async () => {
    client.call.mockImplementation(async (endpoint: unknown) =>
      endpoint === F.constantTypePage ? { records: [{ id: 'ct1', name: '项目级别' }], total: 1 } : {},
    );
    await open({ ...field, refKind: 'constant', refTypeId: null });
    await confirm();
    expect(errors()).toEqual(['请选择常量类型']);
    expect(await optionsOf('refTypeId')).toEqual(['项目级别']);
    await click([...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].at(-1) ?? null);
    await confirm();
    expect(client.call).toHaveBeenCalledWith(E.fieldUpdate, {
      body: expect.objectContaining({ gllx: 'constant', cllxid: 'ct1', id: 'f1' }),
      json: true,
    });
  });
});
