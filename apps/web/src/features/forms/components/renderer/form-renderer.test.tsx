// @vitest-environment happy-dom
import { type FieldValue, FORM_MESSAGES, type FormDefinition, type FormField } from '@eduqa/contract';
import { act, createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, leave, render, typeInto, wait } from '../../../../shared/testing/dom.tsx';
import { FormRenderer, type FormRendererHandle, type FormRendererProps } from './form-renderer.tsx';
import { type FormRow, newFormRow } from './form-row.ts';
import { UNIQUE_DEBOUNCE_MS } from './use-field-checks.ts';

const field = (
  key: string,
  component: FormField['component'],
  patch: Partial<FormField> = {},
): FormField => ({
  key,
  label: key,
  component,
  help: '',
  defaultValue: '',
  span: 12,
  validations: [],
  options: null,
  ...patch,
});

const definition: FormDefinition = {
  formType: 'floating',
  layout: 'normal',
  fields: [
    field('name', 'text', { label: '姓名', validations: [{ type: 'require' }], help: '与身份证一致' }),
    field('mail', 'email', { label: '邮箱' }),
    field('staff_no', 'text', { label: '工号', validations: [{ type: 'unique' }] }),
  ],
};

const noOptions = () => [];

/** The renderer held by a parent that keeps the records, as a page would. */
function Harness(
  props: Omit<FormRendererProps, 'records' | 'onChange' | 'optionsOf'> & { initial: FormRow[] },
) {
  const [records, setRecords] = useState(props.initial);
  return <FormRenderer {...props} records={records} onChange={setRecords} optionsOf={noOptions} />;
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

async function renderForm(props: Partial<FormRendererProps> & { initial?: FormRow[] } = {}) {
  const view = await render(
    <Harness
      definition={props.definition ?? definition}
      viewMode={props.viewMode ?? 'add'}
      initial={props.initial ?? [{ ...newFormRow(definition), id: 'r1' }]}
      {...(props.checkUnique ? { checkUnique: props.checkUnique } : {})}
      {...(props.ref ? { ref: props.ref } : {})}
      {...(props.errors ? { errors: props.errors } : {})}
    />,
  );
  cleanup = view.unmount;
  return view.container;
}

const input = (root: ParentNode, key: string) => root.querySelector(`[id="r1-${key}"]`);
/** The messages shown; a removed one stays in the DOM while its leave animation would play. */
const messages = (root: ParentNode) =>
  [...root.querySelectorAll('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')].map(
    (el) => el.textContent,
  );

// antd's first render is slow on a shared machine: allow more than the default 5 s per test.
describe('form renderer', { timeout: 30_000 }, () => {
  it('shows the required message when the user leaves an empty required field', async () => {
    const root = await renderForm();
    expect(root.textContent).toContain('与身份证一致');
    expect(messages(root)).toEqual([]);
    await leave(input(root, 'name'));
    expect(messages(root)).toEqual([FORM_MESSAGES.required]);
    await typeInto(input(root, 'name'), '张三');
    expect(messages(root)).toEqual([]);
  });

  it('shows the email message for a malformed address', async () => {
    const root = await renderForm();
    await typeInto(input(root, 'mail'), 'zhang@');
    await leave(input(root, 'mail'));
    expect(messages(root)).toEqual([FORM_MESSAGES.email]);
  });

  it('asks checkUnique once typing pauses and shows the clash', async () => {
    const checkUnique = vi.fn(async (_key: string, value: FieldValue) => value !== 'T001');
    const root = await renderForm({ checkUnique });
    await typeInto(input(root, 'staff_no'), 'T00');
    await typeInto(input(root, 'staff_no'), 'T001');
    expect(checkUnique).not.toHaveBeenCalled();
    await wait(UNIQUE_DEBOUNCE_MS + 50);
    expect(checkUnique).toHaveBeenCalledTimes(1);
    expect(checkUnique).toHaveBeenCalledWith('staff_no', 'T001', 'r1');
    expect(messages(root)).toEqual([FORM_MESSAGES.unique]);
    await typeInto(input(root, 'staff_no'), 'T002');
    await wait(UNIQUE_DEBOUNCE_MS + 50);
    expect(messages(root)).toEqual([]);
  });

  it("shows the server's message until the field is edited", async () => {
    const root = await renderForm({ errors: { r1: { mail: '该邮箱已被其他教师使用' } } });
    expect(messages(root)).toEqual(['该邮箱已被其他教师使用']);
    await typeInto(input(root, 'mail'), 'li@example.com');
    expect(messages(root)).toEqual([]);
  });

  it("keeps the server's message through a check of every field", async () => {
    const ref = createRef<FormRendererHandle>();
    const root = await renderForm({ ref, errors: { r1: { mail: '该邮箱已被其他教师使用' } } });
    await act(async () => {
      await ref.current?.validateAll();
    });
    expect(messages(root)).toContain('该邮箱已被其他教师使用');
  });

  it('validates every field on demand', async () => {
    const ref = createRef<FormRendererHandle>();
    const root = await renderForm({ ref });
    let isValid: boolean | undefined;
    await act(async () => {
      isValid = await ref.current?.validateAll();
    });
    expect(isValid).toBe(false);
    expect(messages(root)).toEqual([FORM_MESSAGES.required]);
  });

  it('shows a read-only form in preview', async () => {
    const root = await renderForm({ viewMode: 'preview' });
    expect(input(root, 'name')?.hasAttribute('disabled')).toBe(true);
  });

  it('draws only the visible rows of a 2,000-row table', async () => {
    const fixed: FormDefinition = { ...definition, formType: 'fixed', layout: 'table' };
    const initial = Array.from({ length: 2000 }, (_, i) => ({
      ...newFormRow(fixed),
      id: `row-${i}`,
      values: { name: `教师${i}`, mail: null, staff_no: `T${i}` },
    }));
    const root = await renderForm({ definition: fixed, initial });
    const drawn = root.querySelectorAll('.ant-table-row').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(200);
    expect(root.querySelector('[id="row-0-name"]')).not.toBeNull();
    expect(root.querySelector('[id="row-1999-name"]')).toBeNull();
  });

  it('adds a row and deletes one after confirmation', async () => {
    const fixed: FormDefinition = { ...definition, formType: 'fixed', layout: 'table' };
    const initial = [{ ...newFormRow(fixed), id: 'r1' }];
    const root = await renderForm({ definition: fixed, initial });
    await click(byText(root, 'button', '新增一行'));
    expect(root.querySelectorAll('.ant-table-row')).toHaveLength(2);
    await click(byText(root.querySelector('[data-row-key="r1"]') ?? root, 'button', '删除'));
    expect(document.body.textContent).toContain('确定删除第1行吗？');
    expect(root.querySelectorAll('.ant-table-row')).toHaveLength(2);
    // antd spaces a two-character button's text (删 除), so the confirm button is found by its role.
    await click(document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous'));
    expect(root.querySelectorAll('.ant-table-row')).toHaveLength(1);
    expect(root.querySelector('[data-row-key="r1"]')).toBeNull();
  });

  it('finds a value repeated in two rows of a unique column when validating all', async () => {
    const fixed: FormDefinition = { ...definition, formType: 'fixed', layout: 'table' };
    const initial = Array.from({ length: 2000 }, (_, i) => ({
      ...newFormRow(fixed),
      id: `row-${i}`,
      values: { name: `教师${i}`, mail: null, staff_no: i === 1999 ? 'T0' : `T${i}` },
    }));
    const ref = createRef<FormRendererHandle>();
    const root = await renderForm({ definition: fixed, initial, ref });
    let isValid: boolean | undefined;
    await act(async () => {
      isValid = await ref.current?.validateAll();
    });
    expect(isValid).toBe(false);
    expect(root.querySelector('[data-row-key="row-0"]')?.textContent).toContain(FORM_MESSAGES.unique);
    expect(root.querySelector('[data-row-key="row-1"]')?.textContent).not.toContain(FORM_MESSAGES.unique);
  });
});
