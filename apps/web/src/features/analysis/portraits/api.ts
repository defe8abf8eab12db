import {
  authorityEndpoints as A,
  portraitEndpoints as E,
  fromPortraitDataWire,
  fromPortraitObjectWire,
  fromPortraitWire,
  fromTableWire,
  mapPage,
  orgEndpoints,
  type Portrait,
  type PortraitConfig,
  type PortraitKind,
  type PortraitSubject,
  warehouseEndpoints,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Query keys of 画像; everything under `all` is dropped after a change of the configuration. */
export const portraitKeys = {
  all: ['portraits'] as const,
  authority: ['portraits', 'authority'] as const,
  entries: (kind: PortraitKind) => ['portraits', 'entries', kind] as const,
  objects: (subject: PortraitSubject, keyword: string) => ['portraits', 'objects', subject, keyword] as const,
  data: (subject: PortraitSubject, objectId: string, taskId: string | undefined) =>
    ['portraits', 'data', subject, objectId, taskId ?? ''] as const,
};

/** 分析权限: the portrait menus and cards the caller may open. */
export const useAnalysisAuthority = () =>
  useQuery({
    queryKey: portraitKeys.authority,
    queryFn: async () => {
      const answer = await call(A.analysis);
      return {
        canManage: answer.canManage,
        subjects: answer.subjects,
        menus: answer.menus.map(fromPortraitWire),
        cards: answer.cards.map(fromPortraitWire),
      };
    },
  });

const LIST = { card: E.queryCard, menu: E.queryMenu, screen: E.queryScreen } as const;

/** Every entry of a kind (the maintainer's settings page). */
export const usePortraitEntries = (kind: PortraitKind) =>
  useQuery({
    queryKey: portraitKeys.entries(kind),
    queryFn: async () => (await call(LIST[kind])).map(fromPortraitWire),
  });

/** The first page of a subject's objects matching the keyword (the picker searches on the server). */
export const usePortraitObjects = (subject: PortraitSubject, keyword: string) =>
  useQuery({
    queryKey: portraitKeys.objects(subject, keyword),
    queryFn: async () =>
      mapPage(
        await call(E.objects, {
          query: { level: subject, pageNum: 1, pageSize: 50, ...(keyword ? { keyword } : {}) },
        }),
        fromPortraitObjectWire,
      ),
    placeholderData: keepPreviousData,
  });

export const usePortraitData = (
  subject: PortraitSubject,
  objectId: string | undefined,
  taskId: string | undefined,
) =>
  useQuery({
    queryKey: portraitKeys.data(subject, objectId ?? '', taskId),
    queryFn: async () =>
      fromPortraitDataWire(
        await call(E.data, {
          query: { level: subject, objectId: objectId ?? '', ...(taskId ? { taskId } : {}) },
        }),
      ),
    enabled: Boolean(objectId),
  });

/** Every role, for the grant picker. */
export const useRoleOptions = () =>
  useQuery({
    queryKey: ['portraits', 'roles'],
    queryFn: async () =>
      (await call(orgEndpoints.roles, { query: { pageNum: 1, pageSize: 10_000 } })).records.map((r) => ({
        value: r.roleId,
        label: r.roleName,
      })),
  });

/** Warehouse tables by name, for a 数据仓库表记录数 card. */
export const useWarehouseTableOptions = (keyword: string) =>
  useQuery({
    queryKey: ['portraits', 'warehouse-tables', keyword],
    queryFn: async () =>
      (
        await call(warehouseEndpoints.tablePage, {
          query: { pageNum: 1, pageSize: 50, ...(keyword ? { keyword } : {}) },
        })
      ).records
        .map(fromTableWire)
        .map((t) => ({ value: t.id, label: `${t.warehouseName} / ${t.name}` })),
    placeholderData: keepPreviousData,
  });

export interface PortraitInput {
  kind: PortraitKind;
  subject: PortraitSubject;
  name: string;
  parentId: string | null;
  sortOrder: number;
  config: PortraitConfig;
  roleIds: string[];
}

export async function savePortrait(input: PortraitInput, id?: string): Promise<Portrait> {
  const body = {
    type: input.kind,
    level: input.subject,
    name: input.name,
    ...(input.parentId ? { parentId: input.parentId } : {}),
    sort: input.sortOrder,
    config: input.config,
    roleIds: input.roleIds,
  };
  const wire = id
    ? await call(E.update, { body: { ...body, id }, json: true })
    : await call(E.add, { body, json: true });
  return fromPortraitWire(wire);
}

export const deletePortrait = (id: string) => call(E.delete, { body: { id }, json: true });
