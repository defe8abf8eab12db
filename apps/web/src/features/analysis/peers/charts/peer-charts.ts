import type {
  AnalysisSchool,
  AverageAnalysis,
  IndicatorBand,
  PeerIndicator,
  RankAnalysis,
  TrendAnalysis,
} from '@eduqa/contract';
import type { EChartsOption, LineSeriesOption } from 'echarts';
import { tooltipLines, wrapLabel } from '../../../../shared/charts/chart-text.ts';

/** The own school is drawn in this colour, thicker and on top, and named with 本校. */
export const OWN_COLOR = '#cf1322';
export const OWN_LABEL = '本校';
/** The peers' colours (the own school's red left out). */
const PEER_COLORS = ['#1677ff', '#52c41a', '#faad14', '#13c2c2', '#722ed1', '#eb2f96', '#2f54eb', '#a0d911'];

/** A school's name on a chart: the own school's carries （本校）. */
export const schoolLabel = (school: Pick<AnalysisSchool, 'name' | 'isOwn'>) =>
  school.isOwn ? `${school.name}（${OWN_LABEL}）` : school.name;

/** Said beside a chosen school that has no value to draw, so that a legend entry without a line explains itself. */
export const NO_DATA = '暂无数据';
const withoutData = (label: string) => `${label}（${NO_DATA}）`;

/** A count as the reader expects it in Chinese text: 1,556. */
export const countText = (n: number) => n.toLocaleString('zh-CN');

/**
 * The own school's rank in its level, with both denominators: the schools with a value that year (what the rank
 * is over) and the schools of that level in the directory (how many there are at all).
 */
export function levelRankText(
  own: Pick<AnalysisSchool, 'name' | 'isOwn'>,
  levelRank: NonNullable<RankAnalysis['levelRank']>,
  year: number,
): string {
  const { level, rank, count, total } = levelRank;
  const listed = `名单中${level}院校共 ${countText(total)} 所`;
  if (rank === null)
    return `${schoolLabel(own)}${year} 年${NO_DATA}（有数据的${level}院校 ${countText(count)} 所，${listed}）`;
  return `${schoolLabel(own)}在有数据的 ${countText(count)} 所${level}院校中第 ${rank}（${listed}）`;
}

/** A value with its unit for tooltips and tables; '-' when missing. */
export function formatValue(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const text = Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
  return unit ? `${text} ${unit}` : text;
}

const axisName = (indicator: Pick<PeerIndicator, 'unit'>) =>
  indicator.unit ? `单位：${indicator.unit}` : '';

/**
 * 趋势分析 of one indicator: a line per school over the years; the own school red, thicker and on top.
 * Null when the indicator has no value at all.
 */
export function trendOption(trend: TrendAnalysis, indicatorId: string): EChartsOption | null {
  const indicator = trend.indicators.find((i) => i.id === indicatorId);
  if (!indicator) return null;
  const series = trend.series.filter((s) => s.indicatorId === indicatorId);
  if (!series.some((s) => s.values.some((v) => v !== null))) return null;
  const schools = new Map(trend.schools.map((s) => [s.code, s]));
  let peer = 0;
  const lines: LineSeriesOption[] = series.map((s) => {
    const school = schools.get(s.schoolCode);
    const isOwn = school?.isOwn ?? false;
    const color = isOwn ? OWN_COLOR : PEER_COLORS[peer++ % PEER_COLORS.length];
    const label = school ? schoolLabel(school) : s.schoolCode;
    return {
      type: 'line',
      name: s.values.some((v) => v !== null) ? label : withoutData(label),
      data: s.values,
      connectNulls: true,
      symbolSize: isOwn ? 8 : 5,
      z: isOwn ? 10 : 2,
      color,
      lineStyle: { width: isOwn ? 4 : 2, color },
      emphasis: { focus: 'series' },
    };
  });
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = params as Array<{ axisValue: string; seriesName: string; value: number | null }>;
        return tooltipLines([
          `${list[0]?.axisValue ?? ''} 年 ${indicator.name}`,
          ...list.map((p) => `${p.seriesName}：${formatValue(p.value, indicator.unit)}`),
        ]);
      },
    },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 60, right: 24, top: 48, bottom: 32 },
    xAxis: { type: 'category', data: trend.years.map(String) },
    yAxis: { type: 'value', name: axisName(indicator), scale: true },
    series: lines,
  };
}

