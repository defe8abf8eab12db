import {
  type AverageAnalysis,
  type DoubleHighRange,
  type DoubleHighTable,
  fromAverageAnalysisWire,
  fromDoubleHighTableWire,
  fromIndicatorBandWire,
  fromPeerIndicatorWire,
  fromPeerValueRowWire,
  fromRankAnalysisWire,
  fromRivalTableWire,
  fromTrendAnalysisWire,
  type IndicatorBand,
  mapPage,
  peersEndpoints as P,
  type Page,
  type PeerIndicator,
  type PeerTableKind,
  type PeerValueRow,
  rivalEndpoints as R,
  type RankAnalysis,
  type RivalTable,
  type TrendAnalysis,
} from '@eduqa/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, download } from '../../../shared/api/client.ts';
import { saveBlob } from '../../../shared/api/save-blob.ts';

/** What an analysis is asked about: the chosen schools (the own school is always added), indicators and years. */
export interface PeerSelection {
  schoolCodes: readonly string[];
  indicatorIds: readonly string[];
  startYear: number;
  endYear: number;
}

export interface PeerValueQuery {
  keyword?: string;
  tableKind?: PeerTableKind;
  indicatorIds?: readonly string[];
  startYear?: number;
  endYear?: number;
  pageNum: number;
  pageSize: number;
}

export const peerKeys = {
  all: ['analysis', 'peers'] as const,
  indicators: ['analysis', 'peers', 'indicators'] as const,
  years: ['analysis', 'peers', 'years'] as const,
  values: (query: PeerValueQuery) => ['analysis', 'peers', 'values', query] as const,
  rival: (selection: PeerSelection, year: number) => ['analysis', 'peers', 'rival', selection, year] as const,
  trend: (selection: PeerSelection) => ['analysis', 'peers', 'trend', selection] as const,
  rank: (selection: PeerSelection, indicatorId: string, year: number) =>
    ['analysis', 'peers', 'rank', selection, indicatorId, year] as const,
  average: (selection: PeerSelection) => ['analysis', 'peers', 'average', selection] as const,
  doubleHigh: (selection: PeerSelection, range: DoubleHighRange, year: number) =>
    ['analysis', 'peers', 'doubleHigh', selection, range, year] as const,
  withData: (indicatorIds: readonly string[], startYear: number, endYear: number) =>
    ['analysis', 'peers', 'withData', indicatorIds, startYear, endYear] as const,
  band: (indicatorId: string, schoolCodes: readonly string[], startYear: number, endYear: number) =>
    ['analysis', 'peers', 'band', indicatorId, schoolCodes, startYear, endYear] as const,
};

const joined = (values: readonly string[]) => values.join(',');
const CATALOGUE_STALE_MS = 10 * 60_000;

