// @vitest-environment happy-dom
import { warehouseEndpoints as E, type WarehouseField } from '@eduqa/contract';
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, typeInto, wait } from '../../../shared/testing/dom.tsx';
import { RowsBrowser } from './rows-browser.tsx';

const client = vi.hoisted(() => ({ call: vi.fn(), download: vi.fn() }));
vi.mock('../../../shared/api/client.ts', () => client);

const field = (
  code: string,
  label: string,
  type: WarehouseField['type'],
  refKind: WarehouseField['refKind'] = null,
): WarehouseField => ({
  id: code,
  tableId: 't1',
  label,
  code,
  type,
  isRequired: false,
  isUnique: false,
  refKind,
  refTypeId: null,
  sort: 0,
});
const FIELDS = [field('xh', '学号', 'text'), field('cj', '成绩', 'integer'), field('zx', '在校', 'boolean')];

let records: Array<Record<string, string | null>> = [];
beforeEach(() => {
  records = [];
  client.call.mockReset().mockImplementation(async () => ({ records, total: records.length }));
});

let cleanup: (() => void) | null = null;
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  // antd's dropdown and dialog motion ends on timers: let that work run while happy-dom still stands.
  await wait(50);
  document.body.innerHTML = '';
});

async function open(fields: readonly WarehouseField[] = FIELDS) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await renderWithQueries(<RowsBrowser tableId="t1" fields={fields} />, queries);
  cleanup = view.unmount;
  await wait(50);
  return view.container;
}

