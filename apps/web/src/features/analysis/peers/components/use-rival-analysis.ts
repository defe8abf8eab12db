import {
  DEFAULT_ANALYSIS_START_YEAR,
  initialAnalysisInputs,
  matchesSchoolName,
  type PeerSchool,
  type TypeWithYear,
} from '@eduqa/contract';
import { useState } from 'react';
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

export type RivalTabKey = 'trend' | 'rank' | 'average' | 'rival' | 'doubleHigh';

/** The catalogue's first indicators are chosen until the user picks (就业率, 月收入, 理工农医类专业相关度). */
const DEFAULT_INDICATOR_COUNT = 3;

/**
 * What 对标分析 has chosen — schools, indicators, years, the tab and each analysis type's own inputs — and
 * the answer of each tab, fetched only while that tab is shown.
 */
export function useRivalAnalysis() {
  const catalogue = usePeerIndicators();
  const knownYears = usePeerYears();
  const [schools, setSchools] = useState<PeerSchool[]>([]);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [inputs, setInputs] = useState(initialAnalysisInputs);
  const [tab, setTab] = useState<RivalTabKey>('trend');
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

  return {
    schools,
    setSchools,
    setPicked,
    setInputs,
    tab,
    setTab,
    setCurrent,
    indicators,
    indicatorIds,
    startYear,
    endYear,
    currentId,
    yearChoices,
    yearOf,
    nameOf,
    range,
    noIndicator: indicatorIds.length === 0 ? '请先选择指标' : null,
    trend,
    rank,
    average,
    rival,
    doubleHigh,
  };
}

export type RivalAnalysis = ReturnType<typeof useRivalAnalysis>;
