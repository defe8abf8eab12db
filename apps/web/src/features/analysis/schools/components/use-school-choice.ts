import type { PeerSchool, SchoolHistory } from '@eduqa/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAction } from '../../../../shared/api/use-action.ts';
import { notify } from '../../../../shared/ui/feedback.tsx';
import { saveSchoolHistory, schoolKeys } from '../api.ts';
import {
  filterSchools,
  isChoiceDisabled,
  NO_SCHOOL_FILTER,
  SCHOOL_SEARCH_DEBOUNCE_MS,
  type SchoolListFilter,
  toggleSchool,
} from '../school-selection.ts';

/** The keyword the list filters by, once typing has paused for 300 ms (spec 1 §5). */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The schools with data first, each group in its own order (a stable partition, not a sort). */
function withDataFirst(schools: readonly PeerSchool[], withData: ReadonlySet<string> | undefined) {
  if (!withData || withData.size === 0) return schools;
  return [...schools.filter((s) => withData.has(s.code)), ...schools.filter((s) => !withData.has(s.code))];
}

/**
 * The state of 选择学校 between its openings: the chosen schools, the typed name (debounced), the filters
 * and the name to save them under. Each opening starts from the caller's value and an unfiltered list.
 */
export function useSchoolChoice({
  open,
  value,
  max,
  directory,
  withData,
}: {
  open: boolean;
  value: readonly PeerSchool[];
  max: number | undefined;
  directory: readonly PeerSchool[] | undefined;
  /** Schools with data are listed first, in the directory's order among themselves. */
  withData?: ReadonlySet<string> | undefined;
}) {
  const run = useAction(schoolKeys.histories);
  const [selected, setSelected] = useState<PeerSchool[]>([...value]);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed, SCHOOL_SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<Omit<SchoolListFilter, 'keyword'>>(NO_SCHOOL_FILTER);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [historyName, setHistoryName] = useState('');

  // Each opening starts from the caller's value and an unfiltered list.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      setSelected([...value]);
      setTyped('');
      setFilter(NO_SCHOOL_FILTER);
      setHistoryName('');
    }
    wasOpen.current = open;
  }, [open, value]);

  const shown = useMemo(
    () => withDataFirst(filterSchools(directory ?? [], { ...filter, keyword }), withData),
    [directory, filter, keyword, withData],
  );
  const selectedCodes = useMemo(() => new Set(selected.map((s) => s.code)), [selected]);
  const isDisabled = useCallback((code: string) => isChoiceDisabled(selected, code, max), [selected, max]);
  const onToggle = useCallback(
    (school: PeerSchool) => setSelected((now) => toggleSchool(now, school, max)),
    [max],
  );

  const toggleFilter = <K extends 'province' | 'level' | 'nature'>(key: K, next: SchoolListFilter[K]) =>
    setFilter((now) => ({ ...now, [key]: now[key] === next ? null : next }));

  const applyHistory = (history: SchoolHistory) => {
    setTyped(history.filter.keyword);
    setFilter({
      province: history.filter.provinces.length === 1 ? history.filter.provinces[0]! : null,
      level: history.filter.levels.length === 1 ? history.filter.levels[0]! : null,
      nature: history.filter.natures.length === 1 ? history.filter.natures[0]! : null,
    });
    const schools = max === undefined ? history.schools : history.schools.slice(0, max);
    if (schools.length < history.schools.length) notify.warning(`最多选择 ${max} 所，已选前 ${max} 所`);
    setSelected(schools);
  };

  const saveHistory = async () => {
    const name = historyName.trim();
    const saved = await run(
      () =>
        saveSchoolHistory({
          name,
          filter: {
            keyword: keyword.trim(),
            provinces: filter.province ? [filter.province] : [],
            levels: filter.level ? [filter.level] : [],
            natures: filter.nature ? [filter.nature] : [],
          },
          schoolCodes: selected.map((s) => s.code),
        }),
      `已保存常用查询「${name}」`,
    );
    if (saved) setHistoryName('');
  };

  return {
    run,
    selected,
    setSelected,
    typed,
    setTyped,
    filter,
    setFilter,
    historyName,
    setHistoryName,
    isSettingsOpen,
    setSettingsOpen,
    shown,
    selectedCodes,
    isDisabled,
    onToggle,
    toggleFilter,
    applyHistory,
    saveHistory,
  };
}
