// @vitest-environment happy-dom
import type { FieldPrefill, FormField } from '@eduqa/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, render } from '../../../shared/testing/dom.tsx';
import { PrefillEditor } from './prefill-editor.tsx';

/** The choices come through api.ts; these stand in for the published forms and the warehouse. */
vi.mock('../api.ts', () => ({
  usePublishedForms: () => ({
    isLoading: false,
    data: [
      { id: 'self', name: '本表单', formType: 'floating' },
      { id: 'info', name: '教师基本信息', formType: 'floating' },
      { id: 'projects', name: '科研项目登记', formType: 'fixed' },
    ],
  }),
  useFormDetail: (id: string) => ({
    data:
      id === 'info'
        ? {
            definition: {
              formType: 'floating',
              layout: 'normal',
              fields: [{ key: 'dh', label: '联系电话', component: 'phone' }],
            },
          }
        : undefined,
  }),
  useSourceTables: () => ({ isLoading: false, data: [{ id: 't1', name: '人事库 / 教师信息' }] }),
  useSourceTableFields: (id: string | undefined) => ({
    data:
      id === 't1'
        ? [
            { code: 'gh', label: '工号', isObject: true },
            { code: 'zc', label: '职称', isObject: false },
          ]
        : undefined,
  }),
}));

const field = (prefill: FieldPrefill | null): FormField => ({
  key: 'zc',
  label: '职称',
  component: 'text',
  help: '',
  defaultValue: '',
  span: 24,
  validations: [],
  options: null,
  prefill,
});

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
  document.body.innerHTML = '';
});

async function open(prefill: FieldPrefill | null, formType: 'floating' | 'fixed' = 'floating') {
  const onChange = vi.fn();
  const view = await render(
    <PrefillEditor
      formId="self"
      formType={formType}
      field={field(prefill)}
      isReadOnly={false}
      onChange={onChange}
    />,
  );
  unmount = view.unmount;
  return { root: view.container, onChange };
}

/** Opens the select named `label` and answers its option texts. */
async function optionsOf(root: HTMLElement, label: string) {
  const select = root.querySelector(`[aria-label="${label}"]`)?.closest('.ant-select');
  await act(async () => {
    select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const dropdowns = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')];
  const open = dropdowns.at(-1);
  return [...(open?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
}

describe('PrefillEditor', () => {
  it('starts a warehouse source from nothing when the kind is chosen', async () => {
    const { root, onChange } = await open(null);
    const kinds = await optionsOf(root, '已有数据来源');
    expect(kinds.map((o) => o.textContent)).toEqual([
      '不引用（由填报人填写）',
      '其他表单（已审核数据）',
      '数据仓库表',
    ]);
    await click(kinds[2] ?? null);
    expect(onChange).toHaveBeenCalledWith({ source: 'warehouse', tableId: '', fieldCode: '', matchCode: '' });
  });

  it('offers other floating forms only, then the chosen form’s fields', async () => {
    const { root, onChange } = await open({ source: 'form', formId: 'info', fieldKey: '' });
    const forms = await optionsOf(root, '来源表单');
    expect(forms.map((o) => o.textContent)).toEqual(['教师基本信息']);
    const fields = await optionsOf(root, '来源字段');
    expect(fields.map((o) => o.textContent)).toEqual(['联系电话（dh）']);
    await click(fields[0] ?? null);
    expect(onChange).toHaveBeenCalledWith({ source: 'form', formId: 'info', fieldKey: 'dh' });
  });

  it('matches the filler by an object-keyed field of the table only', async () => {
    const prefill = { source: 'warehouse', tableId: 't1', fieldCode: 'zc', matchCode: '' } as const;
    const { root, onChange } = await open(prefill);
    expect((await optionsOf(root, '取值字段')).map((o) => o.textContent)).toEqual([
      '工号（gh）',
      '职称（zc）',
    ]);
    const match = await optionsOf(root, '对象字段');
    expect(match.map((o) => o.textContent)).toEqual(['工号（gh）']);
    await click(match[0] ?? null);
    expect(onChange).toHaveBeenCalledWith({ ...prefill, matchCode: 'gh' });
  });

  it('says why a fixed form’s field has no source', async () => {
    const { root } = await open(null, 'fixed');
    expect(root.textContent).toContain('固定表单的每行不是同一对象，不能引用已有数据');
    expect(root.querySelector('[aria-label="已有数据来源"]')).toBeNull();
  });
});
