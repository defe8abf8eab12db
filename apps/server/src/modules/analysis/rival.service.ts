import {
  type AnalysisSchool,
  type AverageAnalysis,
  type AverageQuery,
  averageOf,
  bandPosition,
  type DoubleHighRivalQuery,
  type DoubleHighTable,
  doubleHighRangeParts,
  type MonitorTrend,
  type OperationMonitoring,
  type OperationQuery,
  type PeerIndicator,
  percentileBand,
  type RankAnalysis,
  type RankQuery,
  type RivalTable,
  rankValues,
  type TrendAnalysis,
  type TrendQuery,
} from '@eduqa/contract';
import { type Actor, access, assertCan } from '../../platform/access.ts';
import type { EffectiveValue, PeersRepo, SchoolScope } from './peers.repo.ts';
import {
  resolveIndicators,
  resolveSchools,
  resolveSelection,
  valueIndex,
  yearsBetween,
} from './peers.selection.ts';

const READ = access.menu('analysis');

/**
 * The table of 竞争对手分析 and 双高对标: each school's value of each indicator in one year, ranked per
 * indicator among the table's schools in the indicator's direction, and the average of the schools other
 * than the own school (peer-stats.ts does every computation).
 */
export function rivalTable(input: {
  year: number;
  schools: readonly AnalysisSchool[];
  indicators: readonly PeerIndicator[];
  values: readonly EffectiveValue[];
}): RivalTable {
  const { year, schools, indicators } = input;
  const index = valueIndex(input.values);
  const ranks = new Map(
    indicators.map((i) => [
      i.id,
      new Map(
        rankValues(
          schools.map((s) => ({ key: s.code, value: index.get(s.code, i.id, year) })),
          i.direction,
        ).map((r) => [r.key, r]),
      ),
    ]),
  );
  return {
    year,
    isDemo: index.isDemo,
    indicators: [...indicators],
    schools: [...schools],
    rows: schools.map((s) => ({
      schoolCode: s.code,
      cells: indicators.map((i) => {
        const ranked = ranks.get(i.id)!.get(s.code)!;
        return { indicatorId: i.id, value: ranked.value, rank: ranked.rank };
      }),
    })),
    average: indicators.map((i) => {
      const others = schools.filter((s) => !s.isOwn).map((s) => index.get(s.code, i.id, year));
      return {
        indicatorId: i.id,
        value: averageOf(others),
        count: others.filter((v) => v !== null).length,
      };
    }),
  };
}

const codesOf = (schools: readonly AnalysisSchool[]): SchoolScope => ({
  kind: 'codes',
  codes: schools.map((s) => s.code),
});

/** The trend of a value against last year's, in the indicator's direction. */
export function trendOf(
  value: number | null,
  previous: number | null,
  direction: '>' | '<',
): MonitorTrend | null {
  if (value === null || previous === null) return null;
  if (value === previous) return 'same';
  return value > previous === (direction === '>') ? 'better' : 'worse';
}

/**
 * 对标分析 (spec 2 §7.1 rivalAnalysis, queryOperationMonitoring). Every answer lists the own school first and
 * flagged, and says whether any value it drew on is demo data. Routes have checked the menu; the check is
 * repeated here so that no other caller skips it.
 */
export function createRivalService(deps: { repo: PeersRepo }) {
  const { repo } = deps;
  return {
    ...rivalTables(repo),
    ...rivalSeries(repo),
    ...rivalRanks(repo),
    ...rivalMonitoring(repo),
  };
}

/** 竞争对手分析 and 双高对标: one year's table of the chosen schools. */
function rivalTables(repo: PeersRepo) {
  return {
    async schoolRival(
      actor: Actor,
      input: { year: number; schoolCodes: readonly string[]; indicatorIds: readonly string[] },
    ): Promise<RivalTable> {
      assertCan(actor, READ);
      const selection = await resolveSelection(repo, input);
      const values = await repo.values({
        schools: codesOf(selection.schools),
        indicatorIds: input.indicatorIds,
        startYear: input.year,
        endYear: input.year,
      });
      return rivalTable({ year: input.year, ...selection, values });
    },

    async doubleHigh(actor: Actor, query: DoubleHighRivalQuery): Promise<DoubleHighTable> {
      assertCan(actor, READ);
      const [own, units, indicators] = await Promise.all([
        repo.ownSchool(),
        repo.doubleHighSchools(doubleHighRangeParts(query.range)),
        resolveIndicators(repo, query.indicatorIds),
      ]);
      const schools = own ? [own, ...units.filter((s) => s.code !== own.code)] : units;
      const values = await repo.values({
        schools: codesOf(schools),
        indicatorIds: query.indicatorIds,
        startYear: query.year,
        endYear: query.year,
      });
      return { ...rivalTable({ year: query.year, schools, indicators, values }), range: query.range };
    },
  };
}

