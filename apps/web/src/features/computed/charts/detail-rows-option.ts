import type { ComputedDetailWire } from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { escapeHtml } from '../../../shared/charts/chart-text.ts';

type Cell = ComputedDetailWire['rows'][number][string];

const isNumeric = (cell: Cell | undefined) =>
  typeof cell === 'number' ||
  (typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell)));

/** The detail rows' columns split: the first non-numeric one names the rows, the numeric ones are series. */
export function splitColumns(detail: Pick<ComputedDetailWire, 'columns' | 'rows'>) {
  const numeric = detail.columns.filter(
    (c) => detail.rows.length > 0 && detail.rows.every((r) => r[c] === null || isNumeric(r[c])),
  );
  const label = detail.columns.find((c) => !numeric.includes(c)) ?? null;
  return { label, numeric };
}

const nameOf = (row: Record<string, Cell>, label: string | null, i: number) =>
  label === null ? String(i + 1) : String(row[label] ?? '');

/**
 * The 详细数据 chart of a point's display mode (spec 2 §2.5): a pie of the first numeric column by the
 * label column, or a bar (histogram) / line chart of every numeric column. Names come from data: the
 * tooltip formatter escapes them. Null when there is nothing numeric to draw.
 */
export function detailRowsOption(
  display: 'pie' | 'histogram' | 'line',
  detail: Pick<ComputedDetailWire, 'columns' | 'rows'>,
): EChartsOption | null {
  const { label, numeric } = splitColumns(detail);
  if (numeric.length === 0 || detail.rows.length === 0) return null;
  const names = detail.rows.map((row, i) => nameOf(row, label, i));
  if (display === 'pie') {
    const column = numeric[0]!;
    return {
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name, value, percent } = p as { name: string; value: number; percent: number };
          return `${escapeHtml(name)}：${value}（${percent}%）`;
        },
      },
      legend: { type: 'scroll', orient: 'vertical', left: 8, top: 16 },
      series: [
        {
          name: column,
          type: 'pie',
          radius: ['35%', '65%'],
          center: ['60%', '50%'],
          data: detail.rows.map((row, i) => ({ name: names[i]!, value: Number(row[column] ?? 0) })),
        },
      ],
    };
  }
  return {
    grid: { left: 56, right: 24, top: 40, bottom: 48 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const list = params as Array<{ name: string; seriesName: string; value: unknown }>;
        const head = escapeHtml(list[0]?.name ?? '');
        return [
          head,
          ...list.map((p) => `${escapeHtml(p.seriesName)}：${escapeHtml(String(p.value ?? '-'))}`),
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: names },
    yAxis: { type: 'value' },
    series: numeric.map((column) => ({
      name: column,
      type: display === 'histogram' ? 'bar' : 'line',
      data: detail.rows.map((row) => (row[column] === null ? null : Number(row[column]))),
    })),
  };
}
