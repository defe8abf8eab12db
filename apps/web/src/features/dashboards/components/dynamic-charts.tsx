import {
  DYNAMIC_CHART_HEIGHT,
  DYNAMIC_CHART_WIDTH,
  type DynamicChart,
  type DynamicChartSourceType,
  rowsToMeasure,
} from '@eduqa/contract';
import { Card, DatePicker, Empty } from 'antd';
import type { Dayjs } from 'dayjs';
import { type CSSProperties, useState } from 'react';
import { type DateRange, useDynamicChartData, useDynamicCharts } from '../api.ts';
import { CardEmpty, CardError, CardLoading } from './card-states.tsx';
import './dashboards.css';
import { MeasureView } from './measure-view.tsx';

/** The card's title bar and padding inside the 353 px panel. */
const PANEL_CHROME = 56 + 24;

/**
 * 动态图表 (spec 2 §2.8, §7.2): a source's charts — a portrait entry by default — each in a panel 8 of 24
 * units wide (its own width when set) and 353 px high, with a date-range filter; each draws the rows of its
 * detail algorithm, or the empty placeholder when there are none. `objectId` is the portrait's object.
 */
export function DynamicCharts({
  sourceId,
  sourceType = 'portrayal',
  objectId,
}: {
  sourceId: string;
  sourceType?: DynamicChartSourceType;
  objectId?: string;
}) {
  const charts = useDynamicCharts(sourceId, sourceType);
  if (charts.isPending) return <CardLoading />;
  if (charts.isError)
    return <CardError message={charts.error.message} onRetry={() => void charts.refetch()} />;
  if (!charts.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图表" />;
  return (
    <div className="dynamic-charts">
      {charts.data.map((chart) => (
        <DynamicChartPanel key={chart.id} chart={chart} objectId={objectId} />
      ))}
    </div>
  );
}

const dayText = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

function DynamicChartPanel({ chart, objectId }: { chart: DynamicChart; objectId: string | undefined }) {
  const [range, setRange] = useState<DateRange>({});
  const width = chart.width || DYNAMIC_CHART_WIDTH;
  return (
    <Card
      size="small"
      title={chart.name}
      data-chart-id={chart.id}
      className="dynamic-chart"
      style={{ '--chart-span': Math.min(24, width), height: DYNAMIC_CHART_HEIGHT } as CSSProperties}
      styles={{ body: { height: DYNAMIC_CHART_HEIGHT - 40, overflow: 'auto' } }}
      extra={
        <DatePicker.RangePicker
          size="small"
          allowEmpty={[true, true]}
          style={{ width: 220 }}
          aria-label="日期范围"
          onChange={(dates) => setRange({ startDate: dayText(dates?.[0]), endDate: dayText(dates?.[1]) })}
        />
      }
    >
      <DynamicChartBody chart={chart} range={range} objectId={objectId} />
    </Card>
  );
}

function DynamicChartBody({
  chart,
  range,
  objectId,
}: {
  chart: DynamicChart;
  range: DateRange;
  objectId: string | undefined;
}) {
  const data = useDynamicChartData(chart.id, range, objectId);
  if (data.isPending) return <CardLoading />;
  if (data.isError) return <CardError message={data.error.message} onRetry={() => void data.refetch()} />;
  if (!data.data.rows.length) return <CardEmpty />;
  const measure = rowsToMeasure({
    key: chart.id,
    label: chart.name,
    kind: chart.chartKind,
    columns: data.data.columns,
    rows: data.data.rows,
    asOf: new Date().toISOString(),
  });
  return (
    <MeasureView kind={chart.chartKind} measure={measure} height={DYNAMIC_CHART_HEIGHT - PANEL_CHROME} />
  );
}
