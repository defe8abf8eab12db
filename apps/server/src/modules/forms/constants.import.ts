import { type ConstantImportResult, TEXT_LIMITS } from '@eduqa/contract';
import { z } from 'zod';
import { readTable, text } from '../../platform/excel/columns.ts';
import { UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import { helpColumns, templateWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { ConstantsRepo, ConstantTypeRow } from './constants.repo.ts';

/**
 * 常量 from Excel: the template (datas/constantTemplate) and the all-or-nothing import
 * (datas/importtConstantData). Apart from the constants service so that the demo seed, which runs
 * before the job runner exists, can make constants through the service.
 */

/** The job kind of the constants import (started as a job, or awaited by the synchronous route). */
export const CONSTANT_IMPORT_JOB = 'forms-constant-import';

const SHEET = '常量';
const COLUMNS = {
  typeCode: {
    header: '常量类型编码',
    required: true,
    maxLength: 41,
    parse: text(),
    help: '必填，已有常量类型的编码（在常量类型列表中查看）',
  },
  label: {
    header: '名称',
    required: true,
    maxLength: TEXT_LIMITS.default,
    parse: text(),
    help: `必填，最多${TEXT_LIMITS.default}个字符；选项显示的文字`,
  },
  value: {
    header: '值',
    required: true,
    maxLength: TEXT_LIMITS.default,
    parse: text(),
    help: `必填，最多${TEXT_LIMITS.default}个字符；同一类型下不能重复，已有的值更新其名称`,
  },
};

export function constantTemplate(): Promise<Buffer> {
  const specs = Object.values(COLUMNS);
  return templateWorkbook({
    sheet: SHEET,
    columns: specs.map((c) => ({ header: c.header })),
    example: ['zc', '教授', 'professor'],
    help: {
      columns: helpColumns(),
      rows: [
        ...specs.map((c) => [c.header, '是', c.help]),
        [],
        ['说明', '', '任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。'],
      ],
    },
  });
}

/** Reads and checks the sheet: each row's type code known, each (type, value) once in the file. */
async function readConstants(bytes: Uint8Array, typesByCode: ReadonlyMap<string, ConstantTypeRow>) {
  try {
    return await readTable(bytes, {
      sheet: SHEET,
      columns: COLUMNS,
      check(row, fail) {
        const { typeCode } = row.values;
        if (typeCode && !typesByCode.has(typeCode)) fail('typeCode', `常量类型编码「${typeCode}」不存在`);
      },
      unique: {
        column: 'value',
        what: '常量类型和值',
        key: ({ values: { typeCode, value } }) => (typeCode && value ? `${typeCode}\u0000${value}` : null),
      },
    });
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
}

export function createConstantsImport(deps: { repo: ConstantsRepo; jobs: Jobs; storage: FileStorage }) {
  const { repo } = deps;
  return {
    constantTemplate,
    /** importtConstantData: all rows or none; a value the type already has gets the row's name. */
    constantImport: createExcelImport(deps, {
      kind: CONSTANT_IMPORT_JOB,
      label: '导入常量数据',
      input: z.object({}),
      prepare: async () => ({}),
      async run({ bytes, stage }): Promise<ConstantImportResult> {
        const typesByCode = new Map((await repo.allConstantTypes()).map((t) => [t.code, t]));
        const read = await readConstants(bytes, typesByCode);
        if (read.errorCount === 0 && read.rows.length === 0)
          return {
            imported: false,
            count: 0,
            errors: [{ row: 2, column: '', message: '表中没有常量' }],
            errorCount: 1,
          };
        if (read.errorCount > 0)
          return { imported: false, count: 0, ...importErrors(read.errors, read.errorCount) };
        await stage('writing');
        await repo.transaction(async (tx) => {
          const sorts = await tx.maxSorts();
          const next = (typeId: string) => {
            const sort = (sorts.get(typeId) ?? -1) + 1;
            sorts.set(typeId, sort);
            return sort;
          };
          const rows = read.rows.map((r) => {
            const typeId = typesByCode.get(r.values.typeCode!)!.id;
            return {
              id: newId(),
              typeId,
              label: r.values.label!,
              value: r.values.value!,
              sort: next(typeId),
            };
          });
          await tx.upsertConstants(rows);
        });
        return { imported: true, count: read.rows.length, errors: [] };
      },
    }),
  };
}

export type ConstantsImport = ReturnType<typeof createConstantsImport>;
