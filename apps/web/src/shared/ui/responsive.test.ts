import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { phoneTable } from './responsive.ts';

interface Row {
  name: string;
}

const columns: TableColumnsType<Row> = [
  { key: 'name', title: '名称' },
  { key: 'dept', title: '部门', width: 120 },
  { key: 'actions', title: '操作', width: 100 },
];

describe('phoneTable', () => {
  it('leaves a desk table exactly as it was', () => {
    const desk = phoneTable({
      isPhone: false,
      columns,
      nameKey: 'name',
      phoneX: 700,
      deskScroll: { x: 810 },
    });
    expect(desk.columns).toBe(columns);
    expect(desk.scroll).toEqual({ x: 810 });
    expect(phoneTable({ isPhone: false, columns, nameKey: 'name', phoneX: 700 }).scroll).toBeUndefined();
  });

  it('on a phone scrolls inside the box with the name fixed left and the actions right', () => {
    const phone = phoneTable({ isPhone: true, columns, nameKey: 'name', actionKey: 'actions', phoneX: 700 });
    expect(phone.scroll).toEqual({ x: 700 });
    expect(phone.columns[0]).toMatchObject({ key: 'name', fixed: 'left', width: 130 });
    expect(phone.columns[1]).not.toHaveProperty('fixed');
    expect(phone.columns[2]).toMatchObject({ key: 'actions', fixed: 'right', width: 100 });
    // The input is not changed: the desk rendering of the same columns stays as it was.
    expect(columns[0]).not.toHaveProperty('fixed');
    const narrow = phoneTable({
      isPhone: true,
      columns,
      nameKey: 'name',
      actionKey: 'actions',
      actionWidth: 80,
      phoneX: 700,
    });
    expect(narrow.columns[2]).toMatchObject({ fixed: 'right', width: 80 });
  });
});
