import type { MeasureResult } from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { escapeHtml, tooltipLines, wrapLabel } from '../../../shared/charts/chart-text.ts';

/**
 * ECharts options of a dashboard card or a dynamic chart, from the one MeasureResult shape. Null when
 * there is nothing to draw (the card shows 暂无数据). Tooltips are HTML: every text from data is escaped.
 * A bar or a pie draws the first series (the value; a measure's other series are its counts, on another
 * scale), a line every series (several trends over the same months).
 */
export type ChartKind = 'line' | 'bar' | 'pie';

const PALETTE = ['#397ef0', '#36cfc9', '#ffc53d', '#ff7a45', '#9254de', '#73d13d', '#f759ab', '#597ef7'];

/** True when the measure has at least one value to draw. */
export function hasSeriesData(m: MeasureResult | null | undefined): boolean {
  return Boolean(m?.categories?.length && m.series?.some((s) => s.data.some((v) => typeof v === 'number')));
}

const valueText = (value: unknown, unit: string | undefined) =>
  typeof value === 'number' ? `${Number(value.toFixed(2))}${unit ?? ''}` : '-';

export function cardChartOption(kind: ChartKind, m: MeasureResult | null | undefined): EChartsOption | null {
  if (!m || !hasSeriesData(m)) return null;
  const categories = m.categories ?? [];
  const series = kind === 'line' ? (m.series ?? []) : (m.series ?? []).slice(0, 1);
  if (kind === 'pie') {
    const first = series[0]!;
    return {
      color: PALETTE,
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name, value, percent } = p as { name: string; value: number; percent: number };
          return tooltipLines([name, `${first.name}：${valueText(value, m.unit)}（${percent}%）`]);
        },
      },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['50%', '45%'],
          // Empty slices only crowd the labels.
          data: categories.flatMap((name, i) => {
            const value = first.data[i];
            return typeof value === 'number' && value > 0 ? [{ name, value }] : [];
          }),
          label: { formatter: '{b}: {d}%' },
        },
      ],
    };
  }
  return {
    color: PALETTE,
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const rows = params as Array<{ axisValue: string; seriesName: string; value: unknown }>;
        const head = rows[0] ? escapeHtml(rows[0].axisValue) : '';
        return [head, ...rows.map((r) => escapeHtml(`${r.seriesName}：${valueText(r.value, m.unit)}`))].join(
          '<br/>',
        );
      },
    },
    ...(series.length > 1 ? { legend: { type: 'scroll' as const, top: 0 } } : {}),
    xAxis: { type: 'category', data: categories, axisLabel: { formatter: (v: string) => wrapLabel(v, 8) } },
    yAxis: { type: 'value' },
    series: series.map((s) => ({
      name: s.name,
      type: kind,
      data: s.data,
      smooth: kind === 'line',
      ...(kind === 'bar' ? { barMaxWidth: 32 } : {}),
    })),
  };
}
