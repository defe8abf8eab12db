import {
  canEditFill,
  checkFieldValue,
  type FieldValue,
  type FillImportResult,
  FORM_MESSAGES,
  type FormDefinition,
  type FormField,
  type FormOptions,
  type FormRecord,
  hasRule,
} from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type ColumnSpecs, readTable, text } from '../../platform/excel/columns.ts';
import { UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import { helpColumns, templateWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { COLLECT_MESSAGES as M, unprocessable } from './collect.model.ts';
import type { CollectFillService } from './collect-fill.service.ts';

/**
 * Rows of a fixed (many-row) form from Excel: the form's own template (one column per field, the rules on
 * the help sheet) and the import that appends the rows to the filler's draft — all rows or none, every
 * bad cell listed with its row, column and reason, checked by the same rules as typing.
 */

export const FILL_IMPORT_JOB = 'forms-fill-import';
/** The rows one fill holds at most (one save). */
export const FILL_IMPORT_MAX_ROWS = 2000;

const SHEET = '填报数据';
const MULTI_SEPARATOR = /[,，、]/;

function ruleText(field: FormField, options: FormOptions): string {
  const parts: string[] = [];
  if (hasRule(field, 'unique')) parts.push('不能与其他提交重复');
  const choices = options[field.key]?.map((o) => o.value);
  if (choices?.length) {
    const list = choices.slice(0, 20).join('、');
    parts.push(field.component === 'multiSelect' ? `可选（多个用逗号分隔）：${list}` : `可选：${list}`);
  }
  if (field.component === 'date') parts.push('格式 yyyy-MM-dd');
  if (field.component === 'month') parts.push('格式 yyyy-MM');
  if (field.component === 'year') parts.push('四位年份');
  if (field.help) parts.push(field.help);
  return parts.join('；');
}

export function fillTemplate(definition: FormDefinition, options: FormOptions): Promise<Buffer> {
  return templateWorkbook({
    sheet: SHEET,
    columns: definition.fields.map((f) => ({ header: f.label })),
    example: definition.fields.map(() => ''),
    help: {
      columns: helpColumns(),
      rows: [
        ...definition.fields.map((f) => [f.label, hasRule(f, 'require') ? '是' : '否', ruleText(f, options)]),
        [],
        [
          '说明',
          '',
          '任何一行有误则不导入任何数据，并列出每个有误的行、列与原因；导入的行加在已填的行之后。',
        ],
      ],
    },
  });
}

function cellValue(field: FormField, cell: string): FieldValue {
  const trimmed = cell.trim();
  if (trimmed === '') return null;
  if (field.component === 'multiSelect')
    return trimmed
      .split(MULTI_SEPARATOR)
      .map((v) => v.trim())
      .filter(Boolean);
  return trimmed;
}

/** Reads and checks the sheet against the design: each cell by its field's rules, unique fields once in the file. */
async function readFillRows(bytes: Uint8Array, definition: FormDefinition, options: FormOptions) {
  const columns: ColumnSpecs = Object.fromEntries(
    definition.fields.map((f) => [f.key, { header: f.label, parse: text() }]),
  );
  const seen = new Map<string, number>();
  try {
    const read = await readTable(bytes, {
      sheet: SHEET,
      columns,
      check(row, fail) {
        for (const field of definition.fields) {
          const value = cellValue(field, row.text[field.key] ?? '');
          const choices = options[field.key]?.map((o) => o.value);
          const message = checkFieldValue(
            field,
            value,
            field.component === 'inputSelect' ? undefined : choices,
          );
          if (message) fail(field.key, message);
          else if (hasRule(field, 'unique') && value !== null) {
            const key = `${field.key}\u0000${JSON.stringify(value)}`;
            const earlier = seen.get(key);
            if (earlier !== undefined) fail(field.key, `${FORM_MESSAGES.unique}（与第${earlier}行相同）`);
            else seen.set(key, row.row);
          }
        }
      },
    });
    const records: FormRecord[] = read.rows.map((row) =>
      Object.fromEntries(definition.fields.map((f) => [f.key, cellValue(f, row.text[f.key] ?? '')])),
    );
    return { records, errors: read.errors, errorCount: read.errorCount };
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { records: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
}

/**
 * The import runs as a job, which knows only who started it. Saving a draft asks only that the caller is
 * the fill task's filler, so the job acts as that user with no menus.
 */
const fillerActor = (userId: string): Actor => ({
  userId,
  sessionId: FILL_IMPORT_JOB,
  csrfSecret: '',
  roleIds: [],
  menuKeys: new Set(),
  actions: new Set(),
});

export function createFillImport(deps: {
  fills: CollectFillService;
  fieldOptions: (definition: FormDefinition) => Promise<FormOptions>;
  jobs: Jobs;
  storage: FileStorage;
}) {
  const { fills } = deps;

  /** The filler's own fill of a many-row form. */
  async function ownFixedFill(actor: Actor, fillTaskId: string) {
    const detail = await fills.fillForm(actor, fillTaskId);
    if (detail.fillTask.fillerId !== actor.userId) throw new AppError('FORBIDDEN', M.notFiller);
    if (detail.definition.formType !== 'fixed') unprocessable('只有固定表单（多行）可以从 Excel 导入');
    return detail;
  }

  return {
    async template(actor: Actor, fillTaskId: string) {
      const detail = await ownFixedFill(actor, fillTaskId);
      const bytes = await fillTemplate(detail.definition, await deps.fieldOptions(detail.definition));
      return { name: `${detail.fillTask.formName}导入模板.xlsx`, bytes };
    },

    rowsImport: createExcelImport(deps, {
      kind: FILL_IMPORT_JOB,
      label: '导入填报数据',
      input: z.object({ fillTaskId: z.string() }),
      async prepare(actor, fields) {
        const fillTaskId = fields.fillTaskId?.trim();
        if (!fillTaskId) throw new AppError('VALIDATION', '请选择填报任务');
        const detail = await ownFixedFill(actor, fillTaskId);
        // Refused before a job starts; the write still checks under the fill's lock, for a commit meanwhile.
        const editable = canEditFill(detail.fillTask.state);
        if (!editable.ok) unprocessable(editable.message);
        return { fillTaskId };
      },
      async run({ actorId, input, bytes, stage }): Promise<FillImportResult> {
        const actor = fillerActor(actorId);
        const detail = await ownFixedFill(actor, input.fillTaskId);
        const read = await readFillRows(bytes, detail.definition, await deps.fieldOptions(detail.definition));
        if (read.errorCount > 0)
          return { imported: false, count: 0, ...importErrors(read.errors, read.errorCount) };
        if (read.records.length === 0)
          return {
            imported: false,
            count: 0,
            errors: [{ row: 2, column: '', message: '表中没有数据行' }],
            errorCount: 1,
          };
        if (detail.recordCount + read.records.length > FILL_IMPORT_MAX_ROWS)
          throw new AppError(
            'VALIDATION',
            `一份填报最多${FILL_IMPORT_MAX_ROWS}行，已有${detail.recordCount}行`,
          );
        await stage('writing');
        await fills.saveRecords(actor, {
          fillTaskId: input.fillTaskId,
          records: read.records.map((data, index) => ({ data, sort: detail.recordCount + index })),
        });
        return { imported: true, count: read.records.length, errors: [] };
      },
    }),
  };
}

export type FillImport = ReturnType<typeof createFillImport>;