/** 趋势 and 平均值: each year of a range. */
function rivalSeries(repo: PeersRepo) {
  /** The chosen schools and indicators with their values of every year of the range (trend, average). */
  async function overYears(query: {
    schoolCodes: readonly string[];
    indicatorIds: readonly string[];
    startYear: number;
    endYear: number;
  }) {
    const selection = await resolveSelection(repo, query);
    const values = await repo.values({
      schools: codesOf(selection.schools),
      indicatorIds: query.indicatorIds,
      startYear: query.startYear,
      endYear: query.endYear,
    });
    return { selection, index: valueIndex(values), years: yearsBetween(query.startYear, query.endYear) };
  }

  return {
    async trend(actor: Actor, query: TrendQuery): Promise<TrendAnalysis> {
      assertCan(actor, READ);
      const { selection, index, years } = await overYears(query);
      return {
        startYear: query.startYear,
        endYear: query.endYear,
        years,
        isDemo: index.isDemo,
        indicators: selection.indicators,
        schools: selection.schools,
        series: selection.indicators.flatMap((i) =>
          selection.schools.map((s) => ({
            indicatorId: i.id,
            schoolCode: s.code,
            values: index.series(s.code, i.id, years),
          })),
        ),
      };
    },

    async average(actor: Actor, query: AverageQuery): Promise<AverageAnalysis> {
      assertCan(actor, READ);
      const { selection, index, years } = await overYears(query);
      return {
        startYear: query.startYear,
        endYear: query.endYear,
        years,
        isDemo: index.isDemo,
        indicators: selection.indicators,
        schools: selection.schools,
        items: selection.indicators.map((i) => ({
          indicatorId: i.id,
          points: years.map((year) => {
            const peers = selection.chosen.map((s) => index.get(s.code, i.id, year));
            return {
              year,
              own: selection.own ? index.get(selection.own.code, i.id, year) : null,
              average: averageOf(peers),
              count: peers.filter((v) => v !== null).length,
            };
          }),
        })),
      };
    },
  };
}

/** 排名: the chosen schools' ranks, and the own school's among the schools of its level. */
function rivalRanks(repo: PeersRepo) {
  return {
    async rank(actor: Actor, query: RankQuery): Promise<RankAnalysis> {
      assertCan(actor, READ);
      const { schools, own } = await resolveSchools(repo, query.schoolCodes);
      const [indicator] = await resolveIndicators(repo, [query.indicatorId]);
      const filter = { indicatorIds: [indicator!.id], startYear: query.year, endYear: query.year };
      const [chosenValues, levelValues, levelTotal] = await Promise.all([
        repo.values({ ...filter, schools: codesOf(schools) }),
        own ? repo.values({ ...filter, schools: { kind: 'level', level: own.level } }) : Promise.resolve([]),
        own ? repo.countLevel(own.level) : Promise.resolve(0),
      ]);
      const index = valueIndex(chosenValues);
      const order = new Map(schools.map((s, i) => [s.code, i]));
      const ranks = rankValues(
        schools.map((s) => ({ key: s.code, value: index.get(s.code, indicator!.id, query.year) })),
        indicator!.direction,
      )
        .map((r) => ({ schoolCode: r.key, value: r.value, rank: r.rank }))
        .sort(
          (a, b) =>
            (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
            order.get(a.schoolCode)! - order.get(b.schoolCode)!,
        );
      let levelRank: RankAnalysis['levelRank'] = null;
      if (own) {
        const ranked = rankValues(
          levelValues.map((v) => ({ key: v.schoolCode, value: v.value })),
          indicator!.direction,
        );
        // Ranked among those with a value (count); the directory's whole level (total) says how few that may be.
        levelRank = {
          level: own.level,
          rank: ranked.find((r) => r.key === own.code)?.rank ?? null,
          count: ranked.length,
          total: levelTotal,
        };
      }
      return {
        year: query.year,
        isDemo: index.isDemo || levelValues.some((v) => v.isDemo),
        indicator: indicator!,
        schools,
        ranks,
        levelRank,
      };
    },
  };
}

/** 运行监测: the own school against its peers' band. */
function rivalMonitoring(repo: PeersRepo) {
  return {
    async operation(actor: Actor, query: OperationQuery): Promise<OperationMonitoring> {
      assertCan(actor, READ);
      const { own, chosen } = await resolveSchools(repo, query.schoolCodes);
      const indicators = query.indicatorIds.length
        ? await resolveIndicators(repo, query.indicatorIds)
        : await repo.indicators();
      const peerScope = chosen.length ? 'chosen' : 'levelProvince';
      if (!own)
        return {
          year: query.year,
          isDemo: false,
          ownSchool: null,
          peerScope,
          peerCount: chosen.length,
          items: [],
        };
      const ids = indicators.map((i) => i.id);
      const [ownValues, peerValues] = await Promise.all([
        repo.values({
          schools: codesOf([own]),
          indicatorIds: ids,
          startYear: query.year - 1,
          endYear: query.year,
        }),
        repo.values({
          schools: chosen.length
            ? codesOf(chosen)
            : { kind: 'level', level: own.level, province: own.province },
          indicatorIds: ids,
          startYear: query.year,
          endYear: query.year,
        }),
      ]);
      const peers = peerValues.filter((v) => v.schoolCode !== own.code);
      const ownIndex = valueIndex(ownValues);
      const byIndicator = new Map<string, number[]>();
      for (const v of peers) {
        const list = byIndicator.get(v.indicatorId);
        if (list) list.push(v.value);
        else byIndicator.set(v.indicatorId, [v.value]);
      }
      return {
        year: query.year,
        isDemo: ownIndex.isDemo || peers.some((v) => v.isDemo),
        ownSchool: own,
        peerScope,
        peerCount: chosen.length || new Set(peers.map((v) => v.schoolCode)).size,
        items: indicators.map((indicator) => {
          const value = ownIndex.get(own.code, indicator.id, query.year);
          const previous = ownIndex.get(own.code, indicator.id, query.year - 1);
          const band = percentileBand(byIndicator.get(indicator.id) ?? [], indicator.direction);
          return {
            indicator,
            value,
            previous,
            change: value !== null && previous !== null ? value - previous : null,
            trend: trendOf(value, previous, indicator.direction),
            p50: band.p50,
            position: value === null ? null : bandPosition(value, band, indicator.direction),
          };
        }),
      };
    },
  };
}

export type RivalService = ReturnType<typeof createRivalService>;
