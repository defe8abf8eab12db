import type { ColumnSpec, TableRow } from '../../../apps/server/src/platform/excel/columns.ts';
import { date, integer, oneOf, text } from '../../../apps/server/src/platform/excel/columns.ts';

/** The benchmark's import: the columns of a charger-like sheet and its pure plan. */

export const TARGET_TYPES = { talent: '人才培养', research: '科学研究', service: '社会服务' } as const;

export const BENCH_COLUMNS = {
  department: { header: '部门', required: true, maxLength: 60, parse: text() },
  targetType: {
    header: '目标类型',
    required: true,
    parse: oneOf(TARGET_TYPES, (raw) => `「${raw}」不是可选的目标类型`),
  },
  account: { header: '负责人账号', required: true, maxLength: 60, parse: text() },
  phone: { header: '联系电话', maxLength: 20, parse: text() },
  amount: {
    header: '目标值',
    required: true,
    parse: integer({ min: 0, max: 1_000_000, message: '目标值必须是整数' }),
  },
  day: { header: '截止日期', required: true, parse: date() },
  remark: { header: '备注', maxLength: 200, parse: text() },
} satisfies Record<string, ColumnSpec<unknown>>;

export type Planned = {
  department: string;
  targetType: string;
  account: string;
  phone: string;
  amount: number;
  day: string;
  remark: string;
};

/** The plan: one row per department and type (a later row replaces an earlier one), as `importChargers` does. */
export function plan(rows: ReadonlyArray<TableRow<typeof BENCH_COLUMNS>>): Planned[] {
  const byKey = new Map<string, Planned>();
  for (const { values, text: cells } of rows) {
    byKey.set(`${cells.department}\u0000${values.targetType}`, {
      department: cells.department,
      targetType: values.targetType!,
      account: cells.account,
      phone: cells.phone,
      amount: values.amount!,
      day: values.day!,
      remark: cells.remark,
    });
  }
  return [...byKey.values()];
}