/** Opens the select named `label` and answers its options (a test opens each select once: antd keeps old dropdowns). */
async function optionsOf(root: HTMLElement, label: string) {
  const select = root.querySelector(`[aria-label="${label}"]`)?.closest('.ant-select');
  await act(async () => {
    select?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1);
  return [...(open?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
}
const texts = (elements: readonly Element[]) => elements.map((e) => e.textContent);

/** The filters of the last rows query, as sent. */
const sentFilters = () => {
  const args = client.call.mock.calls.at(-1)?.[1] as { query: { filters: string } };
  return JSON.parse(args.query.filters) as unknown;
};

async function addFilter(root: HTMLElement, fieldLabel: string, value: string) {
  const fields = await optionsOf(root, '筛选字段');
  await click(fields.find((o) => o.textContent?.startsWith(fieldLabel)) ?? null);
  await typeInto(root.querySelector('input[placeholder="筛选值"], input[placeholder="是 或 否"]'), value);
  await click(byText(root, 'button', '添加筛选'));
  await wait(50);
}

describe('the rows browser', { timeout: 20_000 }, () => {
  it('asks for the first page without filters, and shows empty cells and booleans in Chinese', async () => {
    records = [
      { _xh: '1', xh: '2024001', cj: null, zx: 'true', _imported_at: '2026-03-01 08:00:00' },
      { _xh: '2', xh: '2024002', cj: '90', zx: 'false', _imported_at: '2026-03-01 08:00:00' },
    ];
    const root = await open();
    expect(client.call).toHaveBeenCalledWith(E.rows, {
      query: { id: 't1', filters: '[]', pageNum: 1, pageSize: 10 },
    });
    const rows = [...root.querySelectorAll('tbody tr.ant-table-row')].map((r) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['1', '2024001', '空', '是', '2026-03-01 08:00:00'],
      ['2', '2024002', '90', '否', '2026-03-01 08:00:00'],
    ]);
    expect(byText(root, 'button', '添加筛选')?.hasAttribute('disabled')).toBe(true);
  });

  it('names the fields with their types, and offers 包含 for text fields only', async () => {
    const opsOf = async (index: number) => {
      cleanup?.();
      document.body.innerHTML = '';
      const root = await open();
      const fields = await optionsOf(root, '筛选字段');
      await click(fields[index] ?? null);
      return { root, fields: texts(fields), ops: texts(await optionsOf(root, '筛选方式')) };
    };
    const text = await opsOf(0);
    expect(text.fields).toEqual(['学号（文本）', '成绩（整数）', '在校（是/否）']);
    expect(text.ops).toEqual(['等于', '包含']);
    expect((await opsOf(1)).ops).toEqual(['等于']);
    const boolean = await opsOf(2);
    expect(boolean.ops).toEqual(['等于']);
    expect(boolean.root.querySelector('input[placeholder="是 或 否"]')).not.toBeNull();
  });

  it('sends a filter with its value trimmed, shows it as a tag, and says when nothing matches', async () => {
    const root = await open();
    await addFilter(root, '学号', '  2024009 ');
    expect(sentFilters()).toEqual([{ zddm: 'xh', op: 'eq', value: '2024009' }]);
    expect(texts([...root.querySelectorAll('.ant-tag')])).toEqual(['学号 等于 2024009']);
    expect(root.textContent).toContain('没有符合筛选条件的数据');
  });

  it('replaces the filter of a field filtered again, keeps the others, and drops one closed', async () => {
    const root = await open();
    await addFilter(root, '学号', '2024001');
    await addFilter(root, '成绩', '');
    await addFilter(root, '学号', '2024002');
    expect(sentFilters()).toEqual([
      { zddm: 'cj', op: 'eq', value: '' },
      { zddm: 'xh', op: 'eq', value: '2024002' },
    ]);
    expect(texts([...root.querySelectorAll('.ant-tag')])).toEqual(['成绩 等于 （空）', '学号 等于 2024002']);
    await click(root.querySelector('.ant-tag .ant-tag-close-icon'));
    await wait(50);
    expect(sentFilters()).toEqual([{ zddm: 'xh', op: 'eq', value: '2024002' }]);
    expect(texts([...root.querySelectorAll('.ant-tag')])).toEqual(['学号 等于 2024002']);
  });

  it('says the table is empty when no filter is in force', async () => {
    const root = await open();
    expect(root.textContent).toContain('表中还没有数据');
    expect(root.textContent).not.toContain('没有符合筛选条件的数据');
  });

  it('shows a key field by the name the server answers, a 序号 per row, and never a record id', async () => {
    const fields = [
      field('n', '序', 'integer'),
      field('yxbm', '院系', 'text', 'department'),
      field('record_id', '记录编号', 'text', 'record'),
    ];
    records = [{ _xh: '11', n: '11', yxbm: '信息工程学院', _imported_at: '2026-03-01 16:00:00' }];
    const root = await open(fields);
    const headers = [...root.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['序号', '序', '院系', '导入时间']);
    const cells = [...root.querySelectorAll('tbody tr.ant-table-row td')].map((td) => td.textContent);
    expect(cells).toEqual(['11', '11', '信息工程学院', '2026-03-01 16:00:00']);
    const options = texts(await optionsOf(root, '筛选字段'));
    expect(options).toEqual(['序（整数）', '院系（文本）']);
  });

  it('filters a key field by name, 包含 offered', async () => {
    const root = await open([field('yxbm', '院系', 'text', 'department')]);
    await click((await optionsOf(root, '筛选字段'))[0] ?? null);
    expect(texts(await optionsOf(root, '筛选方式'))).toEqual(['等于', '包含']);
    await typeInto(root.querySelector('input[placeholder="部门名称"]'), '信息工程学院');
    await click(byText(root, 'button', '添加筛选'));
    await wait(50);
    expect(sentFilters()).toEqual([{ zddm: 'yxbm', op: 'eq', value: '信息工程学院' }]);
  });

  it('asks the server to sort by a column clicked, ascending then descending', async () => {
    const root = await open([field('n', '序', 'integer'), field('yxbm', '院系', 'text', 'department')]);
    const header = () =>
      [...root.querySelectorAll<HTMLElement>('thead th')].find((th) => th.textContent === '序');
    await click(header() ?? null);
    await wait(50);
    expect(client.call.mock.calls.at(-1)?.[1]).toMatchObject({ query: { pxzd: 'n', pxfs: 'asc' } });
    await click(header() ?? null);
    await wait(50);
    expect(client.call.mock.calls.at(-1)?.[1]).toMatchObject({ query: { pxzd: 'n', pxfs: 'desc' } });
  });
});
