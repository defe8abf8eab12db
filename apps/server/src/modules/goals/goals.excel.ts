import {
  EXAM_TYPE_LABELS,
  type ExamType,
  GOAL_TEXT_MAX,
  GOAL_WARNING_TYPE_LABELS,
  type ImportRowError,
  SCHEDULE_STATUS_LABELS,
  TASK_TYPE_LABELS,
  type TargetTask,
  type TaskType,
  YEAR_TASK_STATE_LABELS,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { cellText, option } from '../../platform/excel-cells.ts';

/**
 * The Excel form of target tasks: a template with one row per task (a sub-task names its parent), read
 * back row by row with every problem reported by row, column and a Chinese reason; and the export of
 * task details. Options are written as Chinese labels; the import also takes the wire values.
 */

export const TASK_SHEET = '目标任务';
const HELP_SHEET = '填写说明';

export const COLUMNS = {
  name: '任务名称',
  parent: '上级任务名称',
  type: '任务类型',
  examType: '考核方式',
  targetValue: '目标值',
  department: '责任部门',
  principal: '任务负责人账号',
  collaborators: '协同部门',
  startDate: '开始日期',
  endDate: '结束日期',
  detail: '任务详情',
} as const;
type ColumnKey = keyof typeof COLUMNS;
const REQUIRED: readonly ColumnKey[] = [
  'name',
  'type',
  'examType',
  'department',
  'principal',
  'startDate',
  'endDate',
];

const HELP: Record<ColumnKey, string> = {
  name: `必填，最多${GOAL_TEXT_MAX.taskName}个字符`,
  parent: '选填；填写时为子任务，须为本年度目标下的一级任务（已有的或本表中在前面的行）',
  type: `必填；${Object.values(TASK_TYPE_LABELS).join('、')}（或 A、B、C）`,
  examType: `必填；${Object.values(EXAM_TYPE_LABELS).join('、')}`,
  targetValue: `选填，最多${GOAL_TEXT_MAX.targetValue}个字符`,
  department: '必填；部门名称或简称',
  principal: '必填；负责人的登录账号',
  collaborators: '选填；部门名称或简称，多个用顿号或逗号分隔，不能包含责任部门',
  startDate: '必填；yyyy-MM-dd',
  endDate: '必填；yyyy-MM-dd，不能早于开始日期',
  detail: `选填，最多${GOAL_TEXT_MAX.detail}个字符`,
};

export interface ParsedTaskRow {
  row: number;
  name: string;
  parentName: string | null;
  /** null when the cell is wrong (already reported); the row is still checked against the database. */
  type: TaskType | null;
  examType: ExamType | null;
  targetValue: string;
  departmentName: string;
  principalAccount: string;
  collaboratorNames: string[];
  startDate: string;
  endDate: string;
  /** Both dates readable and in order, so a parent's span can be compared. */
  datesValid: boolean;
  detail: string;
}

export async function taskTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'eduqa';
  const sheet = workbook.addWorksheet(TASK_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = Object.values(COLUMNS).map((header) => ({ header, key: header, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow([
    '深化产教融合',
    '',
    '重点',
    '分数',
    '10项',
    '教务处',
    'hanbing',
    '机电工程学院、信息工程学院',
    '2026-01-10',
    '2026-12-20',
    '新增校企合作项目不少于10项',
  ]);
  const help = workbook.addWorksheet(HELP_SHEET);
  help.columns = [
    { header: '列名', key: 'column', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '说明', key: 'help', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const key of Object.keys(COLUMNS) as ColumnKey[]) {
    help.addRow([COLUMNS[key], REQUIRED.includes(key) ? '是' : '否', HELP[key]]);
  }
  help.addRow([]);
  help.addRow([
    '说明',
    '',
    '导入时先检查全部行，任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
function isDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** Reads every row and checks what a row can tell on its own; the service checks names against the database. */
export async function readTaskWorkbook(
  bytes: Uint8Array,
): Promise<{ rows: ParsedTaskRow[]; errors: ImportRowError[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, column: '', message: '无法读取文件，请使用下载的模板（.xlsx）' }] };
  }
  const sheet = workbook.getWorksheet(TASK_SHEET) ?? workbook.worksheets[0];
  if (!sheet) return { rows: [], errors: [{ row: 0, column: '', message: '文件中没有工作表' }] };
  const index = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell);
    if (text) index.set(text, col);
  });
  const missing = REQUIRED.map((k) => COLUMNS[k]).filter((h) => !index.has(h));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: missing.map((column) => ({ row: 1, column, message: `缺少列「${column}」，请使用下载的模板` })),
    };
  }

  const rows: ParsedTaskRow[] = [];
  const errors: ImportRowError[] = [];
  sheet.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (key: ColumnKey) => {
      const col = index.get(COLUMNS[key]);
      return col === undefined ? '' : cellText(excelRow.getCell(col));
    };
    const values = Object.fromEntries(
      (Object.keys(COLUMNS) as ColumnKey[]).map((k) => [k, get(k)]),
    ) as Record<ColumnKey, string>;
    if (Object.values(values).every((v) => v === '')) return;
    const fail = (key: ColumnKey, message: string) =>
      errors.push({ row: rowNumber, column: COLUMNS[key], message });
    for (const key of REQUIRED) if (values[key] === '') fail(key, `请填写${COLUMNS[key]}`);
    const max: Partial<Record<ColumnKey, number>> = {
      name: GOAL_TEXT_MAX.taskName,
      parent: GOAL_TEXT_MAX.taskName,
      targetValue: GOAL_TEXT_MAX.targetValue,
      detail: GOAL_TEXT_MAX.detail,
    };
    for (const [key, limit] of Object.entries(max) as [ColumnKey, number][]) {
      if (values[key].length > limit) fail(key, `最多只能输入${limit}个字符`);
    }
    const type = values.type ? option(TASK_TYPE_LABELS, values.type) : null;
    if (values.type && !type) fail('type', `任务类型只能是${Object.values(TASK_TYPE_LABELS).join('、')}`);
    const examType = values.examType ? option(EXAM_TYPE_LABELS, values.examType) : null;
    if (values.examType && !examType)
      fail('examType', `考核方式只能是${Object.values(EXAM_TYPE_LABELS).join('、')}`);
    for (const key of ['startDate', 'endDate'] as const) {
      if (values[key] && !isDate(values[key])) fail(key, '日期格式应为 yyyy-MM-dd');
    }
    if (isDate(values.startDate) && isDate(values.endDate) && values.endDate < values.startDate) {
      fail('endDate', '结束日期不能早于开始日期');
    }
    const datesValid =
      isDate(values.startDate) && isDate(values.endDate) && values.startDate <= values.endDate;
    rows.push({
      row: rowNumber,
      name: values.name,
      parentName: values.parent || null,
      type,
      examType,
      targetValue: values.targetValue,
      departmentName: values.department,
      principalAccount: values.principal,
      collaboratorNames: values.collaborators
        .split(/[、,，;；\s]+/)
        .map((v) => v.trim())
        .filter(Boolean),
      startDate: values.startDate,
      endDate: values.endDate,
      datesValid,
      detail: values.detail,
    });
  });
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 2, column: '', message: '表中没有任务' });
  return { rows, errors };
}

