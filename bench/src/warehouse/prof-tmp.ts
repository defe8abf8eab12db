import { readFile, writeFile } from 'node:fs/promises';
import { readSheetRows } from '/work/wt/h-warehouse/apps/server/src/platform/excel/read-sheet.ts';
import { writeWorkbook } from '/work/wt/h-warehouse/apps/server/src/platform/excel/write.ts';

function* rows(n: number) {
  for (let i = 0; i < n; i++)
    yield [
      `2024${String(i).padStart(8, '0')}`,
      `同学${i}`,
      2021 + (i % 4),
      60.5,
      '2025-01-02',
      '2025-01-02 10:30:00',
      '否',
    ];
}
const file = '/tmp/wh-prof.xlsx';
await writeFile(
  file,
  await writeWorkbook([
    {
      name: 'a',
      columns: ['学号', '姓名', '年级', '成绩', '考试日期', '提交时间', '是否补考'].map((header) => ({
        header,
      })),
      rows: rows(100000),
    },
  ]),
);
const bytes = await readFile(file);
const t = performance.now();
let n = 0;
for await (const r of readSheetRows(bytes)) n += r.cells.length;
console.log('read', n, performance.now() - t, process.resourceUsage().maxRSS / 1024);