export function usePeerIndicators() {
  return useQuery({
    queryKey: peerKeys.indicators,
    queryFn: async (): Promise<PeerIndicator[]> => (await call(P.indicatorList)).map(fromPeerIndicatorWire),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function usePeerYears() {
  return useQuery({ queryKey: peerKeys.years, queryFn: () => call(P.years) });
}

/** The codes of the schools with a value of these indicators in these years, while `enabled` (选择学校 is open). */
export function useSchoolsWithData(input: {
  indicatorIds: readonly string[];
  startYear: number;
  endYear: number;
  enabled: boolean;
}) {
  const { indicatorIds, startYear, endYear } = input;
  return useQuery({
    queryKey: peerKeys.withData(indicatorIds, startYear, endYear),
    queryFn: async (): Promise<ReadonlySet<string>> =>
      new Set(
        await call(P.schoolsWithData, { query: { indicatorIds: joined(indicatorIds), startYear, endYear } }),
      ),
    enabled: input.enabled && indicatorIds.length > 0,
  });
}

export function useRivalTable(selection: PeerSelection, year: number, enabled: boolean) {
  return useQuery({
    queryKey: peerKeys.rival(selection, year),
    queryFn: async (): Promise<RivalTable> =>
      fromRivalTableWire(
        await call(R.schoolRival, {
          query: { year },
          body: { schoolCodes: joined(selection.schoolCodes), indicatorIds: joined(selection.indicatorIds) },
          json: true,
        }),
      ),
    enabled: enabled && selection.schoolCodes.length > 0 && selection.indicatorIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useTrend(selection: PeerSelection, enabled: boolean) {
  return useQuery({
    queryKey: peerKeys.trend(selection),
    queryFn: async (): Promise<TrendAnalysis> =>
      fromTrendAnalysisWire(
        await call(R.trend, {
          query: {
            schoolCodes: joined(selection.schoolCodes),
            indicatorIds: joined(selection.indicatorIds),
            startYear: selection.startYear,
            endYear: selection.endYear,
          },
        }),
      ),
    enabled: enabled && selection.indicatorIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useRank(
  selection: PeerSelection,
  indicatorId: string | undefined,
  year: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: peerKeys.rank(selection, indicatorId ?? '', year),
    queryFn: async (): Promise<RankAnalysis> =>
      fromRankAnalysisWire(
        await call(R.rank, {
          query: { schoolCodes: joined(selection.schoolCodes), indicatorId: indicatorId!, year },
        }),
      ),
    enabled: enabled && indicatorId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useAverage(selection: PeerSelection, enabled: boolean) {
  return useQuery({
    queryKey: peerKeys.average(selection),
    queryFn: async (): Promise<AverageAnalysis> =>
      fromAverageAnalysisWire(
        await call(R.average, {
          query: {
            schoolCodes: joined(selection.schoolCodes),
            indicatorIds: joined(selection.indicatorIds),
            startYear: selection.startYear,
            endYear: selection.endYear,
          },
        }),
      ),
    enabled: enabled && selection.indicatorIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useDoubleHighTable(
  selection: PeerSelection,
  range: DoubleHighRange,
  year: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: peerKeys.doubleHigh(selection, range, year),
    queryFn: async (): Promise<DoubleHighTable> =>
      fromDoubleHighTableWire(
        await call(R.doubleHigh, { query: { range, indicatorIds: joined(selection.indicatorIds), year } }),
      ),
    enabled: enabled && selection.indicatorIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useIndicatorBand(input: {
  indicatorId: string | undefined;
  schoolCodes: readonly string[];
  startYear: number;
  endYear: number;
}) {
  const { indicatorId, schoolCodes, startYear, endYear } = input;
  return useQuery({
    queryKey: peerKeys.band(indicatorId ?? '', schoolCodes, startYear, endYear),
    queryFn: async (): Promise<IndicatorBand> =>
      fromIndicatorBandWire(
        await call(P.targetBand, {
          query: { indicatorId: indicatorId!, schoolCodes: joined(schoolCodes), startYear, endYear },
        }),
      ),
    enabled: indicatorId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The 年报数据 filters as the body of indicatorDataShow and the query of its export. */
export function valueFilterOf(query: Omit<PeerValueQuery, 'pageNum' | 'pageSize'>) {
  return {
    ...(query.keyword ? { keyword: query.keyword } : {}),
    ...(query.tableKind ? { tableKind: query.tableKind } : {}),
    ...(query.indicatorIds?.length ? { indicatorIds: joined(query.indicatorIds) } : {}),
    ...(query.startYear !== undefined ? { startYear: query.startYear } : {}),
    ...(query.endYear !== undefined ? { endYear: query.endYear } : {}),
  };
}

export async function fetchPeerValues(query: PeerValueQuery): Promise<Page<PeerValueRow>> {
  const page = await call(P.values, {
    query: { pageNum: query.pageNum, pageSize: query.pageSize },
    body: valueFilterOf(query),
    json: true,
  });
  return mapPage(page, fromPeerValueRowWire);
}

/** 导出 the 年报数据 that match the filters, as an Excel file. */
export async function exportPeerValues(query: Omit<PeerValueQuery, 'pageNum' | 'pageSize'>): Promise<void> {
  saveBlob(await download(P.download.path, { query: valueFilterOf(query) }), '年报数据.xlsx');
}
