import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deflated, repeatedDeflate, workbookZip } from './excel.fixtures.ts';
import type { ExcelLimits } from './limits.ts';
import { readSheetRows, type SheetRow } from './read-sheet.ts';
import { writeWorkbook } from './write.ts';

async function readAll(input: Uint8Array, limits?: Partial<ExcelLimits>): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(input, { limits })) rows.push(row);
  return rows;
}

const sheet = (rows: Array<Array<string | number>>, columns = rows[0]?.length ?? 1) =>
  writeWorkbook([
    { name: '数据', columns: Array.from({ length: columns }, (_, i) => ({ header: `列${i + 1}` })), rows },
  ]);

/** Rows whose text repeats, so that they compress far better than real data. */
const repetitive = (count: number) => Array.from({ length: count }, () => ['同一段文字'.repeat(40)]);

describe('reading a workbook within its limits', () => {
  it('reads the header and every row as text', async () => {
    const rows = await readAll(
      await sheet([
        ['甲', 1],
        ['乙', 2],
      ]),
    );
    expect(rows.map((r) => r.cells)).toEqual([
      ['列1', '列2'],
      ['甲', '1'],
      ['乙', '2'],
    ]);
  });

  it('reads a stored upload from its path or from a stream', async () => {
    const bytes = await sheet([['甲'], ['乙']]);
    const dir = await mkdtemp(join(tmpdir(), 'eduqa-test-'));
    try {
      const path = join(dir, 'upload.xlsx');
      await writeFile(path, bytes);
      const texts = async (input: Parameters<typeof readSheetRows>[0]) => {
        const cells: string[][] = [];
        for await (const row of readSheetRows(input)) cells.push(row.cells);
        return cells;
      };
      expect(await texts({ path })).toEqual([['列1'], ['甲'], ['乙']]);
      expect(await texts({ stream: Readable.from([bytes]) })).toEqual([['列1'], ['甲'], ['乙']]);
      const tooBig = readSheetRows({ stream: Readable.from([bytes]) }, { limits: { uploadBytes: 100 } });
      await expect(tooBig.next()).rejects.toThrow('文件超过 1 KB');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file over the upload size', async () => {
    const bytes = await sheet(repetitive(50));
    await expect(readAll(bytes, { uploadBytes: 1024 })).rejects.toThrow('文件超过 1 KB，请拆分后再导入');
  });

  it('refuses by the declared uncompressed size before inflating anything', async () => {
    const bytes = await sheet(repetitive(200));
    await expect(readAll(bytes, { uncompressedBytes: 20 * 1024 })).rejects.toThrow(
      '文件解压后超过 20 KB，请拆分后再导入',
    );
  });

  it('refuses a compression ratio over the limit', async () => {
    const bytes = await sheet(repetitive(2000));
    await expect(readAll(bytes, { compressionRatio: 5, ratioGraceBytes: 10 * 1024 })).rejects.toThrow(
      '文件压缩比超过 5:1，疑似异常文件，请检查后再导入',
    );
  });

  it('refuses more data rows than the limit', async () => {
    const bytes = await sheet(Array.from({ length: 11 }, (_, i) => [`第${i}行`]));
    await expect(readAll(bytes, { rows: 10 })).rejects.toThrow('数据超过 10 行，请拆分后再导入');
    expect(await readAll(bytes, { rows: 11 })).toHaveLength(12);
  });

  it('refuses more columns than the limit', async () => {
    const bytes = await sheet([['a', 'b', 'c', 'd']]);
    await expect(readAll(bytes, { columns: 3 })).rejects.toThrow('表格超过 3 列，请使用下载的模板');
  });

  it('refuses a cell longer than the limit, naming row and column', async () => {
    const bytes = await sheet([['短', '这一格有十一个字符啊啊']]);
    await expect(readAll(bytes, { cellChars: 10 })).rejects.toThrow(
      '第2行第2列的内容超过 10 个字符，请精简后再导入',
    );
  });

  it('answers a file that is not an xlsx as unreadable, never as a fault', async () => {
    await expect(readAll(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
      kind: 'VALIDATION',
      message: '无法读取文件，请使用下载的模板（.xlsx）',
    });
    const notDeflate = workbookZip({ ...deflated('<sst/>'), data: Buffer.from('not deflate at all') });
    await expect(readAll(notDeflate)).rejects.toMatchObject({ kind: 'VALIDATION' });
  });
});

describe('a 3 MB workbook that inflates to gigabytes', () => {
  const bomb = repeatedDeflate({
    prefix: '<sst count="1" uniqueCount="1"><si><t>',
    chunk: 'A'.repeat(1024 * 1024),
    times: 3000,
    suffix: '</t></si></sst>',
  });

  /** Reads `input`, sampling the process's resident memory meanwhile; answers the refusal and the peak. */
  async function refusalAndPeak(input: Uint8Array, limits?: Partial<ExcelLimits>) {
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      await readAll(input, limits);
      return { error: null, peak };
    } catch (error) {
      return { error: error as Error, peak: Math.max(peak, process.memoryUsage().rss) };
    } finally {
      clearInterval(timer);
    }
  }

  it('is about 3 MB', () => {
    expect(bomb.data.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(bomb.data.length).toBeLessThan(3.5 * 1024 * 1024);
  });

  it('is refused by its declared size, memory staying under 300 MB', async () => {
    const honest = workbookZip({ data: bomb.data, declaredSize: bomb.size });
    const { error, peak } = await refusalAndPeak(honest);
    expect(error?.message).toBe('文件解压后超过 100 MB，请拆分后再导入');
    expect(peak).toBeLessThan(300 * 1024 * 1024);
  });

  it('is refused while inflating when its header lies, memory staying under 300 MB', async () => {
    const lying = workbookZip({ data: bomb.data, declaredSize: 1000 });
    const byRatio = await refusalAndPeak(lying);
    expect(byRatio.error?.message).toBe('文件压缩比超过 100:1，疑似异常文件，请检查后再导入');
    const bySize = await refusalAndPeak(lying, { compressionRatio: 5000 });
    expect(bySize.error?.message).toBe('文件解压后超过 100 MB，请拆分后再导入');
    expect(Math.max(byRatio.peak, bySize.peak)).toBeLessThan(300 * 1024 * 1024);
  });
});
