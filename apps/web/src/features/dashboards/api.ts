import {
  type CardKind,
  type CardSource,
  dynamicChartEndpoints as D,
  type DashboardCard,
  type DashboardLayout,
  type DynamicChartData,
  type DynamicChartSourceType,
  dashboardEndpoints as E,
  fromDashboardCardWire,
  fromDashboardLayoutWire,
  fromDynamicChartWire,
  type LayoutItem,
  type MeasureKey,
  mapPage,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client.ts';
import { usePagedQuery } from '../../shared/api/use-paged-query.ts';

/** Query keys of 仪表盘; everything under `all` is reloaded after a card or a layout changes. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  kinds: ['dashboards', 'kinds'] as const,
  layout: (roleId?: string) => ['dashboards', 'layout', roleId ?? ''] as const,
  cards: (query: object) => ['dashboards', 'cards', query] as const,
  data: (id: string) => ['dashboards', 'data', id] as const,
  groups: (keyword: string) => ['dashboards', 'groups', keyword] as const,
  dynamic: (sourceType: string, sourceId: string) => ['dashboards', 'dynamic', sourceType, sourceId] as const,
  dynamicData: (id: string, range: object) => ['dashboards', 'dynamic-data', id, range] as const,
};

export const useCardKinds = () =>
  useQuery({
    queryKey: dashboardKeys.kinds,
    queryFn: () => call(E.kinds),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The caller's board (or, for a maintainer, a role's default). Silent: the page shows the error itself. */
export const useLayout = (roleId?: string) =>
  useQuery({
    queryKey: dashboardKeys.layout(roleId),
    queryFn: async (): Promise<DashboardLayout> =>
      fromDashboardLayoutWire(await call(E.layout, { query: roleId ? { roleId } : {}, silent: true })),
  });

export interface CardFilters {
  keyword?: string | undefined;
  kind?: CardKind | undefined;
  source?: CardSource | undefined;
}

/** 可添加的卡片 (`addable`: shared and one's own) or every card a maintainer manages. */
export const useCards = (filters: CardFilters, addable: boolean, pageSize?: number) =>
  usePagedQuery({
    queryKey: (query) => dashboardKeys.cards({ ...query, addable }),
    queryFn: async (query) =>
      mapPage(await call(addable ? E.addable : E.page, { query }), fromDashboardCardWire),
    filters,
    ...(pageSize ? { pageSize } : {}),
  });

/** A card's data; silent, so a card that fails shows its own error instead of a toast per card. */
export const useCardData = (card: Pick<DashboardCard, 'id' | 'source'>) =>
  useQuery({
    queryKey: dashboardKeys.data(card.id),
    queryFn: () => call(E.data, { query: { id: card.id }, silent: true }),
    enabled: card.source !== 'url',
    retry: false,
  });

export const useCardAlgorithmGroups = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.groups(keyword),
    queryFn: () => call(E.algorithmGroups, { query: keyword ? { keyword } : {} }),
    enabled,
  });

export const saveLayout = async (items: readonly LayoutItem[], roleId?: string) =>
  fromDashboardLayoutWire(
    await call(E.saveLayout, {
      body: {
        ...(roleId ? { roleId } : {}),
        list: items.map(({ cardId, x, y, w, h }) => ({ cardId, x, y, w, h })),
      },
      json: true,
    }),
  );

export const resetLayout = async (roleId?: string) =>
  fromDashboardLayoutWire(await call(E.resetLayout, { body: roleId ? { roleId } : {}, json: true }));

export interface CardInput {
  name: string;
  kind: CardKind;
  source: CardSource;
  algorithmGroupId?: string | null | undefined;
  algorithmVersion?: number | null | undefined;
  objectId?: string | null | undefined;
  measure?: MeasureKey | null | undefined;
  url?: string | null | undefined;
  isShared?: boolean | undefined;
}

export async function saveCard(input: CardInput, id?: string): Promise<DashboardCard> {
  const wire = id
    ? await call(E.update, { body: { ...input, id }, json: true })
    : await call(E.insert, { body: input, json: true });
  return fromDashboardCardWire(wire);
}

export const deleteCards = (ids: readonly string[]) =>
  call(E.delete, { body: { ids: [...ids] }, json: true });

/** A source's dynamic charts (a portrait entry by default). */
export const useDynamicCharts = (sourceId: string, sourceType: DynamicChartSourceType) =>
  useQuery({
    queryKey: dashboardKeys.dynamic(sourceType, sourceId),
    queryFn: async () =>
      (await call(D.query, { query: { sourceId, type: sourceType }, silent: true })).map(
        fromDynamicChartWire,
      ),
  });

export interface DateRange {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A dynamic chart's rows over the dates, for the portrait's object when given. */
export const useDynamicChartData = (id: string, range: DateRange, objectId?: string) =>
  useQuery({
    queryKey: dashboardKeys.dynamicData(id, { ...range, objectId }),
    queryFn: async (): Promise<DynamicChartData> => {
      const answer = await call(D.data, {
        query: {
          id,
          ...(range.startDate ? { startDate: range.startDate } : {}),
          ...(range.endDate ? { endDate: range.endDate } : {}),
          ...(objectId ? { objectId } : {}),
        },
        silent: true,
      });
      return { columns: answer.columns, rows: answer.list, truncated: answer.truncated };
    },
    retry: false,
  });
