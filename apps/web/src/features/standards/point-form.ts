import {
  type CalcMode,
  type CalRuleItem,
  type CollectionMethod,
  type DataType,
  type Dimension,
  type Direction,
  type DisplayMode,
  type Grade,
  gradesFor,
  HAVE_OPTIONS,
  type ObjectLevel,
  type Period,
  POINT_FLAGS,
  type PointConfigField,
  type PointFlag,
  pointConfigProblems,
  type QualityPoint,
  type SamplingPeriod,
  type WarningCondition,
  type WarningMode,
  WHETHER_OPTIONS,
} from '@eduqa/contract';
import type { PointInput } from './api.ts';

/** The point form's values; the feature's api.ts maps what they save to the wire. */
export interface PointFormValues {
  name: string;
  code?: string;
  connotation?: string;
  diagnosticStandard?: string;
  standardValue?: string;
  dimension: Dimension;
  period: Period;
  direction: Direction;
  dataType: DataType;
  calcMode: CalcMode;
  samplingPeriod: SamplingPeriod;
  warningPeriod: SamplingPeriod;
  warningMode?: WarningMode | null;
  warningCondition?: WarningCondition | null;
  warningValue?: string;
  grades: Grade[];
  calRule: Array<Partial<CalRuleItem>>;
  collectionMethod: CollectionMethod;
  displayMode: DisplayMode;
  sort?: number | null;
  flags: PointFlag[];
}

const DEFAULT_FLAGS: PointFlag[] = ['isQuantitative', 'isJoin'];

/** A new point of a category of `level`, or the row's values for an edit. */
export function pointFormValuesOf(point: QualityPoint | null, level: ObjectLevel): PointFormValues {
  if (!point) {
    return {
      name: '',
      dimension: level,
      period: 'year',
      direction: '>',
      dataType: 'percent',
      calcMode: 'result',
      samplingPeriod: 'month',
      warningPeriod: 'month',
      warningMode: null,
      warningCondition: null,
      grades: ['A', 'B', 'C', 'D'],
      calRule: [
        { value: '', dxLevel: 'A' },
        { value: '', dxLevel: 'B' },
        { value: '', dxLevel: 'C' },
      ],
      collectionMethod: 'report',
      displayMode: 'table',
      flags: DEFAULT_FLAGS,
    };
  }
  return {
    name: point.name,
    code: point.code ?? '',
    connotation: point.connotation,
    diagnosticStandard: point.diagnosticStandard,
    standardValue: point.standardValue ?? '',
    dimension: point.dimension,
    period: point.period,
    direction: point.direction,
    dataType: point.dataType,
    calcMode: point.calcMode,
    samplingPeriod: point.samplingPeriod,
    warningPeriod: point.warningPeriod,
    warningMode: point.warningMode,
    warningCondition: point.warningCondition,
    warningValue: point.warningValue ?? '',
    grades: point.grades,
    calRule: point.calRule.map((item) => ({ ...item })),
    collectionMethod: point.collectionMethod,
    displayMode: point.displayMode,
    sort: point.sort,
    flags: POINT_FLAGS.filter((flag) => point[flag]),
  };
}

/** Pairs the user left wholly empty are dropped; half-filled ones stay, for the rule check to name. */
export function cleanCalRule(items: ReadonlyArray<Partial<CalRuleItem>> | undefined): CalRuleItem[] {
  return (items ?? [])
    .map((item) => ({ value: (item.value ?? '').trim(), dxLevel: (item.dxLevel ?? '').trim() }))
    .filter((item) => item.value !== '' || item.dxLevel !== '');
}

/** What insert (and update) saves. */
export function pointBodyOf(values: PointFormValues, indicatorId: string): PointInput {
  const flags = new Set(values.flags);
  const mode = values.warningMode ?? null;
  return {
    indicatorId,
    name: values.name.trim(),
    code: values.code?.trim() ?? '',
    connotation: values.connotation?.trim() ?? '',
    diagnosticStandard: values.diagnosticStandard?.trim() ?? '',
    standardValue: values.standardValue?.trim() || null,
    dimension: values.dimension,
    period: values.period,
    direction: values.direction,
    dataType: values.dataType,
    calcMode: values.calcMode,
    samplingPeriod: values.samplingPeriod,
    warningPeriod: values.warningPeriod,
    warningMode: mode,
    warningCondition: mode === 'result' ? (values.warningCondition ?? null) : null,
    warningValue: mode === null ? null : values.warningValue?.trim() || null,
    grades: values.grades,
    calRule: values.calcMode === 'level' ? [] : cleanCalRule(values.calRule),
    collectionMethod: values.collectionMethod,
    displayMode: values.displayMode,
    ...(values.sort === null || values.sort === undefined ? {} : { sort: values.sort }),
    ...Object.fromEntries(POINT_FLAGS.map((flag) => [flag, flags.has(flag)])),
  };
}

/** The cross-field problems of the form (the server's own rules), keyed by the form field they concern. */
export function pointFormProblems(values: PointFormValues): Partial<Record<PointConfigField, string>> {
  const mode = values.warningMode ?? null;
  const problems = pointConfigProblems({
    dataType: values.dataType,
    calcMode: values.calcMode,
    direction: values.direction,
    standardValue: values.standardValue?.trim() || null,
    warningMode: mode,
    warningCondition: mode === 'result' ? (values.warningCondition ?? null) : null,
    warningValue: mode === null ? null : values.warningValue?.trim() || null,
    grades: values.grades ?? [],
    calRule: values.calcMode === 'level' ? [] : cleanCalRule(values.calRule),
  });
  const byField: Partial<Record<PointConfigField, string>> = {};
  for (const problem of problems) byField[problem.field] ??= problem.message;
  return byField;
}

/** What a value cell of this point offers: a choice for whether/have and level mode, else free input. */
export function valueChoices(dataType: DataType, calcMode: CalcMode): readonly string[] | null {
  if (calcMode === 'level') return gradesFor(dataType, calcMode);
  if (dataType === 'whether') return WHETHER_OPTIONS;
  if (dataType === 'have') return HAVE_OPTIONS;
  return null;
}

/** The grading rule as one line for the table: '≥95→A，≥90→B'. */
export function describeCalRule(
  rule: readonly CalRuleItem[],
  direction: Direction,
  dataType: DataType,
): string {
  if (rule.length === 0) return '-';
  const binary = dataType === 'whether' || dataType === 'have';
  const sign = binary ? '' : direction === '>' ? '≥' : '≤';
  const unit = dataType === 'percent' ? '%' : '';
  return rule.map((item) => `${sign}${item.value}${binary ? '' : unit}→${item.dxLevel}`).join('，');
}
