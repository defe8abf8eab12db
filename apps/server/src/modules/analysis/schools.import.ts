import {
  type ImportRowError,
  SCHOOL_LEVELS,
  type SchoolImportResultWire,
  type SchoolLevel,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { type CellParse, readTable, text } from '../../platform/excel/columns.ts';
import { type ExcelLimits, UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { importErrors } from '../../platform/excel/row-errors.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import { helpColumns, templateWorkbook } from '../../platform/excel/write.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import { createExcelImport } from '../../platform/jobs/excel-import.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { natureOfNote } from './reference-data.ts';
import type { SchoolRow, SchoolsRepo } from './schools.repo.ts';
import { assertSchoolManager } from './schools.service.ts';

/** The job kind of the directory import. */
export const SCHOOL_IMPORT_JOB = 'analysis-school-import';

const SHEET = '高校名录';

const level = (raw: string): CellParse<SchoolLevel> =>
  (SCHOOL_LEVELS as readonly string[]).includes(raw)
    ? { value: raw as SchoolLevel }
    : { error: `办学层次只能是${SCHOOL_LEVELS.join('、')}` };

const schoolCode = (raw: string): CellParse<string> =>
  /^\d{10}$/.test(raw) ? { value: raw } : { error: '学校标识码应为10位数字' };

/** The columns of the Ministry's list (and of the bundled TSV), under their Chinese headers. */
const SPECS = {
  code: {
    header: '学校标识码',
    required: true,
    parse: schoolCode,
    help: '必填，10位数字；已在名录中的学校按它更新，其余新增',
  },
  name: {
    header: '学校名称',
    required: true,
    maxLength: TEXT_LIMITS.default,
    parse: text(),
    help: `必填，最多${TEXT_LIMITS.default}个字符`,
  },
  province: {
    header: '所在地',
    required: true,
    maxLength: TEXT_LIMITS.small,
    parse: text(),
    help: '必填，省级行政区全称，如 浙江省、北京市、广西壮族自治区',
  },
  city: {
    header: '城市',
    maxLength: TEXT_LIMITS.small,
    parse: text(),
    help: '选填；直辖市与成人高校可不填',
  },
  level: {
    header: '办学层次',
    required: true,
    parse: level,
    help: `必填，${SCHOOL_LEVELS.join('、')}之一`,
  },
  authority: {
    header: '主管部门',
    maxLength: TEXT_LIMITS.default,
    parse: text(),
    help: '选填，如 教育部、浙江省',
  },
  note: {
    header: '备注',
    maxLength: TEXT_LIMITS.content,
    parse: text(),
    help: '选填：民办；中外合作办学及内地与港澳合作办学；不填为公办（办学性质由此得出）',
  },
};

export function schoolTemplate(): Promise<Buffer> {
  const specs = Object.values(SPECS);
  return templateWorkbook({
    sheet: SHEET,
    columns: specs.map((c) => ({ header: c.header })),
    example: ['4133012345', '示例职业技术学院', '浙江省', '杭州市', '专科', '浙江省', ''],
    help: {
      columns: helpColumns(),
      rows: [
        ...specs.map((c) => [c.header, 'required' in c && c.required ? '是' : '否', c.help]),
        [],
        [
          '说明',
          '',
          '列与教育部《全国高等学校名单》一致。任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。',
        ],
      ],
    },
  });
}

/** Every row checked on its own, and each code against the rows above it. */
export async function readSchoolWorkbook(
  input: WorkbookInput,
  limits?: Partial<ExcelLimits>,
): Promise<{ rows: SchoolRow[]; errors: ImportRowError[]; errorCount: number }> {
  let read: Awaited<ReturnType<typeof readTable<typeof SPECS>>>;
  try {
    read = await readTable(input, {
      sheet: SHEET,
      columns: SPECS,
      limits,
      unique: { column: 'code', what: '学校标识码', key: (row) => row.values.code },
    });
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
  const rows = read.rows
    .filter((r) => r.isValid)
    .map((r) => ({
      code: r.values.code!,
      name: r.values.name!,
      province: r.values.province!,
      city: r.values.city ?? '',
      level: r.values.level!,
      authority: r.values.authority ?? '',
      note: r.values.note ?? '',
      nature: natureOfNote(r.values.note ?? ''),
    }));
  if (read.rows.length === 0 && read.errorCount === 0)
    return { rows, errors: [{ row: 2, column: '', message: '表中没有学校' }], errorCount: 1 };
  return { rows, errors: read.errors, errorCount: read.errorCount };
}

/**
 * 导入高校名录: a newer national list (or a part of one) from Excel, upserted by 学校标识码 with source
 * `import`, all rows or none.
 */
export function createSchoolTransfer(deps: { repo: SchoolsRepo; jobs: Jobs; storage: FileStorage }) {
  const { repo } = deps;
  return {
    async template(actor: Actor): Promise<Buffer> {
      assertSchoolManager(actor);
      return schoolTemplate();
    },
    schoolImport: createExcelImport(deps, {
      kind: SCHOOL_IMPORT_JOB,
      label: '导入学校信息',
      input: z.object({}),
      prepare: async (actor) => {
        assertSchoolManager(actor);
        return {};
      },
      async run({ bytes, stage }): Promise<SchoolImportResultWire> {
        const parsed = await readSchoolWorkbook(bytes);
        if (parsed.errorCount > 0)
          return {
            imported: false,
            created: 0,
            updated: 0,
            ...importErrors(parsed.errors, parsed.errorCount),
          };
        await stage('writing');
        const created = await repo.upsertSchools(parsed.rows, 'import');
        return { imported: true, created, updated: parsed.rows.length - created, errors: [] };
      },
    }),
  };
}

export type SchoolTransfer = ReturnType<typeof createSchoolTransfer>;
