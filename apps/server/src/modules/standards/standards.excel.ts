import {
  CALC_MODE_LABELS,
  CATEGORY_ICON_LABELS,
  type CalcMode,
  type CalRuleItem,
  type CategoryIcon,
  COLLECTION_METHOD_LABELS,
  type CollectionMethod,
  DATA_TYPE_LABELS,
  type DataType,
  DIMENSION_LABELS,
  DIRECTION_LABELS,
  DISPLAY_MODE_LABELS,
  type Dimension,
  type Direction,
  type DisplayMode,
  EXAMPLE_POINT_CONFIG,
  GRADES,
  type Grade,
  type ImportRowError,
  OBJECT_LEVEL_LABELS,
  type ObjectLevel,
  PERIOD_LABELS,
  type Period,
  POINT_FLAG_LABELS,
  POINT_FLAGS,
  type PointConfigField,
  type PointFlag,
  pointConfigProblems,
  SAMPLING_PERIOD_LABELS,
  type SamplingPeriod,
  TEXT_LIMITS,
  WARNING_CONDITIONS,
  WARNING_GRADES,
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { cellText, option } from '../../platform/excel-cells.ts';
import type { PointInput } from './standards.service.ts';

/**
 * The Excel form of the indicator system: one sheet, one row per quality point (or per indicator or
 * category without points), category columns, one column per indicator level, then the point's
 * configuration. Options are written as their Chinese labels; the import also takes the wire values.
 */

export const SHEET_NAME = '指标体系';
export const HELP_SHEET_NAME = '填写说明';
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
export const levelHeader = (depth: number) => `${NUMERALS[depth - 1]}级指标`;
export const TEMPLATE_LEVELS = 3;

const CATEGORY_HEADERS = {
  name: '分类名称',
  icon: '分类图标',
  level: '分类层级',
  tableName: '数据表名称',
} as const;

type Options = Readonly<Record<string, string>>;

/** A point column: header, how to write it, and how to read it back. */
interface PointColumn {
  key: string;
  header: string;
  options?: Options;
  required?: boolean;
  help: string;
}

const optionHelp = (options: Options) => Object.values(options).join('、');
const FLAG_HELP = '是 或 否（留空为默认）';

const POINT_COLUMNS: PointColumn[] = [
  {
    key: 'name',
    header: '质控点名称',
    required: true,
    help: `必填，最多${TEXT_LIMITS.content}个字符；同一指标下不能重名`,
  },
  { key: 'code', header: '质控点编号', help: `选填，最多${TEXT_LIMITS.small}个字符` },
  { key: 'connotation', header: '内涵', help: `选填，最多${TEXT_LIMITS.longContent}个字符` },
  { key: 'diagnosticStandard', header: '诊断标准', help: `选填，最多${TEXT_LIMITS.longContent}个字符` },
  {
    key: 'standardValue',
    header: '标准值',
    help: '按数据类型填写：整数、小数、0–100 的百分比、是/否、有/无；计算方式为等级时填 A、B、C、D',
  },
  {
    key: 'dimension',
    header: '维度',
    options: DIMENSION_LABELS,
    help: `留空为与分类层级相同；${optionHelp(DIMENSION_LABELS)}`,
  },
  {
    key: 'period',
    header: '周期',
    options: PERIOD_LABELS,
    help: `留空为自然年；${optionHelp(PERIOD_LABELS)}`,
  },
  {
    key: 'direction',
    header: '期望方向',
    options: DIRECTION_LABELS,
    help: `留空为越大越好；${optionHelp(DIRECTION_LABELS)}（或 > <）`,
  },
  {
    key: 'dataType',
    header: '数据类型',
    options: DATA_TYPE_LABELS,
    required: true,
    help: `必填；${optionHelp(DATA_TYPE_LABELS)}`,
  },
  {
    key: 'calcMode',
    header: '计算方式',
    options: CALC_MODE_LABELS,
    help: `留空为结果值；${optionHelp(CALC_MODE_LABELS)}`,
  },
  {
    key: 'samplingPeriod',
    header: '采样周期',
    options: SAMPLING_PERIOD_LABELS,
    help: `留空为月；${optionHelp(SAMPLING_PERIOD_LABELS)}`,
  },
  {
    key: 'warningPeriod',
    header: '预警周期',
    options: SAMPLING_PERIOD_LABELS,
    help: `留空为月；${optionHelp(SAMPLING_PERIOD_LABELS)}`,
  },
  ...POINT_FLAGS.map((flag) => ({ key: flag, header: POINT_FLAG_LABELS[flag], help: FLAG_HELP })),
  {
    key: 'warningMode',
    header: '预警方式',
    options: WARNING_MODE_LABELS,
    help: `留空为不预警；${optionHelp(WARNING_MODE_LABELS)}`,
  },
  { key: 'warningCondition', header: '预警条件', help: `结果值比较时必填；${WARNING_CONDITIONS.join(' ')}` },
  {
    key: 'warningValue',
    header: '预警值',
    help: `结果值比较时按数据类型填写；等级比较时填预警等级 ${WARNING_GRADES.join('、')}`,
  },
  { key: 'grades', header: '等级', help: `选填，以逗号分隔：${GRADES.join('、')}（是否、有无类型用 Y、N）` },
  {
    key: 'calRule',
    header: '计算规则',
    help: '“值:等级”以分号分隔，如 95:A;90:B;85:C；越大越好时值从大到小，越小越好时从小到大；计算方式为等级时留空',
  },
  {
    key: 'collectionMethod',
    header: '采集方式',
    options: COLLECTION_METHOD_LABELS,
    help: `留空为填报；${optionHelp(COLLECTION_METHOD_LABELS)}`,
  },
  {
    key: 'displayMode',
    header: '展示方式',
    options: DISPLAY_MODE_LABELS,
    help: `留空为表格；${optionHelp(DISPLAY_MODE_LABELS)}`,
  },
  { key: 'sort', header: '排序', help: '选填，0–99999 的整数' },
];

export function headersFor(levels: number): string[] {
  return [
    ...Object.values(CATEGORY_HEADERS),
    ...Array.from({ length: levels }, (_, i) => levelHeader(i + 1)),
    ...POINT_COLUMNS.map((c) => c.header),
  ];
}

/** One row of the sheet, as plain text per header. */
export type SheetRow = Record<string, string>;

export interface ExportPoint {
  name: string;
  code: string | null;
  connotation: string;
  diagnosticStandard: string;
  standardValue: string | null;
  dimension: string;
  period: string;
  direction: string;
  dataType: string;
  calcMode: string;
  samplingPeriod: string;
  warningPeriod: string;
  warningMode: string | null;
  warningCondition: string | null;
  warningValue: string | null;
  grades: readonly string[];
  calRule: readonly CalRuleItem[];
  collectionMethod: string;
  displayMode: string;
  sort: number;
  isQuantitative: boolean;
  isJoin: boolean;
  hideNoReachTarget: boolean;
  hideNoCompleteTarget: boolean;
  notAllowChange: boolean;
  isFilePoint: boolean;
}

const label = (options: Options, value: string | null) => (value === null ? '' : (options[value] ?? value));

export function formatCalRule(rule: readonly CalRuleItem[]): string {
  return rule.map((item) => `${item.value}:${item.dxLevel}`).join(';');
}

/** The sheet row of a point (or of a bare category / indicator path when `point` is null). */
export function sheetRow(input: {
  category: { name: string; icon: string; level: string; tableName: string | null };
  path: readonly string[];
  levels: number;
  point: ExportPoint | null;
}): SheetRow {
  const { category, path, point } = input;
  const row: SheetRow = {
    [CATEGORY_HEADERS.name]: category.name,
    [CATEGORY_HEADERS.icon]: label(CATEGORY_ICON_LABELS, category.icon),
    [CATEGORY_HEADERS.level]: label(OBJECT_LEVEL_LABELS, category.level),
    [CATEGORY_HEADERS.tableName]: category.tableName ?? '',
  };
  for (let i = 0; i < input.levels; i++) row[levelHeader(i + 1)] = path[i] ?? '';
  if (!point) return row;
  const flag = (value: boolean) => (value ? '是' : '否');
  Object.assign(row, {
    质控点名称: point.name,
    质控点编号: point.code ?? '',
    内涵: point.connotation,
    诊断标准: point.diagnosticStandard,
    标准值: point.standardValue ?? '',
    维度: label(DIMENSION_LABELS, point.dimension),
    周期: label(PERIOD_LABELS, point.period),
    期望方向: label(DIRECTION_LABELS, point.direction),
    数据类型: label(DATA_TYPE_LABELS, point.dataType),
    计算方式: label(CALC_MODE_LABELS, point.calcMode),
    采样周期: label(SAMPLING_PERIOD_LABELS, point.samplingPeriod),
    预警周期: label(SAMPLING_PERIOD_LABELS, point.warningPeriod),
    预警方式: label(WARNING_MODE_LABELS, point.warningMode),
    预警条件: point.warningCondition ?? '',
    预警值: point.warningValue ?? '',
    等级: point.grades.join(','),
    计算规则: formatCalRule(point.calRule),
    采集方式: label(COLLECTION_METHOD_LABELS, point.collectionMethod),
    展示方式: label(DISPLAY_MODE_LABELS, point.displayMode),
    排序: String(point.sort),
  });
  for (const f of POINT_FLAGS) row[POINT_FLAG_LABELS[f]] = flag(point[f]);
  return row;
}

export async function writeWorkbook(input: {
  levels: number;
  rows: SheetRow[];
  withHelp: boolean;
}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'eduqa';
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = headersFor(input.levels);
  sheet.columns = headers.map((header) => ({
    header,
    key: header,
    width: Math.max(12, Math.min(40, header.length * 3)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of input.rows) sheet.addRow(headers.map((h) => row[h] ?? ''));
  if (input.withHelp) {
    const help = workbook.addWorksheet(HELP_SHEET_NAME);
    help.columns = [
      { header: '列名', key: 'column', width: 16 },
      { header: '是否必填', key: 'required', width: 10 },
      { header: '可选值与说明', key: 'help', width: 90 },
    ];
    help.getRow(1).font = { bold: true };
    help.addRow([
      '分类名称',
      '是',
      `最多${TEXT_LIMITS.default}个字符；同一层级下同名即同一分类，不存在时新建`,
    ]);
    help.addRow(['分类图标', '否', `新建分类时使用，留空为“其他”；${optionHelp(CATEGORY_ICON_LABELS)}`]);
    help.addRow(['分类层级', '是', optionHelp(OBJECT_LEVEL_LABELS)]);
    help.addRow(['数据表名称', '否', '留空时按分类名称取默认表名（人才培养 → scorecard 等）']);
    help.addRow([
      '一级指标…N级指标',
      '否',
      `从一级起逐级填写，不能跳级，每级最多${TEXT_LIMITS.content}个字符；可增加“四级指标”等列（最多十级）；质控点挂在最后一级指标下`,
    ]);
    for (const column of POINT_COLUMNS)
      help.addRow([column.header, column.required ? '填写质控点时必填' : '否', column.help]);
    help.addRow([]);
    help.addRow([
      '说明',
      '',
      '导入时先检查全部行，任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。',
    ]);
    help.addRow(['', '', '已存在的质控点（同一分类、同一指标路径、同名）按表中内容更新，其余新建。']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// reading

export interface ParsedRow {
  row: number;
  category: { name: string; icon: CategoryIcon | null; level: ObjectLevel; tableName: string | null };
  path: string[];
  /** The deepest level column that holds a name, for error messages about the indicator. */
  pathColumn: string | null;
  point: Omit<PointInput, 'indicatorId'> | null;
}

function parseFlag(raw: string): boolean | null {
  if (['是', 'true', '1', 'Y', 'y', 'TRUE'].includes(raw)) return true;
  if (['否', 'false', '0', 'N', 'n', 'FALSE'].includes(raw)) return false;
  return null;
}

/** '95:A;90:B' (also with ：，；、 or line breaks) → pairs; null when a part is unreadable. */
export function parseCalRule(raw: string): CalRuleItem[] | null {
  if (raw.trim() === '') return [];
  const items: CalRuleItem[] = [];
  for (const part of raw.split(/[;；\n]+/)) {
    if (part.trim() === '') continue;
    const pair = part.split(/[:：]/);
    if (pair.length !== 2 || !pair[0]!.trim() || !pair[1]!.trim()) return null;
    items.push({ value: pair[0]!.trim(), dxLevel: pair[1]!.trim().toUpperCase() });
  }
  return items;
}

const FIELD_COLUMN: Record<PointConfigField, string> = {
  standardValue: '标准值',
  warningMode: '预警方式',
  warningCondition: '预警条件',
  warningValue: '预警值',
  grades: '等级',
  calRule: '计算规则',
};

/**
 * Reads every row of the sheet and checks what one row can tell on its own (required cells, options,
 * lengths, the point's cross-field rules). The service then checks rows against each other and the
 * database.
 */
export async function readWorkbook(
  bytes: Uint8Array,
): Promise<{ rows: ParsedRow[]; errors: ImportRowError[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, column: '', message: '无法读取文件，请使用下载的模板（.xlsx）' }] };
  }
  const sheet = workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) return { rows: [], errors: [{ row: 0, column: '', message: '文件中没有工作表' }] };

  const headerIndex = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = cellText(cell);
    if (text) headerIndex.set(text, col);
  });
  const levels: string[] = [];
  for (let depth = 1; depth <= NUMERALS.length && headerIndex.has(levelHeader(depth)); depth++) {
    levels.push(levelHeader(depth));
  }
  const required = [
    CATEGORY_HEADERS.name,
    CATEGORY_HEADERS.level,
    ...POINT_COLUMNS.filter((c) => c.required).map((c) => c.header),
  ];
  const missing = required.filter((h) => !headerIndex.has(h));
  if (levels.length === 0) missing.push(levelHeader(1));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: missing.map((column) => ({ row: 1, column, message: `缺少列「${column}」，请使用下载的模板` })),
    };
  }

  const rows: ParsedRow[] = [];
  const errors: ImportRowError[] = [];
  sheet.eachRow((excelRow, rowNumber) => {
    if (rowNumber === 1) return;
    const get = (header: string) => {
      const col = headerIndex.get(header);
      return col === undefined ? '' : cellText(excelRow.getCell(col));
    };
    const values = [...headerIndex.keys()].map(get);
    if (values.every((v) => v === '')) return;
    const before = errors.length;
    const fail = (column: string, message: string) => errors.push({ row: rowNumber, column, message });
    const tooLong = (column: string, value: string, max: number) => {
      if (value.length > max) fail(column, `最多只能输入${max}个字符`);
    };

    const categoryName = get(CATEGORY_HEADERS.name);
    if (!categoryName) fail(CATEGORY_HEADERS.name, '请填写分类名称');
    tooLong(CATEGORY_HEADERS.name, categoryName, TEXT_LIMITS.default);
    const levelRaw = get(CATEGORY_HEADERS.level);
    const level = levelRaw ? option(OBJECT_LEVEL_LABELS, levelRaw) : null;
    if (!levelRaw) fail(CATEGORY_HEADERS.level, '请填写分类层级');
    else if (!level)
      fail(CATEGORY_HEADERS.level, `「${levelRaw}」不是可选值（${optionHelp(OBJECT_LEVEL_LABELS)}）`);
    const iconRaw = get(CATEGORY_HEADERS.icon);
    const icon = iconRaw ? option(CATEGORY_ICON_LABELS, iconRaw) : null;
    if (iconRaw && !icon) fail(CATEGORY_HEADERS.icon, `「${iconRaw}」不是可选图标`);
    const tableName = get(CATEGORY_HEADERS.tableName);
    tooLong(CATEGORY_HEADERS.tableName, tableName, TEXT_LIMITS.default);

    const path: string[] = [];
    let pathColumn: string | null = null;
    let gap: string | null = null;
    for (const header of levels) {
      const name = get(header);
      if (!name) {
        gap ??= header;
        continue;
      }
      if (gap) {
        fail(header, `指标不能跳级：「${gap}」为空`);
        break;
      }
      tooLong(header, name, TEXT_LIMITS.content);
      path.push(name);
      pathColumn = header;
    }

    const pointName = get('质控点名称');
    const pointCells = POINT_COLUMNS.filter((c) => c.key !== 'name').some((c) => get(c.header) !== '');
    let point: ParsedRow['point'] = null;
    if (!pointName && pointCells) fail('质控点名称', '请填写质控点名称');
    if (pointName) {
      if (path.length === 0) fail(levels[0]!, '质控点必须挂在指标下，请填写一级指标');
      point = readPoint({ get, fail, tooLong, name: pointName, level });
    }
    if (errors.length > before || !level) return;
    rows.push({
      row: rowNumber,
      category: { name: categoryName, icon, level, tableName: tableName || null },
      path,
      pathColumn,
      point,
    });
  });
  if (rows.length === 0 && errors.length === 0) {
    errors.push({ row: 0, column: '', message: '文件中没有数据行' });
  }
  return { rows, errors };
}

