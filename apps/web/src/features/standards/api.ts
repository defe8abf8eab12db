import {
  type BodyOf,
  type CycleType,
  standardsEndpoints as E,
  fromCategoryWire,
  fromCycleTypeWire,
  fromCycleWire,
  fromDimensionWire,
  fromIndicatorNodeWire,
  fromQualityPointWire,
  type IndicatorCategory,
  mapPage,
  type QueryOf,
} from '@eduqa/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call, download } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import { useSession } from '../../shell/session/index.ts';

export type QualityPageQuery = QueryOf<typeof E.qualityPage>;
export type CyclePageQuery = QueryOf<typeof E.cyclePage>;
export type DimensionPageQuery = QueryOf<typeof E.dimensionPage>;
export type CategoryInput = BodyOf<typeof E.categoryInsert>;
/** A point as the form saves it; savePoint puts it on the wire. */
export type PointInput = Omit<BodyOf<typeof E.qualityInsert>, 'zkdmc' | 'nh' | 'zdbz' | 'bzz'> & {
  name: string;
  connotation: string;
  diagnosticStandard: string;
  standardValue: string | null;
};

/** Query keys of 目标标准; everything under `all` is dropped after a change. */
export const standardsKeys = {
  all: ['standards'] as const,
  categories: ['standards', 'categories'] as const,
  tree: (categoryId: string) => ['standards', 'tree', categoryId] as const,
  points: (query: QualityPageQuery) => ['standards', 'points', query] as const,
  cycleTypes: ['standards', 'cycleTypes'] as const,
  cycles: (query: CyclePageQuery) => ['standards', 'cycles', query] as const,
  dimensions: (query: DimensionPageQuery) => ['standards', 'dimensions', query] as const,
};

export function useCategories() {
  return useQuery({
    queryKey: standardsKeys.categories,
    queryFn: async () => (await call(E.categoryAll)).map(fromCategoryWire),
  });
}

export function useIndicatorTree(categoryId: string | undefined) {
  return useQuery({
    queryKey: standardsKeys.tree(categoryId ?? ''),
    queryFn: async () =>
      (await call(E.indicatorTree, { query: { categoryId: categoryId! } })).map(fromIndicatorNodeWire),
    enabled: Boolean(categoryId),
  });
}

