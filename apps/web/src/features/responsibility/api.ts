import {
  responsibilityEndpoints as E,
  fromPointResponsibilityWire,
  fromQualityDeptVersionWire,
  fromResponsibilityCategoryWire,
  mapPage,
  type QualityDeptVersion,
  type QueryOf,
  type ResponsibilitySaveBody,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { type FiltersOf, usePagedQuery } from '../../shared/api/use-paged-query.ts';
import type { PointDepartments } from './responsibility-draft.ts';

export type ResponsibilityPageQuery = QueryOf<typeof E.query>;
export type VersionPageQuery = QueryOf<typeof E.versionPage>;

/** Query keys of 部门职责; everything under `all` is dropped after a change (a save, an enabled version). */
export const responsibilityKeys = {
  all: ['responsibility'] as const,
  tree: ['responsibility', 'tree'] as const,
  filtered: (query: ResponsibilityFilters) => ['responsibility', 'page', query] as const,
  versions: (query: VersionPageQuery) => ['responsibility', 'versions', query] as const,
};

/** The whole tree, every category: a school's system is a few hundred points. */
export const useResponsibilityTree = () =>
  useQuery({
    queryKey: responsibilityKeys.tree,
    queryFn: async () => (await call(E.tree)).map(fromResponsibilityCategoryWire),
  });

/** 按部门查询's filters in English; the department goes out as `bmid`. */
export type ResponsibilityFilters = Omit<FiltersOf<ResponsibilityPageQuery>, 'bmid'> & {
  departmentId?: string | undefined;
};

export const useResponsibilityPage = (filters: ResponsibilityFilters) =>
  usePagedQuery({
    queryKey: responsibilityKeys.filtered,
    queryFn: async ({ departmentId, ...query }) =>
      mapPage(await call(E.query, { query: { ...query, bmid: departmentId } }), fromPointResponsibilityWire),
    filters,
  });

export const useVersions = (filters: FiltersOf<VersionPageQuery>) =>
  usePagedQuery({
    queryKey: responsibilityKeys.versions,
    queryFn: async (query) => mapPage(await call(E.versionPage, { query }), fromQualityDeptVersionWire),
    filters,
  });

export const saveResponsibilities = (items: readonly PointDepartments[]) => {
  const body: ResponsibilitySaveBody = {
    items: items.map((item) => ({ zkdid: item.pointId, bmids: item.departmentIds })),
  };
  return call(E.save, { body, json: true });
};

export interface VersionInput {
  name: string;
  versionDate: string;
  remark: string;
}

export async function saveVersion(input: VersionInput, id?: string): Promise<QualityDeptVersion> {
  const body = { versionName: input.name, versionDate: input.versionDate, remark: input.remark };
  const wire = id
    ? await call(E.versionUpdate, { body: { ...body, id }, json: true })
    : await call(E.versionInsert, { body, json: true });
  return fromQualityDeptVersionWire(wire);
}

export const enableVersion = (id: string) => call(E.versionEnable, { body: { id }, json: true });
export const deleteVersion = (id: string) => call(E.versionDelete, { body: { id }, json: true });
