import {
  ANALYSIS_TYPES_WITH_YEAR,
  type AnalysisType,
  DEFAULT_ANALYSIS_START_YEAR,
  DEFAULT_DOUBLE_HIGH_RANGE,
  type DoubleHighRange,
} from './analysis.enums.ts';

/**
 * The inputs each analysis type keeps (spec 1 §4 "school selection"): the year range starts at 2017; types 2,
 * 4, 5 and 6 each keep their own year and school-name input; type 6 also its rank range, by default
 * highSchoolConstructionLevelA. Resetting a type clears its own inputs only; resetting type 3 clears the range.
 */
export type TypeWithYear = '2' | '4' | '5' | '6';

export interface TypeInputs {
  /** null: the latest year of the range that has values. */
  year: number | null;
  /** Narrows the schools shown to those whose name contains it (the own school always stays). */
  schoolName: string;
}

export interface AnalysisInputs {
  /** Start and end year; null counts as empty (the end then means this year). */
  range: [number | null, number | null];
  byType: Record<TypeWithYear, TypeInputs>;
  rankRange: DoubleHighRange;
}

const EMPTY_TYPE: TypeInputs = Object.freeze({ year: null, schoolName: '' });

export const isTypeWithYear = (type: AnalysisType): type is TypeWithYear =>
  ANALYSIS_TYPES_WITH_YEAR.includes(type);

export function initialAnalysisInputs(): AnalysisInputs {
  return {
    range: [DEFAULT_ANALYSIS_START_YEAR, null],
    byType: { '2': EMPTY_TYPE, '4': EMPTY_TYPE, '5': EMPTY_TYPE, '6': EMPTY_TYPE },
    rankRange: DEFAULT_DOUBLE_HIGH_RANGE,
  };
}

export function setTypeInputs(
  state: AnalysisInputs,
  type: TypeWithYear,
  patch: Partial<TypeInputs>,
): AnalysisInputs {
  return { ...state, byType: { ...state.byType, [type]: { ...state.byType[type], ...patch } } };
}

/** 重置 of one analysis type: its own inputs back to their defaults, the others' untouched. */
export function resetAnalysisType(state: AnalysisInputs, type: AnalysisType): AnalysisInputs {
  if (type === '3') return { ...state, range: [null, null] };
  if (!isTypeWithYear(type)) return state;
  const next = setTypeInputs(state, type, EMPTY_TYPE);
  return type === '6' ? { ...next, rankRange: DEFAULT_DOUBLE_HIGH_RANGE } : next;
}

/** Whether a school's row stays under a type's school-name input. */
export function matchesSchoolName(school: { name: string; isOwn: boolean }, schoolName: string): boolean {
  const wanted = schoolName.trim();
  return school.isOwn || wanted === '' || school.name.includes(wanted);
}
