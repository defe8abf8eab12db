import {
  CALC_MODE_LABELS,
  CATEGORY_ICON_LABELS,
  type CalcMode,
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
  GRADES,
  type Grade,
  type ImportRowError,
  indicatorWeightError,
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
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import { option } from '../../platform/excel/cells.ts';
import { headerIndex } from '../../platform/excel/columns.ts';
import { type ExcelLimits, UnreadableWorkbookError } from '../../platform/excel/limits.ts';
import { type SheetRow as PlainRow, readSheetRows } from '../../platform/excel/read-sheet.ts';
import { RowErrors } from '../../platform/excel/row-errors.ts';
import type { WorkbookInput } from '../../platform/excel/source.ts';
import { parseCalRule, parseFlag } from './standards.cells.ts';
import {
  CATEGORY_HEADERS,
  levelHeader,
  NUMERALS,
  optionHelp,
  POINT_COLUMNS,
  SHEET_NAME,
  weightHeader,
} from './standards.excel.ts';
import type { PointInput } from './standards.service.ts';

/** Reading the indicator-system workbook: headers, then one checked row at a time. */

export interface ParsedRow {
  row: number;
  category: { name: string; icon: CategoryIcon | null; level: ObjectLevel; tableName: string | null };
  path: string[];
  /** The weight cell of each level of the path; null when blank (or its column is absent). */
  weights: Array<number | null>;
  /** The deepest level column that holds a name, for error messages about the indicator. */
  pathColumn: string | null;
  point: Omit<PointInput, 'indicatorId'> | null;
}

const FIELD_COLUMN: Record<PointConfigField, string> = {
  standardValue: '标准值',
  warningMode: '预警方式',
  warningCondition: '预警条件',
  warningValue: '预警值',
  grades: '等级',
  calRule: '计算规则',
};

/** The level headers present (一级指标, 二级指标, … without a gap) and the required columns missing. */
function headerProblems(headers: ReadonlyMap<string, number>) {
  const levels: string[] = [];
  for (let depth = 1; depth <= NUMERALS.length && headers.has(levelHeader(depth)); depth++) {
    levels.push(levelHeader(depth));
  }
  const required = [
    CATEGORY_HEADERS.name,
    CATEGORY_HEADERS.level,
    ...POINT_COLUMNS.filter((c) => c.required).map((c) => c.header),
  ];
  const missing = required.filter((h) => !headers.has(h));
  if (levels.length === 0) missing.push(levelHeader(1));
  return {
    levels,
    errors: missing.map((column) => ({ row: 1, column, message: `缺少列「${column}」，请使用下载的模板` })),
  };
}

/**
 * Reads every row of the sheet and checks what one row can tell on its own (required cells, options,
 * lengths, the point's cross-field rules). The service then checks rows against each other and the
 * database. `errors` lists the first errors; `errorCount` counts them all.
 */
export async function readWorkbook(
  input: WorkbookInput,
  limits?: Partial<ExcelLimits>,
): Promise<{ rows: ParsedRow[]; errors: ImportRowError[]; errorCount: number }> {
  const rows: ParsedRow[] = [];
  const errors = new RowErrors(limits?.listedErrors);
  let headers: Map<string, number> | null = null;
  let levels: string[] = [];
  try {
    for await (const sheetRow of readSheetRows(input, { sheet: SHEET_NAME, limits })) {
      if (!headers) {
        headers = headerIndex(sheetRow.cells);
        const problems = headerProblems(headers);
        if (problems.errors.length > 0) {
          return { rows: [], errors: problems.errors, errorCount: problems.errors.length };
        }
        levels = problems.levels;
        continue;
      }
      const row = readIndicatorRow({ sheetRow, headers, levels, errors });
      if (row) rows.push(row);
    }
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { rows: [], errors: [{ row: 0, column: '', message: error.message }], errorCount: 1 };
  }
  if (rows.length === 0 && errors.count === 0) {
    return { rows, errors: [{ row: 0, column: '', message: '文件中没有数据行' }], errorCount: 1 };
  }
  return { rows, errors: errors.listed, errorCount: errors.count };
}

/** One data row: its category, indicator path and point, or null when blank or wrong (reported). */
function readIndicatorRow(input: {
  sheetRow: PlainRow;
  headers: ReadonlyMap<string, number>;
  levels: readonly string[];
  errors: RowErrors;
}): ParsedRow | null {
  const { sheetRow, headers, levels, errors } = input;
  const rowNumber = sheetRow.number;
  const get = (header: string) => sheetRow.cells[headers.get(header) ?? -1] ?? '';
  if ([...headers.keys()].every((h) => get(h) === '')) return null;
  const before = errors.count;
  const fail = (column: string, message: string) => errors.add({ row: rowNumber, column, message });
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

  const { path, weights, pathColumn } = readPath({ get, fail, tooLong, levels });
  const pointName = get('质控点名称');
  const pointCells = POINT_COLUMNS.filter((c) => c.key !== 'name').some((c) => get(c.header) !== '');
  let point: ParsedRow['point'] = null;
  if (!pointName && pointCells) fail('质控点名称', '请填写质控点名称');
  if (pointName) {
    if (path.length === 0) fail(levels[0]!, '质控点必须挂在指标下，请填写一级指标');
    point = readPoint({ get, fail, tooLong, name: pointName, level });
  }
  if (errors.count > before || !level) return null;
  return {
    row: rowNumber,
    category: { name: categoryName, icon, level, tableName: tableName || null },
    path,
    weights,
    pathColumn,
    point,
  };
}

/** What a row's readers work with: its cells by header, and where their errors go. */
interface RowCells {
  get: (header: string) => string;
  fail: (column: string, message: string) => void;
  tooLong: (column: string, value: string, max: number) => void;
}

/**
 * The indicator names from level 1 down, with each level's weight; a gap between filled levels, and a
 * weight without its indicator, are errors.
 */
function readPath(input: RowCells & { levels: readonly string[] }): {
  path: string[];
  weights: Array<number | null>;
  pathColumn: string | null;
} {
  const path: string[] = [];
  const weights: Array<number | null> = [];
  let pathColumn: string | null = null;
  let gap: string | null = null;
  for (const [i, header] of input.levels.entries()) {
    const name = input.get(header);
    const weightColumn = weightHeader(i + 1);
    const weightRaw = input.get(weightColumn);
    if (!name) {
      if (weightRaw) input.fail(weightColumn, `请先填写「${header}」`);
      gap ??= header;
      continue;
    }
    if (gap) {
      input.fail(header, `指标不能跳级：「${gap}」为空`);
      break;
    }
    input.tooLong(header, name, TEXT_LIMITS.content);
    path.push(name);
    weights.push(readWeight(input, weightColumn, weightRaw));
    pathColumn = header;
  }
  return { path, weights, pathColumn };
}

/** A weight cell: blank → null; otherwise a positive number with at most two decimals. */
function readWeight({ fail }: RowCells, column: string, raw: string): number | null {
  if (!raw) return null;
  const value = Number(raw);
  const error = Number.isNaN(value) ? '权重必须是数字' : indicatorWeightError(value);
  if (error) {
    fail(column, error);
    return null;
  }
  return value;
}

/**
 * The point of a row, or null when one of its cells is wrong. Every check runs, in column order,
 * before the verdict, so that one pass reports all of a row's errors.
 */
function readPoint(input: RowCells & { name: string; level: ObjectLevel | null }): ParsedRow['point'] {
  const { get, fail } = input;
  checkPointLengths(input, input.name);
  const options = readPointOptions(input, input.level);
  const warning = readWarning(input);
  const flags = readFlags(input);
  const grades = readGrades(input);
  const calRule = parseCalRule(get('计算规则'));
  if (calRule === null) fail('计算规则', '格式应为“值:等级”，以分号分隔，如 95:A;90:B;85:C');
  const sort = readSort(input);

  if (!options || calRule === null || grades.bad.length || warning.isUnknownMode) return null;
  const config = {
    standardValue: get('标准值') || null,
    dataType: options.dataType,
    calcMode: options.calcMode,
    direction: options.direction,
    warningMode: warning.mode,
    warningCondition: warning.condition,
    warningValue: get('预警值') || null,
    grades: grades.parts as Grade[],
    calRule,
  };
  for (const problem of pointConfigProblems(config)) fail(FIELD_COLUMN[problem.field], problem.message);
  return {
    ...config,
    name: input.name,
    code: get('质控点编号') || undefined,
    connotation: get('内涵'),
    diagnosticStandard: get('诊断标准'),
    dimension: options.dimension,
    period: options.period,
    samplingPeriod: options.samplingPeriod,
    warningPeriod: options.warningPeriod,
    collectionMethod: options.collectionMethod,
    displayMode: options.displayMode,
    sort,
    ...flags,
  };
}

function checkPointLengths({ get, tooLong }: RowCells, name: string) {
  tooLong('质控点名称', name, TEXT_LIMITS.content);
  tooLong('质控点编号', get('质控点编号'), TEXT_LIMITS.small);
  tooLong('内涵', get('内涵'), TEXT_LIMITS.longContent);
  tooLong('诊断标准', get('诊断标准'), TEXT_LIMITS.longContent);
  tooLong('标准值', get('标准值'), 32);
  tooLong('预警值', get('预警值'), 32);
}

/** An option cell: its value, the fallback when blank (null: the cell is required), null when unknown. */
function pickOption<T extends string>(
  { get, fail }: RowCells,
  header: string,
  options: Readonly<Record<T, string>>,
  fallback: T | null,
): T | null {
  const raw = get(header);
  if (!raw) {
    if (fallback === null) fail(header, `请填写${header}`);
    return fallback;
  }
  const value = option(options, raw);
  if (!value) fail(header, `「${raw}」不是可选值（${optionHelp(options)}）`);
  return value;
}

/** The point's option cells; null when one is missing or unknown (each reported). */
function readPointOptions(cells: RowCells, level: ObjectLevel | null) {
  const directionOptions = { '>': DIRECTION_LABELS['>'], '<': DIRECTION_LABELS['<'] };
  const dimension = pickOption<Dimension>(cells, '维度', DIMENSION_LABELS, level);
  const period = pickOption<Period>(cells, '周期', PERIOD_LABELS, 'year');
  const direction = pickOption<Direction>(cells, '期望方向', directionOptions, '>');
  const dataType = pickOption<DataType>(cells, '数据类型', DATA_TYPE_LABELS, null);
  const calcMode = pickOption<CalcMode>(cells, '计算方式', CALC_MODE_LABELS, 'result');
  const samplingPeriod = pickOption<SamplingPeriod>(cells, '采样周期', SAMPLING_PERIOD_LABELS, 'month');
  const warningPeriod = pickOption<SamplingPeriod>(cells, '预警周期', SAMPLING_PERIOD_LABELS, 'month');
  const collectionMethod = pickOption<CollectionMethod>(
    cells,
    '采集方式',
    COLLECTION_METHOD_LABELS,
    'report',
  );
  const displayMode = pickOption<DisplayMode>(cells, '展示方式', DISPLAY_MODE_LABELS, 'table');
  if (
    !dimension ||
    !period ||
    !direction ||
    !dataType ||
    !calcMode ||
    !samplingPeriod ||
    !warningPeriod ||
    !collectionMethod ||
    !displayMode
  ) {
    return null;
  }
  return {
    dimension,
    period,
    direction,
    dataType,
    calcMode,
    samplingPeriod,
    warningPeriod,
    collectionMethod,
    displayMode,
  };
}

/** Warning mode and condition, both optional; full-width and ≤/≥ signs are read as their ASCII forms. */
function readWarning({ get, fail }: RowCells) {
  const modeRaw = get('预警方式');
  const mode = modeRaw ? option(WARNING_MODE_LABELS, modeRaw) : null;
  const isUnknownMode = Boolean(modeRaw && !mode);
  if (isUnknownMode) fail('预警方式', `「${modeRaw}」不是可选值（${optionHelp(WARNING_MODE_LABELS)}）`);
  const conditionRaw = get('预警条件')
    .replace('＜', '<')
    .replace('＞', '>')
    .replace('≤', '<=')
    .replace('≥', '>=');
  const condition = (WARNING_CONDITIONS as readonly string[]).includes(conditionRaw)
    ? (conditionRaw as (typeof WARNING_CONDITIONS)[number])
    : null;
  if (conditionRaw && !condition)
    fail('预警条件', `「${conditionRaw}」不是可选值（${WARNING_CONDITIONS.join(' ')}）`);
  return { mode, condition, isUnknownMode };
}

/** The yes/no flags; a blank flag is left out so that the point keeps its default. */
function readFlags({ get, fail }: RowCells) {
  const flags: Partial<Record<PointFlag, boolean>> = {};
  for (const f of POINT_FLAGS) {
    const raw = get(POINT_FLAG_LABELS[f]);
    if (!raw) continue;
    const value = parseFlag(raw);
    if (value === null) fail(POINT_FLAG_LABELS[f], '只能填写是或否');
    else flags[f] = value;
  }
  return flags;
}

/** The grades, split on any of the separators people type; `bad` are those not among GRADES. */
function readGrades({ get, fail }: RowCells) {
  const raw = get('等级');
  const parts = raw
    ? raw
        .split(/[,，、\s]+/)
        .filter(Boolean)
        .map((g) => g.toUpperCase())
    : [];
  const bad = parts.filter((g) => !(GRADES as readonly string[]).includes(g));
  if (bad.length) fail('等级', `「${bad.join('、')}」不是可选等级（${GRADES.join('、')}）`);
  return { parts, bad };
}

/** The sort cell: blank leaves the default order. */
function readSort({ get, fail }: RowCells) {
  const raw = get('排序');
  const sort = raw === '' ? undefined : Number(raw);
  if (sort !== undefined && (!Number.isInteger(sort) || sort < 0 || sort > 99999))
    fail('排序', '排序必须是0到99999的整数');
  return sort;
}
