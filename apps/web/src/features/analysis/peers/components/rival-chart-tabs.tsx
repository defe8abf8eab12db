import { type AnalysisType, matchesSchoolName } from '@eduqa/contract';
import { Typography } from 'antd';
import { LazyChart } from '../../../../shared/charts/lazy-chart.tsx';
import { ListState } from '../../../../shared/ui/list-state.tsx';
import { averageNote, rankNote } from '../charts/over-notes.ts';
import { averageOption, levelRankText, rankOption, trendOption } from '../charts/peer-charts.ts';
import { OverNote } from './over-note.tsx';
import { type RivalPicks, TabHeader } from './rival-picks.tsx';
import type { RivalAnalysis, RivalTabKey } from './use-rival-analysis.ts';

/** The analysis type (spec 1 §4) each tab is: 2, 4, 5 and 6 keep a year and a school name, 3 the year range. */
const TAB_TYPES: Record<RivalTabKey, AnalysisType> = {
  rival: '2',
  trend: '3',
  rank: '4',
  average: '5',
  doubleHigh: '6',
};

const NO_VALUES = '所选学校在该范围内没有指标值';

interface TabProps {
  analysis: RivalAnalysis;
  picks: RivalPicks;
}

/** 趋势分析: each school's values of the shown indicator, year by year. */
export function TrendTab({ analysis, picks }: TabProps) {
  const { trend, currentId, noIndicator } = analysis;
  const trendOpt = trend.data && currentId ? trendOption(trend.data, currentId) : null;
  const trendEmpty = noIndicator ?? (trend.data && !trendOpt ? NO_VALUES : null);
  return (
    <>
      <TabHeader title="各校逐年趋势" isDemo={trend.data?.isDemo}>
        {picks.indicator}
        {picks.reset(TAB_TYPES.trend)}
      </TabHeader>
      <ListState
        isLoading={trend.isLoading}
        error={trend.error}
        isEmpty={trendEmpty !== null}
        emptyText={trendEmpty ?? undefined}
        onRetry={() => void trend.refetch()}
      >
        <LazyChart option={trendOpt} height={420} />
      </ListState>
    </>
  );
}

/** 排名分析: the chosen schools ranked in one year (narrowed by name), and the own school's rank in its level. */
export function RankTab({ analysis, picks }: TabProps) {
  const { rank, nameOf, noIndicator } = analysis;
  const rankOpt = rank.data
    ? rankOption({
        ...rank.data,
        ranks: rank.data.ranks.filter((r) => {
          const school = rank.data.schools.find((s) => s.code === r.schoolCode);
          return !school || matchesSchoolName(school, nameOf('4'));
        }),
      })
    : null;
  const levelRank = rank.data?.levelRank;
  const own = rank.data?.schools.find((s) => s.isOwn);
  const rankEmpty = noIndicator ?? (rank.data && !rankOpt ? NO_VALUES : null);
  return (
    <>
      <TabHeader title="所选学校排名" isDemo={rank.data?.isDemo}>
        {picks.indicator}
        {picks.year('4')}
        {picks.name('4')}
        {picks.reset('4')}
        {levelRank && own && rank.data ? (
          <Typography.Text data-testid="level-rank">
            {levelRankText(own, levelRank, rank.data.year)}
          </Typography.Text>
        ) : null}
      </TabHeader>
      <ListState
        isLoading={rank.isLoading}
        error={rank.error}
        isEmpty={rankEmpty !== null}
        emptyText={rankEmpty ?? undefined}
        onRetry={() => void rank.refetch()}
      >
        <LazyChart option={rankOpt} height={Math.max(240, (rank.data?.ranks.length ?? 0) * 44 + 60)} />
        {rank.data ? <OverNote lines={[rankNote(rank.data)]} /> : null}
      </ListState>
    </>
  );
}

/** 均值分析: the own school against the average of the chosen schools (narrowed by name). */
export function AverageTab({ analysis, picks }: TabProps) {
  const { average, currentId, noIndicator } = analysis;
  const averageOpt = average.data && currentId ? averageOption(average.data, currentId) : null;
  const averageEmpty = noIndicator ?? (average.data && !averageOpt ? NO_VALUES : null);
  const note = average.data && currentId ? averageNote(average.data, currentId) : null;
  const averageLines = note ? [note] : [];
  return (
    <>
      <TabHeader title="本校与对标学校平均值" isDemo={average.data?.isDemo}>
        {picks.indicator}
        {picks.name('5')}
        {picks.reset('5')}
      </TabHeader>
      <ListState
        isLoading={average.isLoading}
        error={average.error}
        isEmpty={averageEmpty !== null}
        emptyText={averageEmpty ?? undefined}
        onRetry={() => void average.refetch()}
      >
        <LazyChart option={averageOpt} height={420} />
        <OverNote lines={averageLines} />
      </ListState>
    </>
  );
}
