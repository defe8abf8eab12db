import {
  type Constant,
  type ConstantImportResult,
  type ConstantType,
  type ConstantTypeBody,
  type PagingQuery,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { z } from 'zod';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { readTable, text } from '../../platform/excel/columns.ts';
import { UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import { helpColumns, templateWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { newId } from '../../platform/ids.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { ConstantRow, ConstantsRepo, ConstantTypeRow } from './constants.repo.ts';

const TYPE_TAKEN = '常量类型的名称或编码已存在';
const VALUE_TAKEN = '该常量类型下已有相同的值';

/** The job kind of the constants import (run synchronously through importNow). */
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

const typeOf = (row: ConstantTypeRow, constantCount: number): ConstantType => ({
  id: row.id,
  name: row.name,
  code: row.code,
  remark: row.remark,
  sort: row.sort,
  constantCount,
  createdAt: row.createdAt.toISOString(),
});

const constantOf = (row: ConstantRow): Constant => ({
  id: row.id,
  typeId: row.typeId,
  label: row.label,
  value: row.value,
  sort: row.sort,
});

export function constantTemplate(): Promise<Buffer> {
  const specs = Object.values(COLUMNS);
  return templateWorkbook({
    sheet: SHEET,
    columns: specs.map((c) => ({ header: c.header, width: 24 })),
    example: ['zc', '教授', 'professor'],
    help: {
      columns: helpColumns(80),
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
  const seen = new Map<string, number>();
  try {
    return await readTable(bytes, {
      sheet: SHEET,
      columns: COLUMNS,
      check(row, fail) {
        const { typeCode, value } = row.values;
        if (typeCode && !typesByCode.has(typeCode)) fail('typeCode', `常量类型编码「${typeCode}」不存在`);
        if (!typeCode || !value) return;
        const key = `${typeCode}\u0000${value}`;
        const earlier = seen.get(key);
        if (earlier !== undefined) fail('value', `与第${earlier}行的常量类型和值重复`);
        else seen.set(key, row.row);
      },
    });
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
}

/** 常量类型 and 常量: the option lists of select components (data-source type `constant`). */
export function createConstantsService(deps: { repo: ConstantsRepo; jobs: Jobs; storage: FileStorage }) {
  const { repo } = deps;

  async function typeView(id: string): Promise<ConstantType> {
    const row = await repo.findConstantType(id);
    if (!row) throw notFound('常量类型不存在');
    return typeOf(row, (await repo.constantCounts([id])).get(id) ?? 0);
  }

  async function saveType(id: string, body: ConstantTypeBody, isNew: boolean): Promise<ConstantType> {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          const existing = isNew ? undefined : await tx.findConstantType(id);
          if (!isNew && !existing) throw notFound('常量类型不存在');
          if ((await tx.constantTypeClash(body.name, body.code)).some((t) => t.id !== id))
            throw new AppError('CONFLICT', TYPE_TAKEN);
          const columns = {
            name: body.name,
            code: body.code,
            remark: body.remark ?? existing?.remark ?? '',
            sort: body.sort ?? existing?.sort ?? 0,
          };
          if (existing) await tx.updateConstantType(id, columns);
          else await tx.insertConstantType({ id, ...columns });
        }),
      { conflict: TYPE_TAKEN },
    );
    return typeView(id);
  }

  async function saveConstant(
    id: string,
    input: { typeId: string; label: string; value: string; sort?: number | undefined },
    isNew: boolean,
  ): Promise<Constant> {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          if (!(await tx.findConstantType(input.typeId))) throw notFound('常量类型不存在');
          const holder = await tx.constantWithValue(input.typeId, input.value);
          if (holder && holder.id !== id) throw new AppError('CONFLICT', VALUE_TAKEN);
          if (isNew) {
            const sort = input.sort ?? (await tx.constantsOf(input.typeId)).length;
            await tx.insertConstant({
              id,
              typeId: input.typeId,
              label: input.label,
              value: input.value,
              sort,
            });
          } else {
            const existing = (await tx.findConstant(id))!;
            await tx.updateConstant(id, {
              label: input.label,
              value: input.value,
              sort: input.sort ?? existing.sort,
            });
          }
        }),
      { conflict: VALUE_TAKEN },
    );
    return constantOf((await repo.findConstant(id))!);
  }

  return {
    async constantTypePage(keyword: string | undefined, paging: PagingQuery) {
      const page = await repo.constantTypePage(keyword, paging);
      const counts = await repo.constantCounts(page.records.map((r) => r.id));
      return { records: page.records.map((r) => typeOf(r, counts.get(r.id) ?? 0)), total: page.total };
    },
    createConstantType: (body: ConstantTypeBody) => saveType(newId(), body, true),
    updateConstantType: (id: string, body: ConstantTypeBody) => saveType(id, body, false),
    /** Refused while a form's design (current or published) takes its options from the type. */
    async deleteConstantType(id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        if (!(await tx.findConstantType(id))) throw notFound('常量类型不存在');
        const users = await tx.formsUsingConstantType(id);
        if (users.length > 0)
          throw new AppError(
            'UNPROCESSABLE',
            `表单「${users.slice(0, 3).join('」「')}」的选项来自该常量类型，不能删除`,
          );
        await tx.deleteConstantType(id);
      });
    },

    async constants(typeId: string, keyword: string | undefined): Promise<Constant[]> {
      if (!(await repo.findConstantType(typeId))) throw notFound('常量类型不存在');
      return (await repo.constantsOf(typeId, keyword)).map(constantOf);
    },
    createConstant: (input: { typeId: string; label: string; value: string; sort?: number | undefined }) =>
      saveConstant(newId(), input, true),
    async updateConstant(id: string, input: { label: string; value: string; sort?: number | undefined }) {
      const existing = await repo.findConstant(id);
      if (!existing) throw notFound('常量不存在');
      return saveConstant(id, { ...input, typeId: existing.typeId }, false);
    },
    async deleteConstant(id: string): Promise<void> {
      if (!(await repo.findConstant(id))) throw notFound('常量不存在');
      await repo.deleteConstant(id);
    },

    constantTemplate,
    /** importtConstantData: all rows or none; a value the type already has gets the row's name. */
    constantImport: createExcelImport(deps, {
      kind: CONSTANT_IMPORT_JOB,
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

export type ConstantsService = ReturnType<typeof createConstantsService>;