/**
 * 排名分析: a bar per school ordered by rank (the best on top), the own school's bar red; a chosen school
 * without a value that year is listed last, named 暂无数据, without a bar. Ranks are over those with a value.
 */
export function rankOption(rank: RankAnalysis): EChartsOption | null {
  const present = rank.ranks.filter((r) => r.value !== null);
  if (present.length === 0) return null;
  const missing = rank.ranks.filter((r) => r.value === null);
  const schools = new Map(rank.schools.map((s) => [s.code, s]));
  // The horizontal bar chart draws its first category at the bottom: reverse so that rank 1 is on top.
  const ordered = [...present, ...missing].reverse();
  const names = ordered.map((r) => {
    const school = schools.get(r.schoolCode);
    const label = school ? schoolLabel(school) : r.schoolCode;
    return r.value === null ? withoutData(label) : label;
  });
  const over = `所选 ${rank.ranks.length} 所学校中有数据的 ${present.length} 所`;
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const p = params as { dataIndex: number };
        const r = ordered[p.dataIndex];
        if (!r) return '';
        return tooltipLines([
          names[p.dataIndex] ?? '',
          `${rank.indicator.name}：${formatValue(r.value, rank.indicator.unit)}`,
          r.rank === null ? `${rank.year} 年${NO_DATA}` : `名次：第 ${r.rank} / ${present.length}（${over}）`,
        ]);
      },
    },
    grid: { left: 8, right: 64, top: 16, bottom: 24, containLabel: true },
    xAxis: { type: 'value', name: axisName(rank.indicator) },
    yAxis: { type: 'category', data: names.map((n) => wrapLabel(n, 12)) },
    series: [
      {
        type: 'bar',
        name: rank.indicator.name,
        barMaxWidth: 24,
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value: unknown }) => formatValue(p.value as number),
        },
        data: ordered.map((r) => ({
          value: r.value,
          itemStyle: { color: schools.get(r.schoolCode)?.isOwn ? OWN_COLOR : PEER_COLORS[0] },
        })),
      },
    ],
  };
}

/** 均值分析 of one indicator: the own school's line against the chosen schools' average. */
export function averageOption(average: AverageAnalysis, indicatorId: string): EChartsOption | null {
  const item = average.items.find((i) => i.indicatorId === indicatorId);
  const indicator = average.indicators.find((i) => i.id === indicatorId);
  if (!item || !indicator) return null;
  if (!item.points.some((p) => p.own !== null || p.average !== null)) return null;
  const own = average.schools.find((s) => s.isOwn);
  const ownLabel = own ? schoolLabel(own) : OWN_LABEL;
  const hasOwn = item.points.some((p) => p.own !== null);
  // The average is over the chosen schools with a value that year, of all the chosen ones.
  const chosen = average.schools.filter((s) => !s.isOwn).length;
  const AVERAGE = '对标学校平均值';
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = params as Array<{
          axisValue: string;
          seriesName: string;
          value: number | null;
          dataIndex: number;
        }>;
        return tooltipLines([
          `${list[0]?.axisValue ?? ''} 年 ${indicator.name}`,
          ...list.map((p) => {
            const line = `${p.seriesName}：${formatValue(p.value, indicator.unit)}`;
            if (p.seriesName !== AVERAGE) return line;
            const count = item.points[p.dataIndex]?.count ?? 0;
            return `${line}（所选 ${chosen} 所中有数据的 ${count} 所）`;
          }),
        ]);
      },
    },
    legend: { top: 0 },
    grid: { left: 60, right: 24, top: 48, bottom: 32 },
    xAxis: { type: 'category', data: average.years.map(String) },
    yAxis: { type: 'value', name: axisName(indicator), scale: true },
    series: [
      {
        type: 'line',
        name: hasOwn ? ownLabel : withoutData(ownLabel),
        data: item.points.map((p) => p.own),
        connectNulls: true,
        z: 10,
        color: OWN_COLOR,
        lineStyle: { width: 4, color: OWN_COLOR },
        symbolSize: 8,
      },
      {
        type: 'line',
        name: AVERAGE,
        data: item.points.map((p) => (p.average === null ? null : Math.round(p.average * 100) / 100)),
        connectNulls: true,
        color: PEER_COLORS[0],
        lineStyle: { width: 2, type: 'dashed', color: PEER_COLORS[0] },
      },
    ],
  };
}

