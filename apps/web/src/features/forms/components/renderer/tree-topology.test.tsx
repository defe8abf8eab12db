// @vitest-environment happy-dom
import type { FormDefinition } from '@eduqa/contract';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { byText, click, render } from '../../../../shared/testing/dom.tsx';
import { FormRenderer } from './form-renderer.tsx';
import type { FormRow } from './form-row.ts';

const definition = (layout: FormDefinition['layout']): FormDefinition => ({
  formType: 'fixed',
  layout,
  fields: [
    {
      key: 'name',
      label: '名称',
      component: 'text',
      help: '',
      defaultValue: '',
      span: 24,
      validations: [],
      options: null,
    },
  ],
});

const rows: FormRow[] = [
  { id: 'a', parentId: null, links: [], values: { name: '学校' } },
  { id: 'b', parentId: 'a', links: ['a'], values: { name: '学院' } },
];

function Harness({ layout, seen }: { layout: FormDefinition['layout']; seen: FormRow[][] }) {
  const [records, setRecords] = useState(rows);
  return (
    <FormRenderer
      definition={definition(layout)}
      records={records}
      viewMode="edit"
      optionsOf={() => []}
      onChange={(next) => {
        seen.push(next);
        setRecords(next);
      }}
    />
  );
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

async function renderLayout(layout: FormDefinition['layout']) {
  const seen: FormRow[][] = [];
  const view = await render(<Harness layout={layout} seen={seen} />);
  cleanup = view.unmount;
  return { root: view.container, seen };
}

// antd's first render is slow on a shared machine: allow more than the default 5 s per test.
describe('tree and topology layouts', { timeout: 30_000 }, () => {
  it('shows a child under its parent and adds a child row', async () => {
    const { root, seen } = await renderLayout('tree');
    const child = root.querySelector('[data-row-key="b"]');
    expect(child?.querySelector('.indent-level-1')).not.toBeNull();
    expect(byText(root, 'th', '上级')).not.toBeNull();
    await click(byText(root.querySelector('[data-row-key="b"]') ?? root, 'button', '添加下级'));
    expect(seen.at(-1)?.at(-1)?.parentId).toBe('b');
  });

  it('lists the links of each row and drops links to a deleted row', async () => {
    const { root, seen } = await renderLayout('topology');
    expect(byText(root, 'th', '关联')).not.toBeNull();
    expect(root.querySelector('[data-row-key="b"]')?.textContent).toContain('学校');
    await click(byText(root.querySelector('[data-row-key="a"]') ?? root, 'button', '删除'));
    await click(document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous'));
    expect(seen.at(-1)).toEqual([{ id: 'b', parentId: null, links: [], values: { name: '学院' } }]);
  });
});
