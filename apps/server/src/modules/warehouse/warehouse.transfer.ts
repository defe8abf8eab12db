import {
  FIELD_CODE_PATTERN,
  FIELD_REF_KINDS,
  FIELD_REF_LABELS,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  type FieldRefKind,
  type FieldType,
  type ImportRowError,
  STRUCTURE_HEADERS,
  TableImportFieldsSchema,
  type WarehouseImportResult,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { option } from '../../platform/excel/cells.ts';
import { readSheetRows } from '../../platform/excel/read-sheet.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import { type CellValue, writeWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { importData } from './warehouse.data-import.ts';
import { addField, changeField } from './warehouse.fields.ts';
import { type FieldInput, liveTable, MESSAGES } from './warehouse.model.ts';
import type { WarehouseRepo } from './warehouse.repo.ts';
import { isHidden } from './warehouse.shown.ts';

export const STRUCTURE_IMPORT_JOB = 'warehouse-structure-import';
export const DATA_IMPORT_JOB = 'warehouse-data-import';

const YES = '是';
const NO = '否';
const yesNo = (value: boolean) => (value ? YES : NO);
const EXPORT_PAGE = 5_000;

/** One structure row → a field input, or its errors. */
function readStructureRow(
  number: number,
  cells: readonly string[],
  errors: ImportRowError[],
): FieldInput | null {
  const [label = '', code = '', typeText = '', requiredText = '', uniqueText = '', refText = ''] = cells.map(
    (c) => c.trim(),
  );
  const before = errors.length;
  const fail = (column: string, message: string) => errors.push({ row: number, column, message });
  if (!label) fail('字段名称', '必填，不能为空');
  else if (label.length > 60) fail('字段名称', '最多只能输入60个字符');
  if (!FIELD_CODE_PATTERN.test(code))
    fail('字段代码', '须以小写字母开头，只含小写字母、数字和下划线，最多41个字符');
  const type = option(FIELD_TYPE_LABELS, typeText);
  if (!type)
    fail(
      '字段类型',
      `「${typeText}」不是有效的类型（${FIELD_TYPES.map((t) => FIELD_TYPE_LABELS[t]).join('、')}）`,
    );
  const flag = (text: string, column: string) => {
    if (text === '' || text === NO) return false;
    if (text === YES) return true;
    fail(column, '请填写 是 或 否');
    return false;
  };
  const isRequired = flag(requiredText, '是否必填');
  const isUnique = flag(uniqueText, '是否唯一');
  const refKind = refText ? option(FIELD_REF_LABELS, refText) : null;
  if (refText && !refKind)
    fail(
      '关联',
      `「${refText}」不是有效的关联（${FIELD_REF_KINDS.map((k) => FIELD_REF_LABELS[k]).join('、')}）`,
    );
  if (refKind && type && type !== 'text') fail('关联', '关联字段的类型必须是文本');
  if (errors.length > before || !type) return null;
  return { label, code, type, isRequired, isUnique, refKind };
}

/** 导入表结构 (drbjg): every row checked, then all fields added or changed (by code) in one transaction. */
async function importStructure(
  repo: WarehouseRepo,
  tableId: string,
  bytes: Uint8Array,
): Promise<WarehouseImportResult> {
  await liveTable(repo, tableId);
  const errors: ImportRowError[] = [];
  const planned: Array<{ row: number; input: FieldInput }> = [];
  let header = true;
  for await (const row of readSheetRows(bytes)) {
    if (header) {
      header = false;
      if ((row.cells[0] ?? '').trim() !== STRUCTURE_HEADERS[0]) {
        throw new AppError(
          'VALIDATION',
          `第1行应为表头「${STRUCTURE_HEADERS.join('、')}」，请使用导出的表结构`,
        );
      }
      continue;
    }
    if (row.cells.every((c) => c.trim() === '')) continue;
    const input = readStructureRow(row.number, row.cells, errors);
    if (!input) continue;
    const twin = planned.find((p) => p.input.code === input.code || p.input.label === input.label);
    if (twin) errors.push({ row: row.number, column: '字段代码', message: `与第${twin.row}行的字段重复` });
    else planned.push({ row: row.number, input });
  }
  if (errors.length > 0) return { imported: false, count: 0, ...importErrors(errors) };
  if (planned.length === 0) throw new AppError('VALIDATION', '文件中没有字段');
  let failed: ImportRowError | null = null;
  try {
    await repo.transaction(async (tx) => {
      for (const { row, input } of planned) {
        const existing = (await tx.fieldsOf(tableId)).find((f) => f.code === input.code);
        try {
          if (existing) await changeField(tx, existing, { ...input, sort: existing.sort });
          else await addField(tx, tableId, input);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed = { row, column: '字段代码', message: error.message };
          throw error;
        }
      }
    });
  } catch (error) {
    if (failed) return { imported: false, count: 0, ...importErrors([failed]) };
    throw error;
  }
  return { imported: true, count: planned.length, errors: [] };
}

/** Excel of warehouse tables: structure and data imports as jobs, and the exports. */
export function createWarehouseTransfer(deps: { repo: WarehouseRepo; jobs: Jobs; storage: FileStorage }) {
  const { repo } = deps;
  // The route has checked the 数据管理 menu before an import starts; here only the table is checked.
  const prepare = async (_actor: Actor, fields: Readonly<Record<string, string>>) => {
    const input = TableImportFieldsSchema.safeParse(fields);
    if (!input.success) throw new AppError('VALIDATION', '请选择数据表');
    const table = await liveTable(repo, input.data.id);
    return { id: table.id };
  };
  return {
    structureImport: createExcelImport(deps, {
      kind: STRUCTURE_IMPORT_JOB,
      label: '导入数据表结构',
      input: TableImportFieldsSchema,
      prepare,
      run: ({ input, bytes }) => importStructure(repo, input.id, bytes),
    }),
    dataImport: createExcelImport(deps, {
      kind: DATA_IMPORT_JOB,
      label: '导入数据表数据',
      input: TableImportFieldsSchema,
      prepare,
      run: ({ input, bytes, stage }) => importData(repo, { tableId: input.id, bytes, stage }),
    }),

    exportStructure: (tableId: string) => exportStructure(repo, tableId),
    template: (tableId: string) => template(repo, tableId),
    exportData: (tableId: string) => exportData(repo, tableId),
  };
}

/** A stored value as the cell the import reads back: numbers as numbers, booleans as 是/否. */
function cellOf(type: FieldType, value: string | null): CellValue {
  if (value === null) return null;
  if (type === 'integer' || type === 'decimal') {
    const n = Number(value);
    return Number.isSafeInteger(n) || (type === 'decimal' && String(n) === value) ? n : value;
  }
  if (type === 'boolean') return value === 'true' ? YES : NO;
  return value;
}

/** 导出表结构 (dcbjg): the sheet the structure import reads. */
async function exportStructure(repo: WarehouseRepo, tableId: string) {
  const table = await liveTable(repo, tableId);
  const fields = await repo.fieldsOf(tableId);
  const bytes = await writeWorkbook([
    {
      name: '表结构',
      columns: STRUCTURE_HEADERS.map((header) => ({ header })),
      rows: fields.map((f) => [
        f.label,
        f.code,
        FIELD_TYPE_LABELS[f.type as FieldType],
        yesNo(f.isRequired),
        yesNo(f.isUnique),
        f.refKind ? FIELD_REF_LABELS[f.refKind as keyof typeof FIELD_REF_LABELS] : '',
      ]),
    },
  ]);
  return { name: `${table.name}-表结构.xlsx`, bytes };
}

/** What a key column takes: a key or the name the browse and export show; a constant cell may hold several. */
function refHelp(kind: FieldRefKind | null): string {
  if (!kind) return '';
  if (kind === 'constant') return '填写常量的名称或值，多个用逗号分隔';
  return `填写${FIELD_REF_LABELS[kind]}的编号或名称`;
}

/** 下载模板: the table's labels as headers, and a help sheet of each column's type and rules. */
async function template(repo: WarehouseRepo, tableId: string) {
  const table = await liveTable(repo, tableId);
  const fields = await repo.fieldsOf(tableId);
  if (fields.length === 0) throw new AppError('UNPROCESSABLE', '数据表还没有字段');
  const help = (f: (typeof fields)[number]) =>
    [
      FIELD_TYPE_LABELS[f.type as FieldType],
      f.isUnique ? '唯一' : '',
      refHelp(f.refKind as FieldRefKind | null),
    ]
      .filter(Boolean)
      .join('；');
  const bytes = await writeWorkbook([
    {
      name: table.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || '数据',
      columns: fields.map((f) => ({ header: f.label })),
      rows: [],
    },
    {
      name: '填写说明',
      columns: [{ header: '列名' }, { header: '是否必填' }, { header: '说明' }],
      rows: fields.map((f) => [f.label, yesNo(f.isRequired), help(f)]),
    },
  ]);
  return { name: `${table.name}-导入模板.xlsx`, bytes };
}

/**
 * 导出表数据 (dcbsj): every row, read in pages by id so the export never holds the table; a key column
 * holds the name its key stands for (the import reads names back), a `record` key is left out.
 */
async function exportData(repo: WarehouseRepo, tableId: string) {
  const table = await liveTable(repo, tableId);
  if (!table.isCreated) throw new AppError('UNPROCESSABLE', MESSAGES.notCreated);
  const fields = await repo.fieldsOf(tableId);
  const shown = fields.filter((f) => !isHidden(f));
  async function* rows(): AsyncGenerator<CellValue[]> {
    let after = 0;
    for (;;) {
      const page = await repo.data.rowsAfter({
        table: table.physicalName,
        fields,
        after,
        limit: EXPORT_PAGE,
      });
      for (const row of page) yield shown.map((f) => cellOf(f.type as FieldType, row.values[f.code] ?? null));
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  const bytes = await writeWorkbook([
    { name: '数据', columns: shown.map((f) => ({ header: f.label })), rows: rows() },
  ]);
  return { name: `${table.name}-数据.xlsx`, bytes };
}

export type WarehouseTransfer = ReturnType<typeof createWarehouseTransfer>;