export function usePoints(query: QualityPageQuery, enabled = true) {
  return useQuery({
    queryKey: standardsKeys.points(query),
    queryFn: async () => mapPage(await call(E.qualityPage, { query }), fromQualityPointWire),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCycleTypes() {
  return useQuery({
    queryKey: standardsKeys.cycleTypes,
    queryFn: async () => (await call(E.cycleTypes)).map(fromCycleTypeWire),
  });
}

export function useCycles(query: CyclePageQuery, enabled = true) {
  return useQuery({
    queryKey: standardsKeys.cycles(query),
    queryFn: async () => mapPage(await call(E.cyclePage, { query }), fromCycleWire),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDimensions(query: DimensionPageQuery) {
  return useQuery({
    queryKey: standardsKeys.dimensions(query),
    queryFn: async () => mapPage(await call(E.dimensionPage, { query }), fromDimensionWire),
    placeholderData: keepPreviousData,
  });
}

/** After any change: counts on categories and tree nodes move with the points, so reload the feature. */
export function useRefreshStandards() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: standardsKeys.all }), [queryClient]);
}

/** Writes need `standards.manage`; without it the screens are read-only. */
export function useCanManage(): boolean {
  const { user } = useSession();
  return (user?.actions ?? []).includes('standards.manage');
}

export async function deleteCategory(id: string): Promise<void> {
  await call(E.categoryDelete, { params: { id } });
}

export async function moveIndicator(id: string, direction: 'up' | 'down'): Promise<void> {
  await call(E.indicatorMove, { params: { id }, body: { direction }, json: true });
}

export async function deleteIndicator(id: string): Promise<void> {
  await call(E.indicatorDelete, { params: { id } });
}

export async function deletePoints(ids: string[]): Promise<void> {
  await call(E.qualityDelete, { body: { ids }, json: true });
}

/** The Excel files of 目标标准 (exports and import templates) and the names they save under. */
export const STANDARDS_FILES = {
  indicators: { path: E.qualityDownload.path, name: '指标体系.xlsx' },
  indicatorTemplate: { path: E.qualityTemplate.path, name: '指标体系导入模板.xlsx' },
  dimensions: { path: E.dimensionDownload.path, name: '维度.xlsx' },
  dimensionTemplate: { path: E.dimensionTemplate.path, name: '维度导入模板.xlsx' },
} as const;

export async function downloadStandardsFile(file: keyof typeof STANDARDS_FILES): Promise<void> {
  const { path, name } = STANDARDS_FILES[file];
  saveBlob(await download(path), name);
}

export async function saveCategory(input: CategoryInput, id?: string): Promise<IndicatorCategory> {
  const saved = id
    ? await call(E.categoryUpdate, { body: { ...input, id }, json: true })
    : await call(E.categoryInsert, { body: input, json: true });
  return fromCategoryWire(saved);
}

/** An indicator as the dialog saves it; saveIndicator puts its weight on the wire (qz). */
export interface IndicatorInput {
  name: string;
  code: string;
  /** 权重; null clears it. */
  weight: number | null;
}

/** Adds an indicator under `at` (a category, and a parent unless level 1), or saves indicator `at.id`. */
export async function saveIndicator(
  input: IndicatorInput,
  at: { id: string } | { categoryId: string; parentId: string | null },
) {
  const { weight, ...rest } = input;
  if ('id' in at) {
    await call(E.indicatorUpdate, { body: { ...rest, id: at.id, qz: weight }, json: true });
    return;
  }
  const parent = at.parentId ? { parentId: at.parentId } : {};
  await call(E.indicatorInsert, {
    body: { ...rest, ...parent, categoryId: at.categoryId, qz: weight },
    json: true,
  });
}

export async function savePoint(input: PointInput, id?: string) {
  const { name, connotation, diagnosticStandard, standardValue, ...rest } = input;
  const body = { ...rest, zkdmc: name, nh: connotation, zdbz: diagnosticStandard, bzz: standardValue };
  if (id) await call(E.qualityUpdate, { body: { ...body, zkdid: id }, json: true });
  else await call(E.qualityInsert, { body, json: true });
}

export async function deleteCycleType(id: string): Promise<void> {
  await call(E.cycleTypeDelete, { params: { id } });
}

export async function setDefaultCycle(id: string): Promise<void> {
  await call(E.cycleDefault, { params: { id } });
}

export async function setCycleHidden(id: string, isHidden: boolean): Promise<void> {
  await call(E.cycleHidden, { params: { id }, body: { status: isHidden }, json: true });
}

export async function deleteCycle(id: string): Promise<void> {
  await call(E.cycleDelete, { body: { cycleId: id }, json: true });
}

/** Adds a cycle to `typeId`, or saves cycle `id` (its number and order). */
export async function saveCycle(
  input: { cycleNumber: string; sort?: number },
  at: { id: string } | { typeId: string },
) {
  if ('id' in at) await call(E.cycleUpdate, { body: { cycleId: at.id, ...input }, json: true });
  else await call(E.cycleInsert, { body: { typeId: at.typeId, ...input }, json: true });
}

export async function saveCycleType(input: { name: string; sort?: number }, id?: string): Promise<CycleType> {
  const { name, ...rest } = input;
  const body = { ...rest, lxmc: name };
  const saved = id
    ? await call(E.cycleTypeUpdate, { body: { ...body, id }, json: true })
    : await call(E.cycleTypeInsert, { body, json: true });
  return fromCycleTypeWire(saved);
}

export async function saveDimension(
  input: { name: string; displayName: string; sort?: number },
  id?: string,
) {
  const { name, displayName, ...rest } = input;
  const body = { ...rest, dimension_Name: name, display_Name: displayName };
  if (id) await call(E.dimensionUpdate, { body: { ...body, pk_Dimension_Id: id }, json: true });
  else await call(E.dimensionInsert, { body, json: true });
}

export function deleteDimension(id: string) {
  return call(E.dimensionDelete, { body: { pk_Dimension_Id: id }, json: true });
}
