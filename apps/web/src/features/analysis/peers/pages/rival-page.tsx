import {
  type AnalysisType,
  DEFAULT_ANALYSIS_START_YEAR,
  DOUBLE_HIGH_RANGE_LABELS,
  DOUBLE_HIGH_RANGES,
  type DoubleHighRange,
  initialAnalysisInputs,
  matchesSchoolName,
  type PeerSchool,
  type RivalTable,
  resetAnalysisType,
  setTypeInputs,
  type TypeWithYear,
} from '@eduqa/contract';
import { Button, Card, Input, Select, Space, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { LazyChart } from '../../../../shared/charts/lazy-chart.tsx';
import { ListState } from '../../../../shared/ui/list-state.tsx';
import type { YearRange } from '../../../../shared/ui/year-range-picker.tsx';
import {
  type PeerSelection,
  useAverage,
  useDoubleHighTable,
  usePeerIndicators,
  usePeerYears,
  useRank,
  useRivalTable,
  useTrend,
} from '../api.ts';
import { averageOption, rankOption, schoolLabel, trendOption } from '../charts/peer-charts.ts';
import { DemoTag } from '../components/demo-tag.tsx';
import { IndicatorSelect } from '../components/indicator-select.tsx';
import { PeerToolbar } from '../components/peer-toolbar.tsx';
import { RivalTableView } from '../components/rival-table.tsx';

type TabKey = 'trend' | 'rank' | 'average' | 'rival' | 'doubleHigh';

/** The analysis type (spec 1 §4) each tab is: 2, 4, 5 and 6 keep a year and a school name, 3 the year range. */
const TAB_TYPES: Record<TabKey, AnalysisType> = {
  rival: '2',
  trend: '3',
  rank: '4',
  average: '5',
  doubleHigh: '6',
};

/** The catalogue's first indicators are chosen until the user picks (就业率, 月收入, 理工农医类专业相关度). */
const DEFAULT_INDICATOR_COUNT = 3;
const NO_SCHOOL = '请先选择对标学校';
const NO_VALUES = '所选学校在该范围内没有指标值';

/** A tab's header line: what it shows, the demo tag when the answer used the sample, and its own controls. */
function TabHeader({ title, isDemo, children }: { title: string; isDemo?: boolean; children?: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <DemoTag isDemo={isDemo} />
      {children}
    </Space>
  );
}

/**
 * 对标分析: the own school against the chosen peers — 趋势分析, 排名分析, 均值分析, 竞争对手分析 and 双高对标
 * — for the chosen indicators and years. The own school is always there, drawn red and named 本校.
 */
export default function RivalPage() {
  const catalogue = usePeerIndicators();
  const knownYears = usePeerYears();
  const [schools, setSchools] = useState<PeerSchool[]>([]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [inputs, setInputs] = useState(initialAnalysisInputs);
  const [tab, setTab] = useState<TabKey>('trend');
  const [current, setCurrent] = useState<string | undefined>();

  const indicators = catalogue.data ?? [];
  const indicatorIds = picked ?? indicators.slice(0, DEFAULT_INDICATOR_COUNT).map((i) => i.id);
  const startYear = inputs.range[0] ?? DEFAULT_ANALYSIS_START_YEAR;
  const endYear = Math.max(inputs.range[1] ?? new Date().getFullYear(), startYear);
  const selection: PeerSelection = {
    schoolCodes: schools.map((s) => s.code),
    indicatorIds,
    startYear,
    endYear,
  };
  const currentId = current && indicatorIds.includes(current) ? current : indicatorIds[0];
  const inRange = (knownYears.data ?? []).filter((y) => y >= startYear && y <= endYear);
  const yearChoices = inRange.length ? inRange : [endYear];
  const yearOf = (type: TypeWithYear) => {
    const chosen = inputs.byType[type].year;
    return chosen !== null && yearChoices.includes(chosen) ? chosen : yearChoices.at(-1)!;
  };
  const nameOf = (type: TypeWithYear) => inputs.byType[type].schoolName;
  const range = inputs.rankRange;
  // 均值分析's school name narrows the schools whose average is drawn.
  const averageSelection: PeerSelection = {
    ...selection,
    schoolCodes: schools.filter((s) => matchesSchoolName(s, nameOf('5'))).map((s) => s.code),
  };

  const trend = useTrend(selection, tab === 'trend');
  const rank = useRank(selection, currentId, yearOf('4'), tab === 'rank');
  const average = useAverage(averageSelection, tab === 'average');
  const rival = useRivalTable(selection, yearOf('2'), tab === 'rival');
  const doubleHigh = useDoubleHighTable(selection, range, yearOf('6'), tab === 'doubleHigh');

  const indicatorPick = (
    <IndicatorSelect indicators={indicators} only={indicatorIds} value={currentId} onChange={setCurrent} />
  );
  const yearPick = (type: TypeWithYear) => (
    <Select
      aria-label="年份"
      style={{ width: 110 }}
      value={yearOf(type)}
      onChange={(year: number) => setInputs((now) => setTypeInputs(now, type, { year }))}
      options={[...yearChoices].reverse().map((y) => ({ value: y, label: `${y} 年` }))}
    />
  );
  const namePick = (type: TypeWithYear) => (
    <Input
      allowClear
      aria-label="学校名称"
      placeholder="学校名称"
      maxLength={60}
      style={{ width: 160 }}
      value={nameOf(type)}
      onChange={(event) => setInputs((now) => setTypeInputs(now, type, { schoolName: event.target.value }))}
    />
  );
  const resetPick = (type: AnalysisType) => (
    <Button onClick={() => setInputs((now) => resetAnalysisType(now, type))}>重置</Button>
  );
  /** The table's rows narrowed by the type's school name (the own school always stays). */
  const narrowed = <T extends RivalTable>(table: T, type: TypeWithYear): T => {
    const byCode = new Map(table.schools.map((s) => [s.code, s]));
    return {
      ...table,
      rows: table.rows.filter((r) => {
        const school = byCode.get(r.schoolCode);
        return !school || matchesSchoolName(school, nameOf(type));
      }),
    };
  };
  const noIndicator = indicatorIds.length === 0 ? '请先选择指标' : null;

  const trendOpt = trend.data && currentId ? trendOption(trend.data, currentId) : null;
  const rankOpt = rank.data
    ? rankOption({
        ...rank.data,
        ranks: rank.data.ranks.filter((r) => {
          const school = rank.data.schools.find((s) => s.code === r.schoolCode);
          return !school || matchesSchoolName(school, nameOf('4'));
        }),
      })
    : null;
  const averageOpt = average.data && currentId ? averageOption(average.data, currentId) : null;
  const levelRank = rank.data?.levelRank;
  const own = rank.data?.schools.find((s) => s.isOwn);
  const trendEmpty = noIndicator ?? (trend.data && !trendOpt ? NO_VALUES : null);
  const rankEmpty = noIndicator ?? (rank.data && !rankOpt ? NO_VALUES : null);
  const averageEmpty = noIndicator ?? (average.data && !averageOpt ? NO_VALUES : null);
  const rivalEmpty = schools.length === 0 ? NO_SCHOOL : noIndicator;

  const items = [
    {
      key: 'trend',
      label: '趋势分析',
      children: (
        <>
          <TabHeader title="各校逐年趋势" isDemo={trend.data?.isDemo}>
            {indicatorPick}
            {resetPick(TAB_TYPES.trend)}
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
      ),
    },
    {
      key: 'rank',
      label: '排名分析',
      children: (
        <>
          <TabHeader title="所选学校排名" isDemo={rank.data?.isDemo}>
            {indicatorPick}
            {yearPick('4')}
            {namePick('4')}
            {resetPick('4')}
            {levelRank && own ? (
              <Typography.Text>
                {schoolLabel(own)}在全部{levelRank.level}院校中：
                {levelRank.rank === null ? '无该年数据' : `第 ${levelRank.rank} / ${levelRank.count}`}
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
          </ListState>
        </>
      ),
    },
    {
      key: 'average',
      label: '均值分析',
      children: (
        <>
          <TabHeader title="本校与对标学校平均值" isDemo={average.data?.isDemo}>
            {indicatorPick}
            {namePick('5')}
            {resetPick('5')}
          </TabHeader>
          <ListState
            isLoading={average.isLoading}
            error={average.error}
            isEmpty={averageEmpty !== null}
            emptyText={averageEmpty ?? undefined}
            onRetry={() => void average.refetch()}
          >
            <LazyChart option={averageOpt} height={420} />
          </ListState>
        </>
      ),
    },
    {
      key: 'rival',
      label: '竞争对手分析',
      children: (
        <>
          <TabHeader title="各指标数值与名次" isDemo={rival.data?.isDemo}>
            {yearPick('2')}
            {namePick('2')}
            {resetPick('2')}
          </TabHeader>
          <ListState
            isLoading={rival.isLoading}
            error={rival.error}
            isEmpty={rivalEmpty !== null}
            emptyText={rivalEmpty ?? undefined}
            onRetry={() => void rival.refetch()}
          >
            {rival.data ? <RivalTableView table={narrowed(rival.data, '2')} /> : null}
          </ListState>
        </>
      ),
    },
    {
      key: 'doubleHigh',
      label: '双高对标',
      children: (
        <>
          <TabHeader title="本校与双高计划学校" isDemo={doubleHigh.data?.isDemo}>
            <Select<DoubleHighRange>
              aria-label="双高档次"
              style={{ width: 240 }}
              value={range}
              onChange={(rankRange) => setInputs((now) => ({ ...now, rankRange }))}
              options={DOUBLE_HIGH_RANGES.map((r) => ({ value: r, label: DOUBLE_HIGH_RANGE_LABELS[r] }))}
            />
            {yearPick('6')}
            {namePick('6')}
            {resetPick('6')}
          </TabHeader>
          <ListState
            isLoading={doubleHigh.isLoading}
            error={doubleHigh.error}
            isEmpty={noIndicator !== null}
            emptyText={noIndicator ?? undefined}
            onRetry={() => void doubleHigh.refetch()}
          >
            {doubleHigh.data ? <RivalTableView table={narrowed(doubleHigh.data, '6')} /> : null}
          </ListState>
        </>
      ),
    },
  ];

  return (
    <Card title="对标分析" variant="borderless">
      <PeerToolbar
        schools={schools}
        onSchools={setSchools}
        indicators={indicators}
        indicatorIds={indicatorIds}
        onIndicators={setPicked}
        years={[startYear, endYear]}
        onYears={(range: YearRange) => setInputs((now) => ({ ...now, range }))}
      />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} items={items} destroyOnHidden />
    </Card>
  );
}
