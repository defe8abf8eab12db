import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createWarehouseRepo } from '../../../apps/server/src/modules/warehouse/warehouse.repo.ts';
import { createWarehouseService } from '../../../apps/server/src/modules/warehouse/warehouse.service.ts';
import { writeWorkbook } from '../../../apps/server/src/platform/excel/write.ts';
import { withScratchDatabase } from '../harness.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const GOAL_ROWS_PER_SECOND = 20_000;
const GOAL_RSS_MB = 300;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The student-grade table of a school warehouse: one unique required key and each field type. */
const FIELDS = [
  { label: '学号', code: 'xh', type: 'text', isRequired: true, isUnique: true },
  { label: '姓名', code: 'xm', type: 'text', isRequired: true, isUnique: false },
  { label: '年级', code: 'nj', type: 'integer', isRequired: false, isUnique: false },
  { label: '成绩', code: 'cj', type: 'decimal', isRequired: false, isUnique: false },
  { label: '考试日期', code: 'ksrq', type: 'date', isRequired: false, isUnique: false },
  { label: '提交时间', code: 'tjsj', type: 'datetime', isRequired: false, isUnique: false },
  { label: '是否补考', code: 'sfbk', type: 'boolean', isRequired: false, isUnique: false },
] as const;

function* benchRows(count: number) {
  const surnames = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨';
  for (let i = 0; i < count; i++) {
    const month = String((i % 12) + 1).padStart(2, '0');
    const day = String((i % 28) + 1).padStart(2, '0');
    yield [
      `2024${String(i).padStart(8, '0')}`,
      `${surnames[i % surnames.length]}同学${i}`,
      2021 + (i % 4),
      Math.round((60 + (i % 400) / 10) * 10) / 10,
      `2025-${month}-${day}`,
      `2025-${month}-${day} ${String(i % 24).padStart(2, '0')}:30:00`,
      i % 9 === 0 ? '是' : '否',
    ];
  }
}

/** A fresh database with the app's migrations and one created warehouse table; answers its id. */
async function prepare(url: string): Promise<string> {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const service = createWarehouseService({ repo: createWarehouseRepo(database.db) });
    const warehouse = await service.createWarehouse({ name: '学生数据' });
    const table = await service.createTable({ warehouseId: warehouse.id, name: '学生成绩' });
    for (const field of FIELDS) await service.createField(table.id, { ...field, refKind: null });
    await service.createPhysical(table.id);
    return table.id;
  } finally {
    await database.close();
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'eduqa-bench-warehouse-'));
  const file = path.join(dir, 'grades.xlsx');
  try {
    const columns = FIELDS.map((f) => ({ header: f.label }));
    await writeFile(file, await writeWorkbook([{ name: '学生成绩', columns, rows: benchRows(ROWS) }]));
    log(
      `== Warehouse data import: ${ROWS} rows × ${FIELDS.length} columns, ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB xlsx`,
    );
    await withScratchDatabase('eduqa_bench_wh', async (url) => {
      const tableId = await prepare(url);
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'import-run.ts'), file, url, tableId],
        { maxBuffer: 1024 * 1024 },
      );
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        imported: boolean;
        count: number;
        errors: unknown[];
        totalMs: number;
        maxRssKb: number;
        baselineRssKb: number;
      };
      if (!result.imported || result.count !== ROWS)
        throw new Error(`import refused: ${JSON.stringify(result)}`);
      const rate = result.count / (result.totalMs / 1000);
      const rssMb = result.maxRssKb / 1024;
      log(
        `imported in ${(result.totalMs / 1000).toFixed(2)} s: ${Math.round(rate)} rows/s (goal ≥ ${GOAL_ROWS_PER_SECOND})`,
      );
      log(`peak RSS of the importing process: ${rssMb.toFixed(0)} MB (goal < ${GOAL_RSS_MB} MB)`);
      log(
        `  of which before the import began (node, tsx, the app's modules): ${(result.baselineRssKb / 1024).toFixed(0)} MB`,
      );
      if (rate < GOAL_ROWS_PER_SECOND || rssMb >= GOAL_RSS_MB) process.exitCode = 1;
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
