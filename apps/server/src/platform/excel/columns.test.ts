import { describe, expect, it } from 'vitest';
import { date, integer, oneOf, readTable, text } from './columns.ts';
import { writeWorkbook } from './write.ts';

const COLUMNS = {
  name: { header: '名称', required: true, maxLength: 4, parse: text() },
  kind: {
    header: '类型',
    required: true,
    parse: oneOf({ a: '甲类', b: '乙类' }, (raw) => `「${raw}」不是可选类型`),
  },
  count: { header: '数量', parse: integer({ min: 0, max: 99, message: '数量必须是0到99的整数' }) },
  day: { header: '日期', parse: date() },
};

const headers = Object.values(COLUMNS).map((c) => ({ header: c.header }));

describe('reading rows through column specifications', () => {
  it('answers typed rows and each bad cell by row, column and reason', async () => {
    const bytes = await writeWorkbook([
      {
        name: '数据',
        columns: headers,
        rows: [
          ['好的', '乙类', 3, '2026-01-10'],
          ['', '', '', ''],
          ['太长的名称', 'c', 100, '2026/01/10'],
          ['', 'A', '', ''],
        ],
      },
    ]);
    const read = await readTable(bytes, { columns: COLUMNS });
    expect(read.rows.map((r) => [r.row, r.values, r.isValid])).toEqual([
      [2, { name: '好的', kind: 'b', count: 3, day: '2026-01-10' }, true],
      [4, { name: null, kind: null, count: null, day: null }, false],
      [5, { name: null, kind: 'a', count: null, day: null }, false],
    ]);
    expect(read.errors).toEqual([
      { row: 4, column: '名称', message: '最多只能输入4个字符' },
      { row: 4, column: '类型', message: '「c」不是可选类型' },
      { row: 4, column: '数量', message: '数量必须是0到99的整数' },
      { row: 4, column: '日期', message: '日期格式应为 yyyy-MM-dd' },
      { row: 5, column: '名称', message: '请填写名称' },
    ]);
    expect(read.errorCount).toBe(5);
  });

  it("reports a repeated unique key on its column, after the row's own checks, naming the first row", async () => {
    const bytes = await writeWorkbook([
      {
        name: '数据',
        columns: headers,
        rows: [
          ['甲', '甲类', 1, ''],
          ['乙', '甲类', 1, ''],
          ['甲', '乙类', 2, ''],
          ['甲', '甲类', 3, ''],
          ['', '甲类', 3, ''],
        ],
      },
    ]);
    const read = await readTable(bytes, {
      columns: COLUMNS,
      check: (row, fail) => {
        if (row.values.count === 3) fail('count', '数量不能是3');
      },
      unique: {
        column: 'name',
        what: '名称和类型',
        key: ({ values }) => (values.name && values.kind ? `${values.name}|${values.kind}` : null),
      },
    });
    expect(read.rows.map((r) => r.isValid)).toEqual([true, true, true, false, false]);
    expect(read.errors).toEqual([
      { row: 5, column: '数量', message: '数量不能是3' },
      { row: 5, column: '名称', message: '与第2行的名称和类型重复' },
      { row: 6, column: '名称', message: '请填写名称' },
      { row: 6, column: '数量', message: '数量不能是3' },
    ]);
  });

  it('names a missing required column and reads no row', async () => {
    const bytes = await writeWorkbook([{ name: '数据', columns: [{ header: '名称' }], rows: [['甲']] }]);
    const read = await readTable(bytes, { columns: COLUMNS });
    expect(read).toEqual({
      rows: [],
      errors: [{ row: 1, column: '类型', message: '缺少列「类型」，请使用下载的模板' }],
      errorCount: 1,
    });
  });

  it('lists the first 1,000 errors of 100,000 bad rows and counts them all', async () => {
    const rows = (function* () {
      for (let i = 0; i < 100_000; i++) yield ['太长的名称', '丙类', -1, ''] as const;
    })();
    const bytes = await writeWorkbook([{ name: '数据', columns: headers, rows }]);
    const read = await readTable(bytes, { columns: COLUMNS });
    expect(read.errorCount).toBe(300_000);
    expect(read.errors).toHaveLength(1_000);
    expect(read.errors[0]).toEqual({ row: 2, column: '名称', message: '最多只能输入4个字符' });
    expect(read.errors.at(-1)?.row).toBe(335);
    expect(JSON.stringify(read.errors).length).toBeLessThan(100_000);
    // Chinese text survives the stream's chunk boundaries all the way down.
    expect(
      read.errors.filter((e) => e.column === '类型').every((e) => e.message === '「丙类」不是可选类型'),
    ).toBe(true);
  }, 60_000);
});
