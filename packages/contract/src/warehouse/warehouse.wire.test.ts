import { describe, expect, it } from 'vitest';
import type { Warehouse, WarehouseField, WarehouseTable } from './warehouse.schema.ts';
import {
  FieldWireSchema,
  fromFieldWire,
  fromRowFilterWire,
  fromRowWire,
  fromTableWire,
  fromWarehouseWire,
  RowWireSchema,
  TableWireSchema,
  toFieldWire,
  toRowFilterWire,
  toRowWire,
  toTableWire,
  toWarehouseWire,
  WarehouseWireSchema,
} from './warehouse.wire.ts';

const warehouse: Warehouse = {
  id: 'w',
  name: '学生数据',
  remark: '学生的基础数据',
  sort: 2,
  tableCount: 3,
  createdAt: new Date('2024-09-01T08:30:00.000Z'),
};

const table: WarehouseTable = {
  id: 't',
  warehouseId: 'w',
  warehouseName: '学生数据',
  name: '学生成绩',
  remark: '',
  physicalName: 't_0a1b',
  isCreated: true,
  fieldCount: 4,
  rowCount: 120,
  deletedAt: new Date('2024-10-01T00:00:00.000Z'),
  createdAt: new Date('2024-09-01T08:30:00.000Z'),
};

const field: WarehouseField = {
  id: 'f',
  tableId: 't',
  label: '学号',
  code: 'xh',
  type: 'text',
  isRequired: true,
  isUnique: true,
  refKind: 'object',
  refTypeId: null,
  sort: 1,
};

describe('warehouse wire', () => {
  it('round-trips a warehouse through its pinyin shape', () => {
    const wire = toWarehouseWire(warehouse);
    expect(WarehouseWireSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ ckmc: '学生数据', ckms: '学生的基础数据', bsl: 3 });
    expect(fromWarehouseWire(wire)).toEqual(warehouse);
  });

  it('round-trips a table, created or not, live or binned', () => {
    for (const t of [table, { ...table, isCreated: false, rowCount: null, deletedAt: null }]) {
      const wire = toTableWire(t);
      expect(TableWireSchema.parse(wire)).toEqual(wire);
      expect(fromTableWire(wire)).toEqual(t);
    }
    expect(toTableWire(table)).toMatchObject({
      bmc: '学生成绩',
      ckmc: '学生数据',
      sfcj: 1,
      hs: 120,
      zdsl: 4,
    });
    expect(toTableWire({ ...table, isCreated: false, deletedAt: null })).toMatchObject({
      sfcj: 0,
      scsj: null,
    });
  });

  it('round-trips a field, with and without a reference, and names its column', () => {
    for (const f of [
      field,
      { ...field, isRequired: false, isUnique: false, refKind: null, type: 'decimal' as const },
      { ...field, refKind: 'constant' as const, refTypeId: 'ct1' },
    ]) {
      const wire = toFieldWire(f);
      expect(FieldWireSchema.parse(wire)).toEqual(wire);
      expect(fromFieldWire(wire)).toEqual(f);
    }
    expect(toFieldWire(field)).toMatchObject({
      zdmc: '学号',
      zddm: 'xh',
      lm: 'c_xh',
      sfbt: 1,
      sfwy: 1,
      gllx: 'object',
    });
    expect(toFieldWire({ ...field, refKind: null }).gllx).toBe('');
    expect(toFieldWire(field).cllxid).toBe('');
    expect(toFieldWire({ ...field, refKind: 'constant', refTypeId: 'ct1' }).cllxid).toBe('ct1');
  });

  it('round-trips a rows filter, its field code travelling as zddm', () => {
    const wire = toRowFilterWire({ code: 'xh', op: 'contains', value: '2024' });
    expect(wire).toEqual({ zddm: 'xh', op: 'contains', value: '2024' });
    expect(JSON.stringify(wire)).toBe('{"zddm":"xh","op":"contains","value":"2024"}');
    expect(fromRowFilterWire(wire)).toEqual({ code: 'xh', op: 'contains', value: '2024' });
  });

  it('puts a browsed row on the wire with its 序号 and import time beside the values, and back', () => {
    const row = { number: 11, importedAt: '2026-03-01 16:00:00', values: { yxbm: '信息工程学院', cj: null } };
    const wire = toRowWire(row);
    expect(wire).toEqual({ yxbm: '信息工程学院', cj: null, _xh: '11', _imported_at: '2026-03-01 16:00:00' });
    expect(RowWireSchema.parse(wire)).toEqual(wire);
    expect(fromRowWire(wire)).toEqual(row);
  });
});
