import { type ImportRowError, TEXT_LIMITS } from '@eduqa/contract';
import { z } from 'zod';
import { integer, readTable, text } from '../../platform/excel/columns.ts';
import { type ExcelLimits, UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import { helpColumns, templateWorkbook, writeWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { DimensionRow, StandardsRepo } from './standards.repo.ts';

/** The job kind of the dimension import. */
export const DIMENSION_IMPORT_JOB = 'standards-dimension-import';

const SHEET = '维度';
const SPECS = {
  name: {
    header: '维度名称',
    required: true,
    maxLength: TEXT_LIMITS.default,
    parse: text(),
    help: `必填，最多${TEXT_LIMITS.default}个字符；已有同名维度时更新它的显示名称与排序`,
  },
  displayName: {
    header: '显示名称',
    required: true,
    maxLength: TEXT_LIMITS.default,
    parse: text(),
    help: `必填，最多${TEXT_LIMITS.default}个字符`,
  },
  sort: {
    header: '排序',
    parse: integer({ min: 0, max: 99999, message: '排序应为0–99999的整数' }),
    help: '选填，0–99999的整数；不填时新增的排在最后，已有的保持原排序',
  },
};

export interface DimensionImportResult {
  imported: boolean;
  created: number;
  updated: number;
  errors: ImportRowError[];
  errorCount?: number;
}

export interface ParsedDimensionRow {
  row: number;
  name: string;
  displayName: string;
  sort: number | null;
}

export function dimensionTemplate(): Promise<Buffer> {
  const specs = Object.values(SPECS);
  return templateWorkbook({
    sheet: SHEET,
    columns: specs.map((c) => ({ header: c.header })),
    example: ['专业建设', '专业建设维度', 1],
    help: {
      columns: helpColumns(),
      rows: [
        ...specs.map((c) => [c.header, 'required' in c && c.required ? '是' : '否', c.help]),
        [],
        ['说明', '', '任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。'],
      ],
    },
  });
}

export function dimensionWorkbook(rows: readonly DimensionRow[]): Promise<Buffer> {
  return writeWorkbook([
    {
      name: SHEET,
      columns: Object.values(SPECS).map((c) => ({ header: c.header })),
      rows: rows.map((d) => [d.name, d.displayName, d.sort]),
    },
  ]);
}

/** Every row's cells checked on their own, and each name against the rows above it. */
export async function readDimensionWorkbook(
  input: WorkbookInput,
  limits?: Partial<ExcelLimits>,
): Promise<{ rows: ParsedDimensionRow[]; errors: ImportRowError[]; errorCount: number }> {
  const seen = new Map<string, number>();
  let read: Awaited<ReturnType<typeof readTable<typeof SPECS>>>;
  try {
    read = await readTable(input, {
      sheet: SHEET,
      columns: SPECS,
      limits,
      check(row, fail) {
        const name = row.values.name;
        if (!name) return;
        const earlier = seen.get(name);
        if (earlier !== undefined) fail('name', `与第${earlier}行的维度名称重复`);
        else seen.set(name, row.row);
      },
    });
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
  const rows = read.rows
    .filter((r) => r.isValid)
    .map((r) => ({
      row: r.row,
      name: r.values.name!,
      displayName: r.values.displayName!,
      sort: r.values.sort,
    }));
  if (read.rows.length === 0 && read.errorCount === 0)
    return { rows, errors: [{ row: 2, column: '', message: '表中没有维度' }], errorCount: 1 };
  return { rows, errors: read.errors, errorCount: read.errorCount };
}

/**
 * 维度 import, export and template (spec 2 §7.3 dimension upload/download/downloadtemplate). All or
 * nothing: a row whose name is already stored updates that dimension; the rest are added after the last.
 */
export function createDimensionTransfer(deps: {
  standardsRepo: StandardsRepo;
  jobs: Jobs;
  storage: FileStorage;
}) {
  const repo = deps.standardsRepo;
  return {
    dimensionTemplate,
    async exportDimensions(): Promise<Buffer> {
      return dimensionWorkbook(await repo.findAllDimensions());
    },
    dimensionImport: createExcelImport(deps, {
      kind: DIMENSION_IMPORT_JOB,
      label: '导入诊断维度',
      input: z.object({}),
      prepare: async () => ({}),
      async run({ bytes, stage }): Promise<DimensionImportResult> {
        const parsed = await readDimensionWorkbook(bytes);
        if (parsed.errorCount > 0)
          return {
            imported: false,
            created: 0,
            updated: 0,
            ...importErrors(parsed.errors, parsed.errorCount),
          };
        await stage('checking');
        const stored = new Map((await repo.findAllDimensions()).map((d) => [d.name, d]));
        let next = Math.max(0, ...[...stored.values()].map((d) => d.sort)) + 1;
        const inserts = parsed.rows.filter((r) => !stored.has(r.name));
        const updates = parsed.rows.filter((r) => stored.has(r.name));
        await stage('writing');
        await repo.transaction(async (tx) => {
          for (const r of inserts)
            await tx.insertDimension({
              id: newId(),
              name: r.name,
              displayName: r.displayName,
              sort: r.sort ?? next++,
            });
          for (const r of updates)
            await tx.updateDimension(stored.get(r.name)!.id, {
              name: r.name,
              displayName: r.displayName,
              sort: r.sort ?? undefined,
            });
        });
        return { imported: true, created: inserts.length, updated: updates.length, errors: [] };
      },
    }),
  };
}
