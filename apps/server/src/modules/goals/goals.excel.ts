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
import { type ColumnSpec, date, oneOf, readTable, text } from '../../platform/excel/columns.ts';
import { type ExcelLimits, UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import { helpColumns, templateWorkbook, writeWorkbook } from '../../platform/excel/write.ts';

/**
 * The Excel form of target tasks: a template with one row per task (a sub-task names its parent), read
 * back row by row with every problem reported by row, column and a Chinese reason; and the export of
 * task details. Options are written as Chinese labels; the import also takes the wire values.
 */

const TASK_SHEET = '目标任务';

const choices = (labels: Readonly<Record<string, string>>) => Object.values(labels).join('、');

/** The import's columns, in the template's order. */
const SPECS = {
  name: {
    header: '任务名称',
    required: true,
    maxLength: GOAL_TEXT_MAX.taskName,
    parse: text(),
    help: `必填，最多${GOAL_TEXT_MAX.taskName}个字符`,
  },
  parent: {
    header: '上级任务名称',
    maxLength: GOAL_TEXT_MAX.taskName,
    parse: text(),
    help: '选填；填写时为子任务，须为本年度目标下的一级任务（已有的或本表中在前面的行）',
  },
  type: {
    header: '任务类型',
    required: true,
    parse: oneOf(TASK_TYPE_LABELS, () => `任务类型只能是${choices(TASK_TYPE_LABELS)}`),
    help: `必填；${choices(TASK_TYPE_LABELS)}（或 A、B、C）`,
  },
  examType: {
    header: '考核方式',
    required: true,
    parse: oneOf(EXAM_TYPE_LABELS, () => `考核方式只能是${choices(EXAM_TYPE_LABELS)}`),
    help: `必填；${choices(EXAM_TYPE_LABELS)}`,
  },
  targetValue: {
    header: '目标值',
    maxLength: GOAL_TEXT_MAX.targetValue,
    parse: text(),
    help: `选填，最多${GOAL_TEXT_MAX.targetValue}个字符`,
  },
  department: { header: '责任部门', required: true, parse: text(), help: '必填；部门名称或简称' },
  principal: { header: '任务负责人账号', required: true, parse: text(), help: '必填；负责人的登录账号' },
  collaborators: {
    header: '协同部门',
    parse: text(),
    help: '选填；部门名称或简称，多个用顿号或逗号分隔，不能包含责任部门',
  },
  startDate: { header: '开始日期', required: true, parse: date(), help: '必填；yyyy-MM-dd' },
  endDate: {
    header: '结束日期',
    required: true,
    parse: date(),
    help: '必填；yyyy-MM-dd，不能早于开始日期',
  },
  detail: {
    header: '任务详情',
    maxLength: GOAL_TEXT_MAX.detail,
    parse: text(),
    help: `选填，最多${GOAL_TEXT_MAX.detail}个字符`,
  },
} satisfies Record<string, ColumnSpec<unknown>>;

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

export function taskTemplate(): Promise<Buffer> {
  const specs = Object.values(SPECS);
  return templateWorkbook({
    sheet: TASK_SHEET,
    columns: specs.map((c) => ({ header: c.header })),
    example: [
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
    ],
    help: {
      columns: helpColumns(),
      rows: [
        ...specs.map((c) => [c.header, 'required' in c && c.required ? '是' : '否', c.help]),
        [],
        ['说明', '', '导入时先检查全部行，任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。'],
      ],
    },
  });
}

/**
 * Reads every row and checks what a row can tell on its own; the service checks names against the
 * database. `errorCount` counts every error; `errors` lists the first of them.
 */
export async function readTaskWorkbook(
  input: WorkbookInput,
  limits?: Partial<ExcelLimits>,
): Promise<{ rows: ParsedTaskRow[]; errors: ImportRowError[]; errorCount: number }> {
  let read: Awaited<ReturnType<typeof readTable<typeof SPECS>>>;
  try {
    read = await readTable(input, {
      sheet: TASK_SHEET,
      columns: SPECS,
      limits,
      check: (row, fail) => {
        const { startDate, endDate } = row.values;
        if (startDate && endDate && endDate < startDate) fail('endDate', '结束日期不能早于开始日期');
      },
    });
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
  const rows = read.rows.map(
    ({ row, values, text: cells }): ParsedTaskRow => ({
      row,
      name: cells.name,
      parentName: cells.parent || null,
      type: values.type,
      examType: values.examType,
      targetValue: cells.targetValue,
      departmentName: cells.department,
      principalAccount: cells.principal,
      collaboratorNames: cells.collaborators
        .split(/[、,，;；\s]+/)
        .map((v) => v.trim())
        .filter(Boolean),
      startDate: cells.startDate,
      endDate: cells.endDate,
      datesValid: values.startDate !== null && values.endDate !== null && values.startDate <= values.endDate,
      detail: cells.detail,
    }),
  );
  if (rows.length === 0 && read.errorCount === 0) {
    return { rows, errors: [{ row: 2, column: '', message: '表中没有任务' }], errorCount: 1 };
  }
  return { rows, errors: read.errors, errorCount: read.errorCount };
}

/** exportTaskDetail: one row per task with its state, schedule, progress and warning. */
export function taskDetailWorkbook(tasks: readonly TargetTask[]): Promise<Buffer> {
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
  return writeWorkbook([
    {
      name: '目标任务明细',
      columns: columns.map(([header]) => ({ header })),
      rows: tasks.map((task) => columns.map(([, value]) => value(task))),
    },
  ]);
}
