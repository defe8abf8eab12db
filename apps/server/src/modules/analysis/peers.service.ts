import {
  bandPosition,
  type IndicatorBand,
  type IndicatorBandQuery,
  type PagingQuery,
  type PeerIndicator,
  type PeerIndicatorUpdateBody,
  type PeerValueFilter,
  type PeerValueRow,
  percentileBand,
  type SchoolsWithDataQuery,
} from '@eduqa/contract';
import { type Actor, access, assertCan } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { PeersRepo, ValueFilter } from './peers.repo.ts';
import { resolveIndicators, resolveSchools, yearsBetween } from './peers.selection.ts';

const READ = access.menu('analysis');
const MANAGE = access.action('analysis.manage');

/** The filter of 年报数据 as the repo reads it; unknown schools and indicators answer a Chinese 400. */
export async function valueFilterOf(repo: PeersRepo, filter: PeerValueFilter): Promise<ValueFilter> {
  if (filter.schoolCodes.length) await resolveSchools(repo, filter.schoolCodes);
  let indicatorIds: string[] | null = null;
  if (filter.indicatorIds.length)
    indicatorIds = (await resolveIndicators(repo, filter.indicatorIds)).map((i) => i.id);
  else if (filter.tableKind)
    indicatorIds = (await repo.indicators()).filter((i) => i.tableKind === filter.tableKind).map((i) => i.id);
  return {
    schools: filter.schoolCodes.length
      ? { kind: 'codes', codes: filter.schoolCodes }
      : { kind: 'all', ...(filter.keyword ? { keyword: filter.keyword } : {}) },
    indicatorIds,
    startYear: filter.startYear,
    endYear: filter.endYear,
  };
}

/**
 * 质量年报 indicators and their values: the catalogue (and its links to the own school's quality points),
 * the 年报数据 table, the years with values, and the percentile band of one indicator (目标定位).
 */
export function createPeersService(deps: { repo: PeersRepo }) {
  const { repo } = deps;
  return {
    async indicators(actor: Actor): Promise<PeerIndicator[]> {
      assertCan(actor, READ);
      return repo.indicators();
    },

    /** Links an indicator to a school-level quality point, whose results then give the own school's values. */
    async updateIndicator(actor: Actor, body: PeerIndicatorUpdateBody): Promise<PeerIndicator> {
      assertCan(actor, MANAGE);
      if (body.pointId) {
        const point = await repo.findPoint(body.pointId);
        if (!point) throw new AppError('VALIDATION', '质控点不存在');
        if (point.level !== 'school') throw new AppError('VALIDATION', '只能关联学校层面的质控点');
      }
      if (!(await repo.setIndicatorPoint(body.id, body.pointId)))
        throw new AppError('NOT_FOUND', '指标不存在');
      const [indicator] = await repo.indicators([body.id]);
      return indicator!;
    },

    async years(actor: Actor): Promise<number[]> {
      assertCan(actor, READ);
      return repo.years();
    },

    /** Which schools have a value of any of these indicators in these years; unknown indicators answer 400. */
    async schoolsWithData(actor: Actor, query: SchoolsWithDataQuery): Promise<string[]> {
      assertCan(actor, READ);
      const indicators = await resolveIndicators(repo, query.indicatorIds);
      return repo.schoolsWithData({
        schools: { kind: 'all' },
        indicatorIds: indicators.map((i) => i.id),
        startYear: query.startYear,
        endYear: query.endYear,
      });
    },

    async values(
      actor: Actor,
      input: { filter: PeerValueFilter; paging: PagingQuery },
    ): Promise<{ records: PeerValueRow[]; total: number }> {
      assertCan(actor, READ);
      return repo.valuePage(await valueFilterOf(repo, input.filter), input.paging);
    },

    /**
     * 目标定位 of one indicator: per year the P25/P50/P75/P90 of the peers (the chosen schools, or every school
     * of the own school's level and province when none is chosen; never the own school itself) in the
     * indicator's direction, and the own school's value and band position.
     */
    async indicatorBand(actor: Actor, query: IndicatorBandQuery): Promise<IndicatorBand> {
      assertCan(actor, READ);
      const [[indicator], { own, chosen }] = await Promise.all([
        resolveIndicators(repo, [query.indicatorId]),
        resolveSchools(repo, query.schoolCodes),
      ]);
      if (!own && chosen.length === 0)
        throw new AppError('VALIDATION', '尚未设置本校：请选择对标学校，或先在高校名录中设置本校');
      const direction = indicator!.direction;
      const filter = { indicatorIds: [indicator!.id], startYear: query.startYear, endYear: query.endYear };
      const [peerValues, ownValues] = await Promise.all([
        repo.values({
          ...filter,
          schools: chosen.length
            ? { kind: 'codes', codes: chosen.map((s) => s.code) }
            : { kind: 'level', level: own!.level, province: own!.province },
        }),
        own ? repo.values({ ...filter, schools: { kind: 'codes', codes: [own.code] } }) : Promise.resolve([]),
      ]);
      const peers = peerValues.filter((v) => v.schoolCode !== own?.code);
      const ownByYear = new Map(ownValues.map((v) => [v.year, v.value]));
      return {
        indicator: indicator!,
        startYear: query.startYear,
        endYear: query.endYear,
        isDemo: peers.some((v) => v.isDemo) || ownValues.some((v) => v.isDemo),
        ownSchool: own,
        peerScope: chosen.length ? 'chosen' : 'levelProvince',
        peerCount: chosen.length || new Set(peers.map((v) => v.schoolCode)).size,
        points: yearsBetween(query.startYear, query.endYear).map((year) => {
          const band = percentileBand(
            peers.filter((v) => v.year === year).map((v) => v.value),
            direction,
          );
          const ownValue = ownByYear.get(year) ?? null;
          return {
            year,
            ...band,
            own: ownValue,
            position: ownValue === null ? null : bandPosition(ownValue, band, direction),
          };
        }),
      };
    },
  };
}

export type PeersService = ReturnType<typeof createPeersService>;
