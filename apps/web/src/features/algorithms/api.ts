import {
  algorithmEndpoints as A,
  type Algorithm,
  type AlgorithmFolder,
  type AlgorithmGroup,
  type AlgorithmType,
  type BodyOf,
  datasourceEndpoints as DS,
  algorithmFolderEndpoints as F,
  fromAlgorithmFolderWire,
  fromAlgorithmGroupWire,
  fromAlgorithmWire,
  algorithmGroupEndpoints as G,
  mapPage,
  type QueryOf,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { type FiltersOf, usePagedQuery } from '../../shared/api/use-paged-query.ts';

export type GroupPageQuery = QueryOf<typeof G.page>;
export type ObjectPageQuery = QueryOf<typeof G.objects>;
export type GroupBody = BodyOf<typeof G.insert>;
export type TestBody = BodyOf<typeof G.testByObject>;

/** Query keys of 算法; everything under `all` is dropped after a change. */
export const algorithmKeys = {
  all: ['algorithms'] as const,
  tree: ['algorithms', 'tree'] as const,
  groups: (query: GroupPageQuery) => ['algorithms', 'groups', query] as const,
  group: (id: string) => ['algorithms', 'group', id] as const,
  versions: (groupId: string) => ['algorithms', 'versions', groupId] as const,
  objects: (query: ObjectPageQuery) => ['algorithms', 'objects', query] as const,
  sources: ['algorithms', 'sources'] as const,
};

export const useFolderTree = () =>
  useQuery({
    queryKey: algorithmKeys.tree,
    queryFn: async (): Promise<AlgorithmFolder[]> => (await call(F.tree)).map(fromAlgorithmFolderWire),
  });

export const useGroups = (filters: FiltersOf<GroupPageQuery>) =>
  usePagedQuery({
    queryKey: algorithmKeys.groups,
    queryFn: async (query) => mapPage(await call(G.page, { query }), fromAlgorithmGroupWire),
    filters,
  });

export const useGroup = (id: string) =>
  useQuery({
    queryKey: algorithmKeys.group(id),
    queryFn: async (): Promise<AlgorithmGroup | null> => {
      const page = await call(G.page, { query: { pageNum: 1, pageSize: 1, groupId: id } });
      const wire = page.records[0];
      return wire ? fromAlgorithmGroupWire(wire) : null;
    },
  });

export const useVersions = (groupId: string) =>
  useQuery({
    queryKey: algorithmKeys.versions(groupId),
    queryFn: async (): Promise<Algorithm[]> =>
      (await call(A.versions, { query: { groupId } })).map(fromAlgorithmWire),
  });

export const useObjects = (filters: FiltersOf<ObjectPageQuery>) =>
  usePagedQuery({
    queryKey: algorithmKeys.objects,
    queryFn: (query) => call(G.objects, { query }),
    filters,
    pageSize: 8,
  });

/** The points the group form offers: those matching the search, plus the ones already chosen (for their names). */
export function usePointOptions(keyword: string, chosen: readonly string[]) {
  const found = useQuery({
    queryKey: ['algorithms', 'points', keyword] as const,
    queryFn: () => call(G.points, { query: { pageNum: 1, pageSize: 20, keyword: keyword || undefined } }),
  });
  const named = useQuery({
    queryKey: ['algorithms', 'points', 'ids', chosen] as const,
    queryFn: () => call(G.points, { query: { pageNum: 1, pageSize: 200, ids: chosen.join(',') } }),
    enabled: chosen.length > 0,
  });
  const byId = new Map(
    [...(named.data?.records ?? []), ...(found.data?.records ?? [])].map((p) => [
      p.id,
      { value: p.id, label: p.code ? `${p.code} ${p.name}` : p.name },
    ]),
  );
  return { options: [...byId.values()], isLoading: found.isFetching };
}

/** The visible data sources a group may read from (a school has a handful). */
const useSources = () =>
  useQuery({
    queryKey: algorithmKeys.sources,
    queryFn: async () =>
      (await call(DS.page, { query: { pageNum: 1, pageSize: 200, withHidden: false } })).records,
  });

export function useSourceOptions() {
  const sources = useSources();
  return { ...sources, data: sources.data?.map((s) => ({ value: s.id, label: s.name })) };
}

/** Each source's kind, which decides the editor's SQL dialect. */
export function useSourceKinds() {
  const sources = useSources();
  return { ...sources, data: sources.data ? new Map(sources.data.map((s) => [s.id, s.type])) : undefined };
}

export const saveFolder = (body: { name: string; parentId?: string | undefined }, id?: string) =>
  id ? call(F.update, { body: { ...body, id }, json: true }) : call(F.insert, { body, json: true });
export const deleteFolder = (id: string) => call(F.delete, { params: { id } });

export const saveGroup = async (body: GroupBody & Partial<BodyOf<typeof G.update>>, id?: string) =>
  fromAlgorithmGroupWire(
    id
      ? await call(G.update, { body: { ...body, id }, json: true })
      : await call(G.insert, { body, json: true }),
  );
export const deleteGroup = (id: string) => call(G.delete, { params: { id } });

/** Switching the version collection uses is its own, explicit call (the group's other fields unchanged). */
export const setCurrentVersion = (group: AlgorithmGroup, type: AlgorithmType, version: number) =>
  saveGroup(
    {
      name: group.name,
      folderId: group.folderId,
      dataSourceId: group.dataSourceId ?? '',
      description: group.description,
      ...(type === 'result' ? { currentResultVersion: version } : { currentDetailVersion: version }),
    },
    group.id,
  );

export const createVersion = async (body: BodyOf<typeof A.insert>) =>
  fromAlgorithmWire(await call(A.insert, { body, json: true }));
export const updateVersion = async (body: BodyOf<typeof A.update>) =>
  fromAlgorithmWire(await call(A.update, { body, json: true }));
export const publishVersion = async (id: string) =>
  fromAlgorithmWire(await call(A.publish, { params: { id } }));
export const deleteVersion = (id: string) => call(A.delete, { params: { id } });

export const testOnObject = (body: TestBody) => call(G.testByObject, { body, json: true });
