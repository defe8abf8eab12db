import {
  COUNT_FIGURES,
  DIAGNOSIS_TEXT_MAX,
  effectiveValue,
  type FileStage,
  formatValue,
  GRADE_LABELS,
  type Grade,
  HAVE_OPTIONS,
  isDataType,
  LEVEL_GRADES,
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  type ObjectLevel,
  type PointRule,
  type QualityRow,
  SAMPLE_SOURCE_LABELS,
  SAMPLING_PERIOD_LABELS,
  type Sample,
  valueError,
  WARNING_CONDITIONS,
  type WarningCondition,
  WHETHER_OPTIONS,
} from '@eduqa/contract';

/** What the tables show for a value that is not there. */
export const NO_VALUE = '-';

/** Spec 2 §5 display: float with two decimals, percent with %, via the judgement module. */
export function displayValue(dataType: string, raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw.trim() === '') return NO_VALUE;
  return isDataType(dataType) ? formatValue(dataType, raw) : raw;
}

type ValueRow = Pick<QualityRow, 'dataType' | 'target' | 'revisedTarget' | 'result' | 'revisedResult'>;

/** The target shown: the revised target when present, else the target (spec 2 §2.2). */
export function targetOf(row: ValueRow): string | null {
  return effectiveValue(row.target, row.revisedTarget);
}

/** The result shown: the revised result when present, else the result. */
export function resultOf(row: ValueRow): string | null {
  return effectiveValue(row.result, row.revisedResult);
}

export function targetText(row: ValueRow): string {
  return displayValue(row.dataType, targetOf(row));
}

export function resultText(row: ValueRow): string {
  return displayValue(row.dataType, resultOf(row));
}

/** Level grades show as their letter; the yes/no grades of whether/have points as 是/否. */
export function gradeText(grade: Grade | null | undefined): string {
  if (!grade) return NO_VALUE;
  if (grade === 'Y') return '是';
  if (grade === 'N') return '否';
  return grade;
}

export type RowFlag = 'unfinished' | 'below';

type FlagRow = Pick<QualityRow, 'below' | 'result' | 'revisedResult'>;

/**
 * 未完成 as the figure catalogue defines it (figures.ts): no effective result — the revised one first, blank
 * counts as none — whether the task is open or closed. The same points the task lists, 统计分析 and the
 * report count as 未完成, decided from the result the row shows, so a row shows '-' exactly when it is one.
 */
export function isUnfinished(row: Pick<QualityRow, 'result' | 'revisedResult'>): boolean {
  return effectiveValue(row.result, row.revisedResult) === null;
}

/** Unfinished wins over below standard: a point without a result cannot be judged below it. */
export function rowFlag(row: FlagRow): RowFlag | null {
  if (isUnfinished(row)) return 'unfinished';
  if (row.below) return 'below';
  return null;
}

/** Row class names and legend of the highlighted rows (colours in quality-table.css). */
export const ROW_FLAG_CLASS: Record<RowFlag, string> = {
  unfinished: 'dq-row-unfin',
  below: 'dq-row-dis',
};
/** The legend says the catalogue's names, so a highlighted row means what the counts count. */
export const ROW_FLAG_LEGEND: ReadonlyArray<{ flag: RowFlag; label: string; color: string }> = [
  { flag: 'unfinished', label: COUNT_FIGURES.unfinishedCount.name, color: '#fff7e6' },
  { flag: 'below', label: COUNT_FIGURES.belowCount.name, color: '#fff1f0' },
];

/** The background of a highlighted row's cells, or undefined for a normal row. */
export function rowFlagColor(row: FlagRow): string | undefined {
  const flag = rowFlag(row);
  return ROW_FLAG_LEGEND.find((item) => item.flag === flag)?.color;
}

export function rowClassName(row: FlagRow): string {
  const flag = rowFlag(row);
  return flag ? ROW_FLAG_CLASS[flag] : '';
}

/** 诊断结果 of the drawer: the row's highlight in the legend's words, 达标 for a point that has none. */
export function diagnosisResultText(row: FlagRow): string {
  const flag = rowFlag(row);
  return ROW_FLAG_LEGEND.find((item) => item.flag === flag)?.label ?? COUNT_FIGURES.reachedCount.name;
}

export interface Option {
  value: string;
  label: string;
}

/** The editor of a result cell (spec 2 §5 editable cells). */
export type CellKind =
  | { kind: 'select'; options: Option[] }
  | { kind: 'percent' }
  | { kind: 'integer' }
  | { kind: 'float' }
  | { kind: 'text'; maxLength: number };

const HAVE_CHOICES: Option[] = HAVE_OPTIONS.map((value) => ({ value, label: value }));
const WHETHER_CHOICES: Option[] = WHETHER_OPTIONS.map((value) => ({ value, label: value }));

/** A level-mode result is a grade: the grade's name is chosen, its letter stored. */
const LEVEL_CHOICES: Option[] = LEVEL_GRADES.map((grade) => ({
  value: grade,
  label: `${grade}（${GRADE_LABELS[grade]}）`,
}));

