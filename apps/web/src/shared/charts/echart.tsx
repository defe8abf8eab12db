import type { EChartsOption } from 'echarts';
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the charts and components the app draws; the toolbox brings its data view and line/bar switch.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  ToolboxComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export interface EChartProps {
  option: EChartsOption;
  height?: number;
  /**
   * Merge a new option into the drawn chart (setOption with notMerge false) instead of replacing it: a
   * refreshing chart (the data screen) keeps its canvas and updates in place. Off by default.
   */
  merge?: boolean;
}

/** One ECharts canvas; loaded lazily through lazy-chart.tsx so the library stays out of first load. */
export default function EChart({ option, height = 320, merge = false }: EChartProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge={!merge}
      lazyUpdate
      style={{ height, width: '100%' }}
    />
  );
}
