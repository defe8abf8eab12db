import {
  ANNUAL_TEXT_MAX,
  type GoalCharger,
  type ImportRowError,
  PHONE_RE,
  TEXT_LIMITS,
} from '@eduqa/contract';
import { readTable, text } from '../../platform/excel/columns.ts';
import { type ExcelLimits, UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import { helpColumns, templateWorkbook, writeWorkbook } from '../../platform/excel/write.ts';

/**
 * The Excel form of 负责人 (one row per department and target type), in the pattern of goals.excel.ts:
 * a template with a help sheet, a reader that reports every problem a row can tell on its own by row,
 * column and Chinese reason, and an export of the list.
 */

const CHARGER_SHEET = '负责人';
const SPECS = {
  department: { header: '部门', required: true, parse: text(), help: '必填；部门名称或简称' },
  targetType: { header: '目标类型', required: true, parse: text(), help: '必填；已有的目标类型名称' },
  account: { header: '负责人账号', required: true, parse: text(), help: '必填；负责人的登录账号' },
  phone: {
    header: '联系电话',
    parse: (raw: string) =>
      raw.length > TEXT_LIMITS.small || !PHONE_RE.test(raw)
        ? { error: '请输入正确的联系电话' }
        : { value: raw },
    help: '选填；手机或座机号码',
  },
  remark: {
    header: '备注',
    maxLength: ANNUAL_TEXT_MAX.remark,
    parse: text(),
    help: `选填，最多${ANNUAL_TEXT_MAX.remark}个字符`,
  },
};

export interface ParsedChargerRow {
  row: number;
  departmentName: string;
  targetTypeName: string;
  account: string;
  phone: string;
  remark: string;
}

export function chargerTemplate(): Promise<Buffer> {
  const specs = Object.values(SPECS);
  return templateWorkbook({
    sheet: CHARGER_SHEET,
    columns: specs.map((c) => ({ header: c.header })),
    example: ['教务处', '人才培养', 'qianli', '0571-88886666', '分管教学质量'],
    help: {
      columns: helpColumns(),
      rows: [
        ...specs.map((c) => [c.header, 'required' in c && c.required ? '是' : '否', c.help]),
        [],
        [
          '说明',
          '',
          '同一部门与目标类型只能有一位负责人；已有的会被更新。任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。',
        ],
      ],
    },
  });
}

/** Reads every row and checks its cells; the service checks the names against the database. */
export async function readChargerWorkbook(
  input: WorkbookInput,
  limits?: Partial<ExcelLimits>,
): Promise<{ rows: ParsedChargerRow[]; errors: ImportRowError[]; errorCount: number }> {
  let read: Awaited<ReturnType<typeof readTable<typeof SPECS>>>;
  try {
    read = await readTable(input, { sheet: CHARGER_SHEET, columns: SPECS, limits });
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
  const rows = read.rows.map(({ row, text: cells }) => ({
    row,
    departmentName: cells.department,
    targetTypeName: cells.targetType,
    account: cells.account,
    phone: cells.phone,
    remark: cells.remark,
  }));
  if (rows.length === 0 && read.errorCount === 0) {
    return { rows, errors: [{ row: 2, column: '', message: '表中没有负责人' }], errorCount: 1 };
  }
  return { rows, errors: read.errors, errorCount: read.errorCount };
}

export function chargerWorkbook(chargers: readonly GoalCharger[]): Promise<Buffer> {
  const columns: Array<[string, (c: GoalCharger) => string]> = [
    [SPECS.department.header, (c) => c.departmentName],
    [SPECS.targetType.header, (c) => c.targetTypeName],
    [SPECS.account.header, (c) => c.userAccount],
    ['负责人姓名', (c) => c.userName],
    [SPECS.phone.header, (c) => c.phone],
    [SPECS.remark.header, (c) => c.remark],
  ];
  return writeWorkbook([
    {
      name: CHARGER_SHEET,
      columns: columns.map(([header]) => ({ header })),
      rows: chargers.map((charger) => columns.map(([, value]) => value(charger))),
    },
  ]);
}
