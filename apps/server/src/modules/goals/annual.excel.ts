import {
  ANNUAL_TEXT_MAX,
  type GoalCharger,
  type ImportRowError,
  PHONE_RE,
  TEXT_LIMITS,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { cellText } from '../../platform/excel-cells.ts';

/**
 * The Excel form of 负责人 (one row per department and target type), in the pattern of goals.excel.ts:
 * a template with a help sheet, a reader that reports every problem a row can tell on its own by row,
 * column and Chinese reason, and an export of the list.
 */

export const CHARGER_SHEET = '负责人';
export const CHARGER_COLUMNS = {
  department: '部门',
  targetType: '目标类型',
  account: '负责人账号',
  phone: '联系电话',
  remark: '备注',
} as const;
type ColumnKey = keyof typeof CHARGER_COLUMNS;
const REQUIRED: readonly ColumnKey[] = ['department', 'targetType', 'account'];
const HELP: Record<ColumnKey, string> = {
  department: '必填；部门名称或简称',
  targetType: '必填；已有的目标类型名称',
  account: '必填；负责人的登录账号',
  phone: '选填；手机或座机号码',
  remark: `选填，最多${ANNUAL_TEXT_MAX.remark}个字符`,
};

export interface ParsedChargerRow {
  row: number;
  departmentName: string;
  targetTypeName: string;
  account: string;
  phone: string;
  remark: string;
}

export async function chargerTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'eduqa';
  const sheet = workbook.addWorksheet(CHARGER_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = Object.values(CHARGER_COLUMNS).map((header) => ({ header, key: header, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(['教务处', '人才培养', 'qianli', '0571-88886666', '分管教学质量']);
  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', key: 'column', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'help', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const key of Object.keys(CHARGER_COLUMNS) as ColumnKey[]) {
    help.addRow([CHARGER_COLUMNS[key], REQUIRED.includes(key) ? '是' : '否', HELP[key]]);
  }
  help.addRow([]);
  help.addRow([
    '说明',
    '',
    '同一部门与目标类型只能有一位负责人；已有的会被更新。任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads every row and checks its cells; the service checks the names against the database. */
export async function readChargerWorkbook(
  bytes: Uint8Array,
): Promise<{ rows: ParsedChargerRow[]; errors: ImportRowError[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, column: '', message: '无法读取文件，请使用下载的模板（.xlsx）' }] };
  }
  const sheet = workbook.getWorksheet(CHARGER_SHEET) ?? workbook.worksheets[0];
  if (!sheet) return { rows: [], errors: [{ row: 0, column: '', message: '文件中没有工作表' }] };
  const index = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell);
    if (text) index.set(text, col);
  });
  const missing = REQUIRED.map((k) => CHARGER_COLUMNS[k]).filter((h) => !index.has(h));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: missing.map((column) => ({ row: 1, column, message: `缺少列「${column}」，请使用下载的模板` })),
    };
  }
  const rows: ParsedChargerRow[] = [];
  const errors: ImportRowError[] = [];
  sheet.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (key: ColumnKey) => {
      const col = index.get(CHARGER_COLUMNS[key]);
      return col === undefined ? '' : cellText(excelRow.getCell(col));
    };
    const values = Object.fromEntries(
      (Object.keys(CHARGER_COLUMNS) as ColumnKey[]).map((k) => [k, get(k)]),
    ) as Record<ColumnKey, string>;
    if (Object.values(values).every((v) => v === '')) return;
    const fail = (key: ColumnKey, message: string) =>
      errors.push({ row: rowNumber, column: CHARGER_COLUMNS[key], message });
    for (const key of REQUIRED) if (values[key] === '') fail(key, `请填写${CHARGER_COLUMNS[key]}`);
    if (values.phone && (values.phone.length > TEXT_LIMITS.small || !PHONE_RE.test(values.phone))) {
      fail('phone', '请输入正确的联系电话');
    }
    if (values.remark.length > ANNUAL_TEXT_MAX.remark) {
      fail('remark', `最多只能输入${ANNUAL_TEXT_MAX.remark}个字符`);
    }
    rows.push({
      row: rowNumber,
      departmentName: values.department,
      targetTypeName: values.targetType,
      account: values.account,
      phone: values.phone,
      remark: values.remark,
    });
  });
  if (rows.length === 0 && errors.length === 0)
    errors.push({ row: 2, column: '', message: '表中没有负责人' });
  return { rows, errors };
}

export async function chargerWorkbook(chargers: readonly GoalCharger[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'eduqa';
  const sheet = workbook.addWorksheet(CHARGER_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns: Array<[string, (c: GoalCharger) => string]> = [
    [CHARGER_COLUMNS.department, (c) => c.departmentName],
    [CHARGER_COLUMNS.targetType, (c) => c.targetTypeName],
    [CHARGER_COLUMNS.account, (c) => c.userAccount],
    ['负责人姓名', (c) => c.userName],
    [CHARGER_COLUMNS.phone, (c) => c.phone],
    [CHARGER_COLUMNS.remark, (c) => c.remark],
  ];
  sheet.columns = columns.map(([header]) => ({ header, key: header, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const charger of chargers) sheet.addRow(columns.map(([, value]) => value(charger)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