const BAND_COLORS = { low: '#fff1f0', mid: '#e6f4ff', high: '#bae0ff', top: '#91caff' };

/**
 * 目标定位: the peers' P25–P50, P50–P75 and P75–P90 bands as stacked areas per year (the better end on top
 * in the indicator's direction: for '<' the bands run downwards in raw values), and the own school's line.
 */
export function bandOption(band: IndicatorBand): EChartsOption | null {
  const points = band.points;
  if (!points.some((p) => p.p25 !== null || p.own !== null)) return null;
  const isUp = band.indicator.direction === '>';
  const round = (n: number) => Math.round(n * 10000) / 10000;
  /** [lower edge, then each band's height from the lower edge up], in raw values. */
  const stacks = points.map((p) => {
    if (p.p25 === null || p.p50 === null || p.p75 === null || p.p90 === null) return null;
    return isUp
      ? { base: p.p25, first: p.p50 - p.p25, second: p.p75 - p.p50, third: p.p90 - p.p75 }
      : { base: p.p90, first: p.p75 - p.p90, second: p.p50 - p.p75, third: p.p25 - p.p50 };
  });
  const names = isUp ? ['P25–P50', 'P50–P75', 'P75–P90'] : ['P75–P90', 'P50–P75', 'P25–P50'];
  const colors = isUp
    ? [BAND_COLORS.mid, BAND_COLORS.high, BAND_COLORS.top]
    : [BAND_COLORS.top, BAND_COLORS.high, BAND_COLORS.mid];
  const area = (name: string, color: string, pick: (s: NonNullable<(typeof stacks)[number]>) => number) => ({
    type: 'line' as const,
    name,
    stack: 'band',
    symbol: 'none',
    lineStyle: { width: 0 },
    areaStyle: { color, opacity: 1 },
    color,
    data: stacks.map((s) => (s ? round(pick(s)) : null)),
  });
  const unit = band.indicator.unit;
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = params as Array<{ dataIndex: number }>;
        const p = points[list[0]?.dataIndex ?? -1];
        if (!p) return '';
        return tooltipLines([
          `${p.year} 年 ${band.indicator.name}（${p.count} 所对标学校）`,
          `P90：${formatValue(p.p90, unit)}`,
          `P75：${formatValue(p.p75, unit)}`,
          `P50：${formatValue(p.p50, unit)}`,
          `P25：${formatValue(p.p25, unit)}`,
          `${OWN_LABEL}：${formatValue(p.own, unit)}`,
        ]);
      },
    },
    legend: { top: 0, data: [...names, OWN_LABEL] },
    grid: { left: 60, right: 24, top: 48, bottom: 32 },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => String(p.year)) },
    yAxis: { type: 'value', name: axisName(band.indicator), scale: true },
    series: [
      {
        type: 'line',
        name: 'base',
        stack: 'band',
        symbol: 'none',
        lineStyle: { width: 0 },
        areaStyle: { opacity: 0 },
        tooltip: { show: false },
        data: stacks.map((s) => (s ? round(s.base) : null)),
      },
      area(names[0]!, colors[0]!, (s) => s.first),
      area(names[1]!, colors[1]!, (s) => s.second),
      area(names[2]!, colors[2]!, (s) => s.third),
      {
        type: 'line',
        name: OWN_LABEL,
        data: points.map((p) => p.own),
        connectNulls: true,
        z: 10,
        color: OWN_COLOR,
        symbolSize: 8,
        lineStyle: { width: 4, color: OWN_COLOR },
      },
    ],
  };
}