function readPoint(input: {
  get: (header: string) => string;
  fail: (column: string, message: string) => void;
  tooLong: (column: string, value: string, max: number) => void;
  name: string;
  level: ObjectLevel | null;
}): ParsedRow['point'] {
  const { get, fail, tooLong } = input;
  tooLong('质控点名称', input.name, TEXT_LIMITS.content);
  tooLong('质控点编号', get('质控点编号'), TEXT_LIMITS.small);
  tooLong('内涵', get('内涵'), TEXT_LIMITS.longContent);
  tooLong('诊断标准', get('诊断标准'), TEXT_LIMITS.longContent);
  tooLong('标准值', get('标准值'), 32);
  tooLong('预警值', get('预警值'), 32);

  const pick = <T extends string>(
    header: string,
    options: Readonly<Record<T, string>>,
    fallback: T | null,
  ): T | null => {
    const raw = get(header);
    if (!raw) {
      if (fallback === null) fail(header, `请填写${header}`);
      return fallback;
    }
    const value = option(options, raw);
    if (!value) fail(header, `「${raw}」不是可选值（${optionHelp(options)}）`);
    return value;
  };
  const directionOptions = { '>': DIRECTION_LABELS['>'], '<': DIRECTION_LABELS['<'] };
  const dimension = pick<Dimension>('维度', DIMENSION_LABELS, input.level);
  const period = pick<Period>('周期', PERIOD_LABELS, 'year');
  const direction = pick<Direction>('期望方向', directionOptions, '>');
  const dataType = pick<DataType>('数据类型', DATA_TYPE_LABELS, null);
  const calcMode = pick<CalcMode>('计算方式', CALC_MODE_LABELS, 'result');
  const samplingPeriod = pick<SamplingPeriod>('采样周期', SAMPLING_PERIOD_LABELS, 'month');
  const warningPeriod = pick<SamplingPeriod>('预警周期', SAMPLING_PERIOD_LABELS, 'month');
  const collectionMethod = pick<CollectionMethod>('采集方式', COLLECTION_METHOD_LABELS, 'report');
  const displayMode = pick<DisplayMode>('展示方式', DISPLAY_MODE_LABELS, 'table');
  const warningModeRaw = get('预警方式');
  const warningMode = warningModeRaw ? option(WARNING_MODE_LABELS, warningModeRaw) : null;
  if (warningModeRaw && !warningMode)
    fail('预警方式', `「${warningModeRaw}」不是可选值（${optionHelp(WARNING_MODE_LABELS)}）`);
  const conditionRaw = get('预警条件')
    .replace('＜', '<')
    .replace('＞', '>')
    .replace('≤', '<=')
    .replace('≥', '>=');
  const warningCondition = (WARNING_CONDITIONS as readonly string[]).includes(conditionRaw)
    ? (conditionRaw as (typeof WARNING_CONDITIONS)[number])
    : null;
  if (conditionRaw && !warningCondition)
    fail('预警条件', `「${conditionRaw}」不是可选值（${WARNING_CONDITIONS.join(' ')}）`);

  const flags: Partial<Record<PointFlag, boolean>> = {};
  for (const f of POINT_FLAGS) {
    const raw = get(POINT_FLAG_LABELS[f]);
    if (!raw) continue;
    const value = parseFlag(raw);
    if (value === null) fail(POINT_FLAG_LABELS[f], '只能填写是或否');
    else flags[f] = value;
  }

  const gradesRaw = get('等级');
  const gradeParts = gradesRaw
    ? gradesRaw
        .split(/[,，、\s]+/)
        .filter(Boolean)
        .map((g) => g.toUpperCase())
    : [];
  const badGrades = gradeParts.filter((g) => !(GRADES as readonly string[]).includes(g));
  if (badGrades.length) fail('等级', `「${badGrades.join('、')}」不是可选等级（${GRADES.join('、')}）`);
  const calRule = parseCalRule(get('计算规则'));
  if (calRule === null) fail('计算规则', '格式应为“值:等级”，以分号分隔，如 95:A;90:B;85:C');

  const sortRaw = get('排序');
  const sort = sortRaw === '' ? undefined : Number(sortRaw);
  if (sort !== undefined && (!Number.isInteger(sort) || sort < 0 || sort > 99999))
    fail('排序', '排序必须是0到99999的整数');

  if (
    !dimension ||
    !period ||
    !direction ||
    !dataType ||
    !calcMode ||
    !samplingPeriod ||
    !warningPeriod ||
    !collectionMethod ||
    !displayMode ||
    calRule === null ||
    badGrades.length ||
    (warningModeRaw && !warningMode)
  ) {
    return null;
  }
  const config = {
    standardValue: get('标准值') || null,
    dataType,
    calcMode,
    direction,
    warningMode,
    warningCondition,
    warningValue: get('预警值') || null,
    grades: gradeParts as Grade[],
    calRule,
  };
  for (const problem of pointConfigProblems(config)) fail(FIELD_COLUMN[problem.field], problem.message);
  return {
    ...config,
    name: input.name,
    code: get('质控点编号') || undefined,
    connotation: get('内涵'),
    diagnosticStandard: get('诊断标准'),
    dimension,
    period,
    samplingPeriod,
    warningPeriod,
    collectionMethod,
    displayMode,
    sort,
    ...flags,
  };
}

/** The example row of the template; it imports as it is. */
export const TEMPLATE_EXAMPLE: SheetRow = sheetRow({
  category: { name: '人才培养', icon: 'student', level: 'school', tableName: null },
  path: ['人才培养质量', '就业质量'],
  levels: TEMPLATE_LEVELS,
  point: {
    ...EXAMPLE_POINT_CONFIG,
    name: '毕业生初次就业率',
    code: 'RC-01',
    connotation: '当年毕业生中初次就业人数所占比例',
    diagnosticStandard: '初次就业率不低于90%',
    sort: 1,
  },
});
