// @vitest-environment happy-dom
import type { FormDefinition } from '@eduqa/contract';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byText, click, drag, keyDown, render, typeInto } from '../../../../shared/testing/dom.tsx';
import { FormDesigner } from './form-designer.tsx';

const empty: FormDefinition = { formType: 'floating', layout: 'normal', fields: [] };
const constantTypes = [{ id: 'ct-1', name: '学历' }];

/** The designer held by a page that keeps the definition; `seen` records what the page was told. */
function Harness({ seen }: { seen: FormDefinition[] }) {
  const [definition, setDefinition] = useState(empty);
  return (
    <FormDesigner
      value={definition}
      constantTypes={constantTypes}
      onChange={(next) => {
        seen.push(next);
        setDefinition(next);
      }}
    />
  );
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

async function renderDesigner() {
  const seen: FormDefinition[] = [];
  const view = await render(<Harness seen={seen} />);
  cleanup = view.unmount;
  return { root: view.container, seen, last: () => seen.at(-1) };
}

const paletteButton = (root: ParentNode, component: string) =>
  root.querySelector(`[data-testid="field-palette"] [data-component="${component}"]`);
const canvasKeys = (root: ParentNode) =>
  [...root.querySelectorAll('[data-field-key]')].map((el) => el.getAttribute('data-field-key'));
const button = (root: ParentNode, text: string) => byText(root, 'button', text);

// antd's first render is slow on a shared machine: allow more than the default 5 s per test.
describe('form designer', { timeout: 30_000 }, () => {
  it('adds a field from the palette and edits its label', async () => {
    const { root, last } = await renderDesigner();
    expect(root.textContent).toContain('表单至少需要一个字段');
    await click(paletteButton(root, 'email'));
    expect(canvasKeys(root)).toEqual(['field_1']);
    expect(root.querySelector<HTMLInputElement>('#field-label')?.value).toBe('邮箱');
    await typeInto(root.querySelector('#field-label'), '工作邮箱');
    expect(last()?.fields).toMatchObject([{ key: 'field_1', label: '工作邮箱', component: 'email' }]);
    expect(byText(root, '[data-field-key="field_1"]', '工作邮箱')).not.toBeNull();
    expect(root.textContent).not.toContain('表单至少需要一个字段');
  });

  it('names what blocks saving: a select without its constant type, a taken key', async () => {
    const { root, last } = await renderDesigner();
    await click(paletteButton(root, 'text'));
    await click(paletteButton(root, 'select'));
    expect(root.textContent).toContain('第2个字段「下拉单选」：字段「下拉单选」需要选择常量类型作为选项来源');
    await typeInto(root.querySelector('#field-key'), 'field_1');
    expect(root.textContent).toContain('字段标识「field_1」重复');
    expect(last()?.fields.map((f) => f.key)).toEqual(['field_1', 'field_1']);
  });

  it('undoes and redoes with the buttons and the keyboard', async () => {
    const { root, last } = await renderDesigner();
    await click(paletteButton(root, 'text'));
    await click(paletteButton(root, 'date'));
    expect(canvasKeys(root)).toEqual(['field_1', 'field_2']);
    await click(button(root, '撤销'));
    expect(canvasKeys(root)).toEqual(['field_1']);
    await click(button(root, '重做'));
    expect(canvasKeys(root)).toEqual(['field_1', 'field_2']);
    const designer = root.querySelector('[data-testid="form-designer"]');
    await keyDown(designer, { key: 'z', ctrlKey: true });
    expect(last()?.fields).toHaveLength(1);
    await keyDown(designer, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(last()?.fields).toHaveLength(2);
    await keyDown(designer, { key: 'z', ctrlKey: true });
    await keyDown(designer, { key: 'y', ctrlKey: true });
    expect(last()?.fields).toHaveLength(2);
  });

  it('undoes with the keyboard after 重做 was clicked and focus fell to the page', async () => {
    const { root, last } = await renderDesigner();
    await click(paletteButton(root, 'text'));
    await click(button(root, '撤销'));
    await click(button(root, '重做'));
    expect(last()?.fields).toHaveLength(1);
    await keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(last()?.fields).toHaveLength(0);
  });

  it('duplicates and deletes a field after confirmation', async () => {
    const { root } = await renderDesigner();
    await click(paletteButton(root, 'text'));
    await click(root.querySelector('[data-field-key="field_1"] [aria-label="复制"]'));
    expect(canvasKeys(root)).toEqual(['field_1', 'field_2']);
    await click(root.querySelector('[data-field-key="field_1"] [aria-label="删除"]'));
    expect(document.body.textContent).toContain('确定删除字段「单行文本」吗？');
    await click(document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous'));
    expect(canvasKeys(root)).toEqual(['field_2']);
  });

  it('previews the definition read-only', async () => {
    const { root } = await renderDesigner();
    await click(paletteButton(root, 'text'));
    await click(root.querySelector('[aria-label="预览"]'));
    const input = [...root.querySelectorAll('input')].find((el) => el.id.endsWith('-field_1'));
    expect(input?.disabled).toBe(true);
    expect(root.querySelector('[data-testid="field-palette"]')).toBeNull();
  });

  it('drops a palette component before a field and reorders fields by dragging', async () => {
    const { root } = await renderDesigner();
    await click(paletteButton(root, 'text'));
    await click(paletteButton(root, 'date'));
    const transfer = new DataTransfer();
    await drag(paletteButton(root, 'year'), 'dragstart', transfer);
    await drag(root.querySelector('[data-field-key="field_1"]'), 'drop', transfer);
    expect(canvasKeys(root)).toEqual(['field_3', 'field_1', 'field_2']);
    const move = new DataTransfer();
    await drag(root.querySelector('[data-field-key="field_2"]'), 'dragstart', move);
    await drag(root.querySelector('[data-field-key="field_3"]'), 'drop', move);
    expect(canvasKeys(root)).toEqual(['field_2', 'field_3', 'field_1']);
    // However long the list, the strip under it takes a component at the end.
    const atEnd = new DataTransfer();
    await drag(paletteButton(root, 'email'), 'dragstart', atEnd);
    await drag(root.querySelector('[data-testid="canvas-end"]'), 'drop', atEnd);
    expect(canvasKeys(root)).toEqual(['field_2', 'field_3', 'field_1', 'field_4']);
  });

  it('offers no edits when read-only', async () => {
    const definition: FormDefinition = {
      ...empty,
      fields: [
        {
          key: 'name',
          label: '姓名',
          component: 'text',
          help: '',
          defaultValue: '',
          span: 24,
          validations: [],
          options: null,
        },
      ],
    };
    const view = await render(
      <FormDesigner value={definition} constantTypes={constantTypes} onChange={() => undefined} readOnly />,
    );
    cleanup = view.unmount;
    const root = view.container;
    expect(paletteButton(root, 'text')?.hasAttribute('disabled')).toBe(true);
    expect(root.querySelector('[data-field-key="name"] [aria-label="删除"]')).toBeNull();
    await click(root.querySelector('[data-field-key="name"]'));
    expect(root.querySelector<HTMLInputElement>('#field-label')?.disabled).toBe(true);
  });
});
