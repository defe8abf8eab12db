import type { FormField } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { displayText, type FormRow, newFormRow } from './form-row.ts';
import { descendantTest, treeTableRows } from './row-tree.ts';
import { topologyOption } from './topology-option.ts';

const nameField: FormField = {
  key: 'name',
  label: '名称',
  component: 'text',
  help: '',
  defaultValue: '',
  span: 24,
  validations: [],
  options: null,
};
const row = (id: string, name: string, patch: Partial<FormRow> = {}): FormRow => ({
  id,
  parentId: null,
  links: [],
  values: { name },
  ...patch,
});

describe('tree rows', () => {
  it('nests rows under their parents and keeps orphans and circles at the top', () => {
    const rows = [
      row('a', '学校'),
      row('b', '学院', { parentId: 'a' }),
      row('c', '系', { parentId: 'b' }),
      row('d', '孤立', { parentId: 'gone' }),
      row('e', '甲', { parentId: 'f' }),
      row('f', '乙', { parentId: 'e' }),
    ];
    const tree = treeTableRows(rows);
    expect(tree.map((n) => n.key)).toEqual(['a', 'd', 'e', 'f']);
    expect(tree[0]?.children?.[0]?.key).toBe('b');
    expect(tree[0]?.children?.[0]?.children?.[0]?.key).toBe('c');
    const isUnder = descendantTest(rows);
    expect(isUnder('c', 'a')).toBe(true);
    expect(isUnder('a', 'c')).toBe(false);
  });
});

describe('topology option', () => {
  it('draws a node per row and an arrow per link to a row that exists', () => {
    const rows = [row('a', '服务器'), row('b', '', { links: ['a', 'gone'] })];
    const option = topologyOption(rows, [nameField]);
    const series = (
      option?.series as { data: { id: string; name: string }[]; links: unknown[] }[] | undefined
    )?.[0];
    expect(series?.data.map((n) => n.name)).toEqual(['服务器', '第2行']);
    expect(series?.links).toEqual([{ source: 'b', target: 'a' }]);
    expect(topologyOption([], [nameField])).toBeNull();
  });

  it('escapes names from data in the tooltip', () => {
    const option = topologyOption([row('a', '<img src=x onerror=alert(1)>')], [nameField]);
    const tooltip = option?.tooltip as { formatter: (p: unknown) => string } | undefined;
    expect(tooltip?.formatter({ dataType: 'node', data: { id: 'a' } })).toBe(
      '&lt;img src=x onerror=alert(1)&gt;',
    );
  });
});

describe('form rows', () => {
  it('starts a record with every default and reads values through option labels', () => {
    const fields: FormField[] = [
      { ...nameField, defaultValue: '张三' },
      { ...nameField, key: 'tags', component: 'multiSelect', defaultValue: 'a, b' },
      { ...nameField, key: 'note' },
    ];
    expect(newFormRow({ fields }).values).toEqual({ name: '张三', tags: ['a', 'b'], note: null });
    const options = [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ];
    expect(displayText(['a', 'b', 'z'], options)).toBe('甲、乙、z');
    expect(displayText(null, options)).toBe('');
  });
});
