// @vitest-environment happy-dom
import {
  warehouseEndpoints as E,
  type FieldWire,
  type TableWire,
  toFieldWire,
  toTableWire,
  type WarehouseField,
  type WarehouseTable,
} from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, wait } from '../../shared/testing/dom.tsx';
import { saveField, saveTable, saveWarehouse, type TableDetail, useTableDetail } from './api.ts';

const client = vi.hoisted(() => ({ call: vi.fn(), download: vi.fn() }));
vi.mock('../../shared/api/client.ts', () => client);

const table: WarehouseTable = {
  id: 't1',
  warehouseId: 'w1',
  warehouseName: '学生数据',
  name: '学生成绩',
  remark: '',
  physicalName: 't_0a1b',
  isCreated: true,
  fieldCount: 1,
  rowCount: 12,
  deletedAt: null,
  createdAt: new Date('2024-09-01T08:30:00.000Z'),
};
const field: WarehouseField = {
  id: 'f1',
  tableId: 't1',
  label: '学号',
  code: 'xh',
  type: 'text',
  isRequired: true,
  isUnique: false,
  refKind: null,
  refTypeId: null,
  sort: 0,
};

beforeEach(() => client.call.mockReset().mockResolvedValue(undefined));
afterEach(() => {
  document.body.innerHTML = '';
});

describe('warehouse api', () => {
  it('reads a table page answer into English names once, fields included', async () => {
    const wire: TableWire & { fields: FieldWire[] } = { ...toTableWire(table), fields: [toFieldWire(field)] };
    client.call.mockResolvedValue(wire);
    let seen: TableDetail | undefined;
    function Probe() {
      seen = useTableDetail('t1').data;
      return null;
    }
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = await render(
      <QueryClientProvider client={queries}>
        <Probe />
      </QueryClientProvider>,
    );
    for (let i = 0; i < 20 && !seen; i++) await wait(10);
    view.unmount();
    expect(client.call).toHaveBeenCalledWith(E.tableDetail, { query: { id: 't1' } });
    expect(seen).toEqual({ ...table, fields: [field] });
    expect(seen).not.toHaveProperty('bmc');
  });

  it('inserts a new warehouse, table or field and updates an existing one by its id', async () => {
    await saveWarehouse({ name: '新仓库', remark: '', sort: 0 }, null);
    expect(client.call).toHaveBeenLastCalledWith(E.warehouseInsert, {
      body: { ckmc: '新仓库', ckms: '', sort: 0 },
      json: true,
    });
    await saveTable({ name: '新表', remark: '' }, 'w1', null);
    expect(client.call).toHaveBeenLastCalledWith(E.tableInsert, {
      body: { bmc: '新表', bms: '', ckid: 'w1' },
      json: true,
    });
    await saveTable({ name: '改名', remark: '' }, 'w1', table);
    expect(client.call).toHaveBeenLastCalledWith(E.tableUpdate, {
      body: { bmc: '改名', bms: '', id: 't1' },
      json: true,
    });
    const values = {
      label: '学号',
      code: 'xh',
      type: 'text' as const,
      isRequired: true,
      isUnique: false,
      refKind: '' as const,
    };
    const body = { zdmc: '学号', zddm: 'xh', zdlx: 'text', sfbt: true, sfwy: false, gllx: '' };
    await saveField(values, 't1', null);
    expect(client.call).toHaveBeenLastCalledWith(E.fieldInsert, {
      body: { ...body, ckbid: 't1' },
      json: true,
    });
    await saveField(values, 't1', field);
    expect(client.call).toHaveBeenLastCalledWith(E.fieldUpdate, { body: { ...body, id: 'f1' }, json: true });
  });
});