/**
 * A point graded by level chooses a grade name and stores its letter; have → 无/有, whether → 否/是;
 * percent, integer and float numbers; anything else free text up to 500 characters.
 */
export function cellKind(row: Pick<QualityRow, 'dataType' | 'calcMode'>): CellKind {
  if (row.calcMode === 'level') return { kind: 'select', options: LEVEL_CHOICES };
  if (row.dataType === 'have') return { kind: 'select', options: HAVE_CHOICES };
  if (row.dataType === 'whether') return { kind: 'select', options: WHETHER_CHOICES };
  if (row.dataType === 'percent') return { kind: 'percent' };
  if (row.dataType === 'integer') return { kind: 'integer' };
  if (row.dataType === 'float') return { kind: 'float' };
  return { kind: 'text', maxLength: DIAGNOSIS_TEXT_MAX };
}

/** A percent value as the InputNumber holds it: '85%' or '85' → 85. */
export function percentNumber(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const n = Number.parseFloat(raw.replace('%', '').trim());
  return Number.isFinite(n) ? n : null;
}

/** 预警值或等级: the rule's condition and value, e.g. '< 60.00%' or '>= C'. */
export function warningRuleText(row: Pick<QualityRow, 'dataType' | 'warningRule'>): string {
  const rule = row.warningRule;
  if (!rule) return NO_VALUE;
  const value = rule.mode === 'level' ? rule.value : displayValue(row.dataType, rule.value);
  return `${rule.condition} ${value}`;
}

/** 预警周期: 月 / 周 / 日. */
export function warningCycleText(row: Pick<QualityRow, 'warningRule'>): string {
  const cycle = row.warningRule?.period;
  if (!cycle || cycle === 'no') return NO_VALUE;
  return SAMPLING_PERIOD_LABELS[cycle];
}

/** The judgement module's rule of a row, for checking an entered value; null for an unknown data type. */
export function ruleOf(
  row: Pick<QualityRow, 'dataType' | 'direction' | 'calcMode' | 'calRule' | 'warningRule'>,
): PointRule | null {
  if (!isDataType(row.dataType)) return null;
  const condition = row.warningRule?.condition;
  return {
    dataType: row.dataType,
    direction: row.direction,
    calcMode: row.calcMode,
    calRule: row.calRule,
    warningMode: row.warningRule?.mode ?? null,
    warningCondition: condition && isWarningCondition(condition) ? condition : null,
    warningValue: row.warningRule?.value ?? null,
  };
}

function isWarningCondition(value: string): value is WarningCondition {
  return (WARNING_CONDITIONS as readonly string[]).includes(value);
}

/** Why an entered value is refused (Chinese), or null; an empty value clears the result. */
export function enteredValueError(
  row: Pick<QualityRow, 'dataType' | 'direction' | 'calcMode' | 'calRule' | 'warningRule'>,
  raw: string,
): string | null {
  if (raw.trim() === '') return null;
  if (raw.length > DIAGNOSIS_TEXT_MAX) return `最多只能输入${DIAGNOSIS_TEXT_MAX}个字符`;
  const rule = ruleOf(row);
  return rule ? valueError(rule, raw) : null;
}

/** The charger enters results on rows collected by report, until they are submitted for audit. */
export function canEnterResult(row: Pick<QualityRow, 'isEdit' | 'collectionMethod' | 'auditState'>): boolean {
  return (
    row.isEdit &&
    row.collectionMethod === 'report' &&
    row.auditState !== 'submitted' &&
    row.auditState !== 'passed'
  );
}

/** Revisions of target and result: the charger, until submitted; the target only when allowed. */
export function canRevise(row: Pick<QualityRow, 'isEdit' | 'auditState'>): boolean {
  return row.isEdit && row.auditState !== 'submitted' && row.auditState !== 'passed';
}

/** 学校, 专业, 课程, 教师, 学生 — or the level as sent when unknown. */
export function levelLabel(level: string): string {
  return (OBJECT_LEVELS as readonly string[]).includes(level)
    ? OBJECT_LEVEL_LABELS[level as ObjectLevel]
    : level;
}

/** 来源 of a sample (issue 26): 手工录入 with who typed it, or 算法计算 (an accepted collection). */
export function sampleSourceText(sample: Pick<Sample, 'source' | 'enteredBy'>): string {
  const label = SAMPLE_SOURCE_LABELS[sample.source];
  return sample.source === 'typed' && sample.enteredBy ? `${label}（${sample.enteredBy}）` : label;
}

/**
 * The attachment stage a point's files are added at from the drawer. 总结改进（未完成） is for a point left
 * without a result once its task has finished (DESIGN §7's unfinished); while the task runs, evidence
 * for a point not yet filled in is still part of its diagnosis.
 */
export function fileStageOf(
  point: Pick<QualityRow, 'below' | 'result' | 'revisedResult'>,
  taskFinished: boolean,
): FileStage {
  if (point.below) return 'disqualified';
  if (taskFinished && isUnfinished(point)) return 'unfinish';
  return 'diagnosis';
}
