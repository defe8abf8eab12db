import {
  CALC_MODE_LABELS,
  CATEGORY_ICON_LABELS,
  type CalRuleItem,
  COLLECTION_METHOD_LABELS,
  DATA_TYPE_LABELS,
  DIMENSION_LABELS,
  DIRECTION_LABELS,
  DISPLAY_MODE_LABELS,
  EXAMPLE_POINT_CONFIG,
  GRADES,
  OBJECT_LEVEL_LABELS,
  PERIOD_LABELS,
  POINT_FLAG_LABELS,
  POINT_FLAGS,
  SAMPLING_PERIOD_LABELS,
  TEXT_LIMITS,
  WARNING_CONDITIONS,
  WARNING_GRADES,
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import { helpColumns, writeWorkbook } from '../../platform/excel/write.ts';

/**
 * The Excel form of the indicator system: one sheet, one row per quality point (or per indicator or
 * category without points), category columns, per indicator level a name and a weight (权重) column,
 * then the point's configuration. Options are written as their Chinese labels; the import also takes
 * the wire values.
 */

export const SHEET_NAME = '指标体系';
export const HELP_SHEET_NAME = '填写说明';
export const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
export const levelHeader = (depth: number) => `${NUMERALS[depth - 1]}级指标`;
export const weightHeader = (depth: number) => `${levelHeader(depth)}权重`;
export const TEMPLATE_LEVELS = 3;

export const CATEGORY_HEADERS = {
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

export const optionHelp = (options: Options) => Object.values(options).join('、');
const FLAG_HELP = '是 或 否（留空为默认）';

export const POINT_COLUMNS: PointColumn[] = [
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
    ...Array.from({ length: levels }, (_, i) => [levelHeader(i + 1), weightHeader(i + 1)]).flat(),
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
  /** The weights along the path; none or null: an empty cell. */
  weights?: ReadonlyArray<number | null>;
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
  for (let i = 0; i < input.levels; i++) {
    row[levelHeader(i + 1)] = path[i] ?? '';
    const weight = input.weights?.[i];
    row[weightHeader(i + 1)] = weight === null || weight === undefined ? '' : String(weight);
  }
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

/** The indicator sheet (and, for the template, its help sheet). */
export function indicatorWorkbook(input: {
  levels: number;
  rows: SheetRow[];
  withHelp: boolean;
}): Promise<Buffer> {
  const headers = headersFor(input.levels);
  const data = {
    name: SHEET_NAME,
    columns: headers.map((header) => ({ header })),
    rows: input.rows.map((row) => headers.map((h) => row[h] ?? '')),
  };
  if (!input.withHelp) return writeWorkbook([data]);
  return writeWorkbook([
    data,
    { name: HELP_SHEET_NAME, columns: helpColumns('可选值与说明'), rows: helpRows() },
  ]);
}

function helpRows(): string[][] {
  return [
    ['分类名称', '是', `最多${TEXT_LIMITS.default}个字符；同一层级下同名即同一分类，不存在时新建`],
    ['分类图标', '否', `新建分类时使用，留空为“其他”；${optionHelp(CATEGORY_ICON_LABELS)}`],
    ['分类层级', '是', optionHelp(OBJECT_LEVEL_LABELS)],
    ['数据表名称', '否', '留空时按分类名称取默认表名（人才培养 → scorecard 等）'],
    [
      '一级指标…N级指标',
      '否',
      `从一级起逐级填写，不能跳级，每级最多${TEXT_LIMITS.content}个字符；可增加“四级指标”等列（最多十级）；质控点挂在最后一级指标下`,
    ],
    [
      '一级指标权重…N级指标权重',
      '否',
      '该级指标在同级中的权重（计算诊断得分用），大于0，最多两位小数；留空时新指标不设权重（按1计），已有指标保持原权重；同一指标在各行须填写一致',
    ],
    ...POINT_COLUMNS.map((column) => [
      column.header,
      column.required ? '填写质控点时必填' : '否',
      column.help,
    ]),
    [],
    ['说明', '', '导入时先检查全部行，任何一行有误则不导入任何数据，并列出每个有误的行、列与原因。'],
    ['', '', '已存在的质控点（同一分类、同一指标路径、同名）按表中内容更新，其余新建。'],
  ];
}

/** The example row of the template; it imports as it is. */
export const TEMPLATE_EXAMPLE: SheetRow = sheetRow({
  category: { name: '人才培养', icon: 'student', level: 'school', tableName: null },
  path: ['人才培养质量', '就业质量'],
  weights: [0.3, null],
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
