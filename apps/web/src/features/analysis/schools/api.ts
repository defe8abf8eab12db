import {
  type DoubleHighRange,
  type DoubleHighSchool,
  schoolEndpoints as E,
  fromDoubleHighSchoolWire,
  fromSchoolHistoryWire,
  fromSchoolOptionsWire,
  fromSchoolScreenWire,
  fromSchoolWire,
  mapPage,
  type Page,
  SCHOOL_LIMITS,
  type SchoolDirectoryEntry,
  type SchoolFilter,
  type SchoolHistory,
  type SchoolOptions,
  type SchoolScreenSetting,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download } from '../../../shared/api/client.ts';
import { saveBlob } from '../../../shared/api/save-blob.ts';
import { useSession } from '../../../shell/session/index.ts';

/** Query keys of the school directory; everything under `all` is dropped after a change of it. */
export const schoolKeys = {
  all: ['analysis', 'schools'] as const,
  options: ['analysis', 'schools', 'options'] as const,
  directory: ['analysis', 'schools', 'directory'] as const,
  page: (query: SchoolPageQuery) => ['analysis', 'schools', 'page', query] as const,
  screen: ['analysis', 'schools', 'screen'] as const,
  histories: ['analysis', 'schools', 'histories'] as const,
  own: ['analysis', 'schools', 'own'] as const,
  doubleHighYears: ['analysis', 'schools', 'doubleHighYears'] as const,
  doubleHigh: (year: number, range: DoubleHighRange) =>
    ['analysis', 'schools', 'doubleHigh', year, range] as const,
};

export interface SchoolPageQuery extends Partial<SchoolFilter> {
  pageNum: number;
  pageSize: number;
}

/** The directory changes only by an administrator's import: the modal keeps it for the session. */
const DIRECTORY_STALE_MS = 10 * 60_000;

const joined = (values: readonly string[] | undefined) => (values?.length ? values.join(',') : undefined);

export async function fetchSchoolPage(query: SchoolPageQuery): Promise<Page<SchoolDirectoryEntry>> {
  const page = await call(E.querySchoolList, {
    query: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      keyword: query.keyword || undefined,
      province: joined(query.provinces),
      nature: joined(query.natures),
      level: joined(query.levels),
    },
  });
  return mapPage(page, fromSchoolWire);
}

export function useSchoolOptions() {
  return useQuery({
    queryKey: schoolKeys.options,
    queryFn: async (): Promise<SchoolOptions> => fromSchoolOptionsWire(await call(E.queryAllList)),
    staleTime: DIRECTORY_STALE_MS,
  });
}

/** The whole directory in one request (3,167 schools), for the selection modal's client-side filters. */
export function useSchoolDirectory(enabled = true) {
  return useQuery({
    queryKey: schoolKeys.directory,
    queryFn: async () => (await fetchSchoolPage({ pageNum: 1, pageSize: SCHOOL_LIMITS.pageSize })).records,
    staleTime: DIRECTORY_STALE_MS,
    enabled,
  });
}

export function useSchoolPage(query: SchoolPageQuery) {
  return useQuery({
    queryKey: schoolKeys.page(query),
    queryFn: () => fetchSchoolPage(query),
    placeholderData: keepPreviousData,
  });
}

export function useSchoolScreen(enabled = true) {
  return useQuery({
    queryKey: schoolKeys.screen,
    queryFn: async (): Promise<SchoolScreenSetting> => fromSchoolScreenWire(await call(E.querySchoolScreen)),
    enabled,
  });
}

export function useSchoolHistories(enabled = true) {
  return useQuery({
    queryKey: schoolKeys.histories,
    queryFn: async (): Promise<SchoolHistory[]> =>
      (await call(E.querySchoolHistory, { query: {} })).map(fromSchoolHistoryWire),
    enabled,
  });
}

export function useOwnSchool() {
  return useQuery({
    queryKey: schoolKeys.own,
    queryFn: async (): Promise<SchoolDirectoryEntry | null> => {
      const own = await call(E.queryOwnSchool);
      return own ? fromSchoolWire(own) : null;
    },
    staleTime: DIRECTORY_STALE_MS,
  });
}

export function useDoubleHighYears() {
  return useQuery({
    queryKey: schoolKeys.doubleHighYears,
    queryFn: () => call(E.doubleHighYears),
    staleTime: DIRECTORY_STALE_MS,
  });
}

export function useDoubleHighSchools(year: number | undefined, range: DoubleHighRange) {
  return useQuery({
    queryKey: schoolKeys.doubleHigh(year ?? 0, range),
    queryFn: async (): Promise<DoubleHighSchool[]> =>
      (await call(E.doubleHighSchools, { query: { year: year!, range } })).map(fromDoubleHighSchoolWire),
    enabled: year !== undefined,
    staleTime: DIRECTORY_STALE_MS,
  });
}

export async function saveSchoolScreen(setting: SchoolScreenSetting): Promise<SchoolScreenSetting> {
  const saved = await call(E.updateSchoolScreen, {
    body: { schoolLevel: setting.levels, schoolNature: setting.natures, schoolProvince: setting.provinces },
    json: true,
  });
  return fromSchoolScreenWire(saved);
}

export async function saveSchoolHistory(input: {
  name: string;
  filter: SchoolFilter;
  schoolCodes: readonly string[];
}): Promise<SchoolHistory> {
  const saved = await call(E.saveSchoolHistory, {
    body: {
      name: input.name,
      keyword: input.filter.keyword,
      schoolProvince: input.filter.provinces,
      schoolNature: input.filter.natures,
      schoolLevel: input.filter.levels,
      schoolCodes: [...input.schoolCodes],
    },
    json: true,
  });
  return fromSchoolHistoryWire(saved);
}

export async function deleteSchoolHistory(id: string): Promise<void> {
  await call(E.deleteSchoolHistory, { body: { id }, json: true });
}

export async function setOwnSchool(code: string): Promise<SchoolDirectoryEntry> {
  return fromSchoolWire(await call(E.updateOwnSchool, { body: { schoolCode: code }, json: true }));
}

/** 智能分析维护: the directory page, its import and the own-school setting. */
export function useCanManageSchools(): boolean {
  const { user } = useSession();
  return (user?.actions ?? []).includes('analysis.manage');
}

export const SCHOOL_TEMPLATE_NAME = '高校名录导入模板.xlsx';

/** 下载模板 of the school directory's import. */
export async function downloadSchoolTemplate(): Promise<void> {
  saveBlob(await download(E.schoolTemplate.path), SCHOOL_TEMPLATE_NAME);
}
