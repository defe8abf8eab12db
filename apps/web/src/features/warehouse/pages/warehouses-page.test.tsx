// @vitest-environment happy-dom
import {
  warehouseEndpoints as E,
  toTableWire,
  toWarehouseWire,
  type Warehouse,
  type WarehouseTable,
} from '@eduqa/contract';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until, wait } from '../../../shared/testing/dom.tsx';
import { WarehousesPage } from './warehouses-page.tsx';

const client = vi.hoisted(() => ({ call: vi.fn(), download: vi.fn() }));
vi.mock('../../../shared/api/client.ts', () => client);

const warehouse = (id: string, name: string, tableCount: number): Warehouse => ({
  id,
  name,
  remark: '',
  sort: 0,
  tableCount,
  createdAt: new Date('2024-09-01T08:30:00.000Z'),
});
const table = (id: string, name: string, rowCount: number | null): WarehouseTable => ({
  id,
  warehouseId: 'w1',
  warehouseName: '学生数据',
  name,
  remark: '',
  physicalName: rowCount === null ? '' : `t_${id}`,
  isCreated: rowCount !== null,
  fieldCount: 2,
  rowCount,
  deletedAt: null,
  createdAt: new Date('2024-09-01T08:30:00.000Z'),
});

/** The server's answers by endpoint: warehouses, and each warehouse's tables by its id. */
let warehouses: Warehouse[] = [];
let tablesOf: Record<string, WarehouseTable[]> = {};
beforeEach(() => {
  client.call
    .mockReset()
    .mockImplementation(async (endpoint: unknown, args?: { query?: { ckid?: string } }) => {
      if (endpoint === E.warehouseAll) return warehouses.map(toWarehouseWire);
      if (endpoint === E.tableAll) return (tablesOf[args?.query?.ckid ?? ''] ?? []).map(toTableWire);
      throw new Error('unexpected call');
    });
});

let cleanup: (() => void) | null = null;
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  // antd's dropdown and dialog motion ends on timers: let that work run while happy-dom still stands.
  await wait(50);
  document.body.innerHTML = '';
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function open() {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await renderWithQueries(
    <MemoryRouter initialEntries={['/warehouse']}>
      <Routes>
        <Route path="/warehouse" element={<WarehousesPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    queries,
  );
  cleanup = view.unmount;
  await wait(50);
  return view.container;
}

const card = (root: ParentNode, testId: string) =>
  root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const cardTitles = (root: ParentNode, prefix: string) =>
  [...root.querySelectorAll(`[data-testid^="${prefix}"] .ant-card-head-title`)].map((e) => e.textContent);

describe('the warehouses page', { timeout: 20_000 }, () => {
  it('asks for a first warehouse when there is none', async () => {
    warehouses = [];
    const root = await open();
    expect(root.textContent).toContain('还没有数据仓库，请先新增仓库');
    expect(client.call).toHaveBeenCalledTimes(1);
  });

  it('shows each warehouse as a card and the first one’s tables with their rows or 未建物理表', async () => {
    warehouses = [warehouse('w1', '学生数据', 2), warehouse('w2', '教师数据', 0)];
    tablesOf = { w1: [table('t1', '学生成绩', 12), table('t2', '学生名单', null)] };
    const root = await open();
    await until(() => card(root, 'table-card-学生名单') !== null);
    expect(cardTitles(root, 'warehouse-card-')).toEqual(['学生数据', '教师数据']);
    expect(card(root, 'warehouse-card-学生数据')?.textContent).toContain('2 张表');
    expect(card(root, 'warehouse-card-学生数据')?.className).toContain('library-card-selected');
    expect(card(root, 'warehouse-card-学生数据')?.textContent).toContain('暂无说明');
    expect(root.textContent).toContain('「学生数据」的数据表');
    expect(cardTitles(root, 'table-card-')).toEqual(['学生成绩', '学生名单']);
    expect(card(root, 'table-card-学生成绩')?.textContent).toContain('12 行');
    expect(card(root, 'table-card-学生名单')?.textContent).toContain('未建物理表');
    expect(client.call).toHaveBeenCalledWith(E.tableAll, { query: { ckid: 'w1' } });
  });

  it('shows the tables of the warehouse clicked, and says when it has none', async () => {
    warehouses = [warehouse('w1', '学生数据', 1), warehouse('w2', '教师数据', 0)];
    tablesOf = { w1: [table('t1', '学生成绩', 12)] };
    const root = await open();
    await click(card(root, 'warehouse-card-教师数据'));
    await until(() => root.textContent?.includes('仓库中还没有数据表') ?? false);
    expect(card(root, 'warehouse-card-教师数据')?.className).toContain('library-card-selected');
    expect(card(root, 'warehouse-card-学生数据')?.className).not.toContain('library-card-selected');
    expect(root.textContent).toContain('「教师数据」的数据表');
    expect(root.textContent).toContain('仓库中还没有数据表');
    expect(cardTitles(root, 'table-card-')).toEqual([]);
    expect(client.call).toHaveBeenCalledWith(E.tableAll, { query: { ckid: 'w2' } });
  });

  it('opens a table’s page from its card, and the recycle bin from its button', async () => {
    warehouses = [warehouse('w1', '学生数据', 1)];
    tablesOf = { w1: [table('t1', '学生成绩', 12)] };
    let root = await open();
    await until(() => card(root, 'table-card-学生成绩') !== null);
    await click(card(root, 'table-card-学生成绩'));
    expect(root.querySelector('[data-testid="where"]')?.textContent).toBe('/warehouse/table/t1');

    cleanup?.();
    root = await open();
    await click(byText(root, 'button', '回收站'));
    expect(root.querySelector('[data-testid="where"]')?.textContent).toBe('/warehouse/recycle');
  });

  it('asks for the warehouse’s name in Chinese before saving a new one', async () => {
    warehouses = [];
    const root = await open();
    await click(byText(root, 'button', '新增仓库'));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('新增仓库');
    await click(byText(document.body, 'button', '确定'));
    await wait(50);
    const errors = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    expect(errors).toEqual(['请输入仓库名称']);
    expect(client.call).not.toHaveBeenCalledWith(E.warehouseInsert, expect.anything());
  });
});
