import { BAND_POSITION_LABELS, type TargetBand } from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { tooltipLines } from '../../../shared/charts/chart-text.ts';

type Band = TargetBand['band'];

const BAND_LINES = [
  { key: 'p25', name: 'P25', color: '#bae0ff' },
  { key: 'p50', name: 'P50', color: '#69b1ff' },
  { key: 'p75', name: 'P75', color: '#1677ff' },
  { key: 'p90', name: 'P90', color: '#003eb3' },
] as const;

const OWN = '本校';
const TARGET = '拟定目标';
const round = (n: number) => Math.round(n * 100) / 100;
const show = (n: number | null | undefined, unit: string) =>
  typeof n === 'number' ? `${round(n)}${unit}` : '—';

/**
 * The peers' bands over the years: the P25–P90 range shaded, the four percentile lines, the own school's
 * line, and the proposed target as a flat dashed line. Null when there is no band to draw.
 */
export function targetBandOption(band: Band, proposedValue: number | null): EChartsOption | null {
  if (band.years.length === 0) return null;
  const unit = band.indicator?.unit ?? '';
  const years = band.years.map((y) => `${y.year}`);
  const lower = band.years.map((y) => (y.p25 === null || y.p90 === null ? null : Math.min(y.p25, y.p90)));
  const range = band.years.map((y) => (y.p25 === null || y.p90 === null ? null : Math.abs(y.p90 - y.p25)));
  const ownName = band.ownSchool ? `${OWN}（${band.ownSchool.name}）` : OWN;
  return {
    grid: { left: 48, right: 16, top: 40, bottom: 28 },
    legend: {
      top: 0,
      data: [...BAND_LINES.map((l) => l.name), OWN, ...(proposedValue === null ? [] : [TARGET])],
    },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const y = band.years[first?.dataIndex ?? 0];
        if (!y) return '';
        return tooltipLines([
          `${y.year}年（${y.count}所同类院校）`,
          ...BAND_LINES.map((l) => `${l.name}：${show(y[l.key], unit)}`),
          `${ownName}：${show(y.ownValue, unit)}${y.ownSource === 'result' ? '（诊断结果）' : ''}${
            y.ownPosition ? `，${BAND_POSITION_LABELS[y.ownPosition]}` : ''
          }`,
          ...(proposedValue === null ? [] : [`${TARGET}：${show(proposedValue, unit)}`]),
        ]);
      },
    },
    xAxis: { type: 'category', data: years, boundaryGap: false },
    yAxis: { type: 'value', scale: true, name: unit },
    series: [
      // The shaded P25–P90 range: an invisible base with the range stacked on it.
      {
        name: 'base',
        type: 'line',
        stack: 'band',
        data: lower,
        lineStyle: { opacity: 0 },
        symbol: 'none',
        silent: true,
      },
      {
        name: 'range',
        type: 'line',
        stack: 'band',
        data: range,
        lineStyle: { opacity: 0 },
        areaStyle: { color: 'rgba(22, 119, 255, 0.08)' },
        symbol: 'none',
        silent: true,
      },
      ...BAND_LINES.map((l) => ({
        name: l.name,
        type: 'line' as const,
        data: band.years.map((y) => y[l.key]),
        lineStyle: { width: 1, type: 'dashed' as const, color: l.color },
        itemStyle: { color: l.color },
        symbol: 'none',
      })),
      {
        name: OWN,
        type: 'line',
        data: band.years.map((y) => y.ownValue),
        lineStyle: { width: 3, color: '#fa541c' },
        itemStyle: { color: '#fa541c' },
        symbolSize: 7,
        connectNulls: true,
      },
      ...(proposedValue === null
        ? []
        : [
            {
              name: TARGET,
              type: 'line' as const,
              data: years.map(() => proposedValue),
              lineStyle: { width: 2, type: 'dashed' as const, color: '#cf1322' },
              itemStyle: { color: '#cf1322' },
              symbol: 'none',
            },
          ]),
    ],
  };
}
