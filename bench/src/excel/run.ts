import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeWorkbook } from '../../../apps/server/src/platform/excel/write.ts';
import { withClient, withScratchDatabase } from '../harness.ts';
import { BENCH_COLUMNS, TARGET_TYPES } from './columns.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const GOAL_ROWS_PER_SECOND = 20_000;
const GOAL_RSS_MB = 300;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Rows as a school would fill them: varied text, numbers and dates, every one valid and distinct. */
function* benchRows(count: number) {
  const types = Object.values(TARGET_TYPES);
  for (let i = 0; i < count; i++) {
    yield [
      `部门${String(Math.floor(i / types.length)).padStart(6, '0')}`,
      types[i % types.length]!,
      `user${i}`,
      `0571-${String(80000000 + i)}`,
      i % 1000,
      `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      `第${i}行的备注：分管教学质量`,
    ];
  }
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'eduqa-bench-excel-'));
  const file = path.join(dir, 'chargers.xlsx');
  try {
    let t0 = performance.now();
    const columns = Object.values(BENCH_COLUMNS).map((c) => ({ header: c.header }));
    await writeFile(file, await writeWorkbook([{ name: '负责人', columns, rows: benchRows(ROWS) }]));
    const size = (await stat(file)).size;
    log(`== Excel import benchmark: ${ROWS} rows, ${(size / 1024 / 1024).toFixed(1)} MB xlsx`);
    log(`written by the streaming writer in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    await withScratchDatabase('eduqa_bench_excel', async (url) => {
      await withClient(url, (c) =>
        c.query(`create table bench_excel_chargers (
          department text not null, target_type text not null, account text not null, phone text not null,
          amount int not null, day date not null, remark text not null, primary key (department, target_type))`),
      );
      t0 = performance.now();
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'import.ts'), file, url],
        { maxBuffer: 1024 * 1024 },
      );
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        rows: number;
        written: number;
        readMs: number;
        totalMs: number;
        maxRssKb: number;
      };
      const stored = await withClient(url, (c) =>
        c.query('select count(*)::int as n from bench_excel_chargers'),
      );
      const count = (stored.rows[0] as { n: number }).n;
      if (count !== ROWS || result.rows !== ROWS)
        throw new Error(`read ${result.rows}, stored ${count} of ${ROWS}`);
      const rate = result.rows / (result.totalMs / 1000);
      const rssMb = result.maxRssKb / 1024;
      log(`read + checked ${result.rows} rows in ${(result.readMs / 1000).toFixed(2)} s`);
      log(
        `imported (read, plan, one transaction) in ${(result.totalMs / 1000).toFixed(2)} s: ${Math.round(rate)} rows/s (goal ≥ ${GOAL_ROWS_PER_SECOND})`,
      );
      log(`peak RSS of the importing process: ${rssMb.toFixed(0)} MB (goal < ${GOAL_RSS_MB} MB)`);
      log(
        `child process wall time ${((performance.now() - t0) / 1000).toFixed(1)} s (includes node + tsx start-up)`,
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