/** exportTaskDetail: one row per task with its state, schedule, progress and warning. */
export async function taskDetailWorkbook(tasks: readonly TargetTask[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'eduqa';
  const sheet = workbook.addWorksheet('目标任务明细', { views: [{ state: 'frozen', ySplit: 1 }] });
  const names = new Map(tasks.map((t) => [t.id, t.name]));
  const columns: Array<[string, (t: TargetTask) => string | number]> = [
    ['年度', (t) => t.cycleYear],
    ['年度目标', (t) => t.yearTargetName],
    ['任务名称', (t) => t.name],
    ['上级任务', (t) => (t.parentId ? (names.get(t.parentId) ?? '') : '')],
    ['任务类型', (t) => TASK_TYPE_LABELS[t.type]],
    ['考核方式', (t) => EXAM_TYPE_LABELS[t.examType]],
    ['目标值', (t) => t.targetValue],
    ['责任部门', (t) => t.departmentName],
    ['任务负责人', (t) => t.principalName],
    ['协同部门', (t) => t.collaboratingDepartments.map((d) => d.name).join('、')],
    ['开始日期', (t) => t.startDate],
    ['结束日期', (t) => t.endDate],
    ['任务状态', (t) => YEAR_TASK_STATE_LABELS[t.state]],
    ['进度状态', (t) => SCHEDULE_STATUS_LABELS[t.scheduleStatus]],
    ['完成进度(%)', (t) => t.progress],
    ['节点数', (t) => t.nodeCount],
    ['已完成节点数', (t) => t.doneNodeCount],
    ['预警', (t) => (t.warningType ? GOAL_WARNING_TYPE_LABELS[t.warningType] : '')],
    ['任务详情', (t) => t.detail],
    ['完成情况', (t) => t.situation],
    ['创建人', (t) => t.creatorName],
  ];
  sheet.columns = columns.map(([header]) => ({ header, key: header, width: 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const task of tasks) sheet.addRow(columns.map(([, value]) => value(task)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
