import { OBJECT_LEVELS, type ObjectLevel, TASK_STATES, type TaskState } from '@eduqa/contract';
import { useState } from 'react';
import { type FilterParsers, oneOf, textParam, useUrlFilters } from '../../shared/routing/use-url-filters.ts';
import type { PointToDo } from './components/my-points-list.tsx';

export interface TaskListFilterValues {
  keyword: string | undefined;
  level: ObjectLevel | undefined;
  state: TaskState | undefined;
  /** 我的任务's to-do points instead of the tasks (the home page's links). */
  points: PointToDo | undefined;
}
const PARSERS: FilterParsers<TaskListFilterValues> = {
  keyword: textParam(),
  level: oneOf(OBJECT_LEVELS),
  state: oneOf(TASK_STATES),
  points: oneOf(['draft', 'refused']),
};
const NONE: TaskListFilterValues = {
  keyword: undefined,
  level: undefined,
  state: undefined,
  points: undefined,
};

/**
 * A task list's filters: in the address for a page of its own, in the component for a list inside another
 * page (预警任务's second tab, whose address belongs to the warning centre).
 */
export function useTaskListFilters(inAddress: boolean) {
  const [local, setLocal] = useState(NONE);
  const [addressed, setAddressed] = useUrlFilters(PARSERS, NONE);
  if (inAddress) return [addressed, setAddressed] as const;
  const setFilters = (patch: Partial<TaskListFilterValues>) => setLocal((now) => ({ ...now, ...patch }));
  return [local, setFilters] as const;
}
