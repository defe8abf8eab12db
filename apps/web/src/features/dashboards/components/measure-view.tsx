import type { CardKind, MeasureResult } from '@eduqa/contract';
import { Statistic, Table, Tag } from 'antd';
import { LazyChart } from '../../../shared/charts/lazy-chart.tsx';
import { cardChartOption } from '../charts/card-options.ts';
import { CardEmpty } from './card-states.tsx';
import { ProgressCircle } from './progress-circle.tsx';

const numberText = (value: number) => Number(value.toFixed(2)).toLocaleString('zh-CN');

/** The table of a measure: its rows, or a series measure read as categories × series. */
function tableOf(m: MeasureResult): {
  columns: string[];
  rows: Array<Record<string, string | number | null>>;
} {
  if (m.columns && m.rows) return { columns: m.columns, rows: m.rows };
  const categories = m.categories ?? [];
  const series = m.series ?? [];
  return {
    columns: ['名称', ...series.map((s) => s.name)],
    rows: categories.map((name, i) => ({
      名称: name,
      ...Object.fromEntries(series.map((s) => [s.name, s.data[i] ?? null])),
    })),
  };
}

/**
 * A measure drawn as the card's kind: 数字, 折线图, 柱状图, 饼图, 表格 or the progress circle. A measure of
 * another shape is read the nearest way (a series as a table, a single value as a number).
 */
export function MeasureView({
  kind,
  measure,
  height,
}: {
  kind: Exclude<CardKind, 'iframe'>;
  measure: MeasureResult;
  height: number;
}) {
  const demo = measure.isDemo ? (
    <Tag color="orange" style={{ position: 'absolute', top: 0, right: 0 }}>
      演示数据
    </Tag>
  ) : null;
  if (kind === 'progress') {
    return <ProgressCircle value={measure.value ?? measure.series?.[0]?.data[0] ?? null} />;
  }
  if (kind === 'number') {
    const value = measure.value ?? measure.series?.[0]?.data[0] ?? null;
    if (typeof value !== 'number') return <CardEmpty />;
    return (
      <div style={{ position: 'relative' }}>
        {demo}
        <Statistic title={measure.label} value={numberText(value)} suffix={measure.unit} />
      </div>
    );
  }
  if (kind === 'table') {
    const { columns, rows } = tableOf(measure);
    if (!rows.length) return <CardEmpty />;
    return (
      <Table
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        scroll={{ y: Math.max(80, height - 48), x: 'max-content' }}
        columns={columns.map((c) => ({
          title: c,
          dataIndex: c,
          key: c,
          render: (v: unknown) => (v === null ? '-' : String(v)),
        }))}
        dataSource={rows}
      />
    );
  }
  return (
    <div style={{ position: 'relative' }}>
      {demo}
      <LazyChart option={cardChartOption(kind, measure)} height={height} />
    </div>
  );
}
