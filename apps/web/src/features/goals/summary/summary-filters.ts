import type { AnalysisWarningFilter, TaskType } from '@eduqa/contract';

/** The filters of 汇总分析 (spec 2 §2.7) as the page holds them; unset means "all". */
export interface AnalysisFilters {
  cycleYear?: number | undefined;
  yearTargetId?: string | undefined;
  taskType?: TaskType | undefined;
  warningType: AnalysisWarningFilter;
  departmentId?: string | undefined;
}

/** A department the caller heads, as the session lists it. */
export interface ChargeDepartment {
  id: string;
  name: string;
  headId?: string | null;
  headName?: string | null;
}

/** Spec 2 §2.7: the department selector starts on the caller's first charged department, else all. */
export function initialFilters(chargeDepartments: readonly ChargeDepartment[]): AnalysisFilters {
  const first = chargeDepartments[0];
  return { warningType: 'all', ...(first ? { departmentId: first.id } : {}) };
}

/** The request body / query: only the filters that are set. */
export function toAnalysisRequest(filters: AnalysisFilters) {
  return {
    warningType: filters.warningType,
    ...(filters.cycleYear ? { cycleYear: filters.cycleYear } : {}),
    ...(filters.yearTargetId ? { yearTargetId: filters.yearTargetId } : {}),
    ...(filters.taskType ? { taskType: filters.taskType } : {}),
    ...(filters.departmentId ? { departmentId: filters.departmentId } : {}),
  };
}

/**
 * The head shown beside the department selector: the department list's head, else the session's record
 * of a charged department; null when the department has none or none is chosen.
 */
export function headOf(
  departmentId: string | undefined,
  departments: ReadonlyArray<{ departmentId: string; chargeUserName: string | null }>,
  chargeDepartments: readonly ChargeDepartment[],
): string | null {
  if (!departmentId) return null;
  const listed = departments.find((d) => d.departmentId === departmentId)?.chargeUserName;
  if (listed) return listed;
  return chargeDepartments.find((d) => d.id === departmentId)?.headName ?? null;
}

/** A year target select keeps to the chosen year; a year change drops a target of another year. */
export function withYear(
  filters: AnalysisFilters,
  cycleYear: number | undefined,
  targetYear: (id: string) => number | undefined,
): AnalysisFilters {
  const keep = filters.yearTargetId && (!cycleYear || targetYear(filters.yearTargetId) === cycleYear);
  return { ...filters, cycleYear, yearTargetId: keep ? filters.yearTargetId : undefined };
}

/**
 * The options of the 责任部门 select: the department list, and until it has come the departments the
 * caller heads (their names are in the session), so the preselected department shows by name.
 */
export function departmentOptions(
  departments: ReadonlyArray<{ departmentId: string; departmentName: string }>,
  chargeDepartments: readonly ChargeDepartment[],
): Array<{ value: string; label: string }> {
  const listed = departments.map((d) => ({ value: d.departmentId, label: d.departmentName }));
  const known = new Set(listed.map((o) => o.value));
  const charged = chargeDepartments
    .filter((d) => !known.has(d.id))
    .map((d) => ({ value: d.id, label: d.name }));
  return [...listed, ...charged];
}

/**
 * The value the select shows: a department whose name is not known yet is held back, so antd does not
 * print its raw id (`d02`) in the box while the list loads (issue 11).
 */
export function shownDepartmentId(
  departmentId: string | undefined,
  options: ReadonlyArray<{ value: string }>,
): string | undefined {
  return departmentId && options.some((o) => o.value === departmentId) ? departmentId : undefined;
}
