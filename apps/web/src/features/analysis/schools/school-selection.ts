import type { PeerSchool, SchoolLevel, SchoolNature } from '@eduqa/contract';

/** The search delay of spec 1 §5 and §9. */
export const SCHOOL_SEARCH_DEBOUNCE_MS = 300;

/** The list area of spec 1 §2 piece 2 / §9: rows 30 px high in a 408 × 456 box. */
export const SCHOOL_LIST_BOX = { width: 408, height: 456, rowHeight: 30 } as const;

/** What the modal's list shows: each field narrows it; null (or '') means all. */
export interface SchoolListFilter {
  keyword: string;
  province: string | null;
  level: SchoolLevel | null;
  nature: SchoolNature | null;
}

export const NO_SCHOOL_FILTER: SchoolListFilter = { keyword: '', province: null, level: null, nature: null };

/** Substring match on the name (spec 1 §5), then the province, level and nature. */
export function filterSchools<S extends PeerSchool>(schools: readonly S[], filter: SchoolListFilter): S[] {
  const keyword = filter.keyword.trim();
  if (!keyword && !filter.province && !filter.level && !filter.nature) return schools as S[];
  return schools.filter(
    (s) =>
      (!keyword || s.name.includes(keyword)) &&
      (!filter.province || s.province === filter.province) &&
      (!filter.level || s.level === filter.level) &&
      (!filter.nature || s.nature === filter.nature),
  );
}

/** At the maximum, a school not yet chosen cannot be ticked (spec 1 §2 piece 2). */
export function isChoiceDisabled(selected: readonly PeerSchool[], code: string, max?: number): boolean {
  return max !== undefined && selected.length >= max && !selected.some((s) => s.code === code);
}

/** Ticks or unticks a school; ticking past the maximum changes nothing. */
export function toggleSchool(
  selected: readonly PeerSchool[],
  school: PeerSchool,
  max?: number,
): PeerSchool[] {
  if (selected.some((s) => s.code === school.code)) return selected.filter((s) => s.code !== school.code);
  if (isChoiceDisabled(selected, school.code, max)) return [...selected];
  return [...selected, school];
}

/** 确定 needs at least the minimum. */
export const canConfirm = (selected: readonly PeerSchool[], min?: number) => selected.length >= (min ?? 0);

/** The footer's rule text: 至少选择 {min} 所，最多选择 {max} 所. */
export function selectionRule(min?: number, max?: number): string {
  const parts = [
    ...(min !== undefined ? [`至少选择 ${min} 所`] : []),
    ...(max !== undefined ? [`最多选择 ${max} 所`] : []),
  ];
  return parts.join('，');
}
