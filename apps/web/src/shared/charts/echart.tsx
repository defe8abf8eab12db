import { CameraOutlined } from '@ant-design/icons';
import { Button, Tooltip, theme } from 'antd';
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
import { useRef } from 'react';
import { chartBackground, chartFileName, holderTitle, optionTitle } from './chart-image.ts';

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
  /** The whole height, the 保存为图片 strip above the canvas included. */
  height?: number;
  /**
   * Merge a new option into the drawn chart (setOption with notMerge false) instead of replacing it: a
   * refreshing chart (the data screen) keeps its canvas and updates in place. Off by default.
   */
  merge?: boolean;
  /** The saved image's name; by default the option's title, else the panel or card holding the chart. */
  title?: string;
}

/** The strip above the canvas that holds 保存为图片, so the button never covers a legend or a bar. */
export const CHART_TOOLS_HEIGHT = 24;

/**
 * One ECharts canvas with 保存为图片 above it: an HTML button (reachable by Tab, named for screen
 * readers) rather than the toolbox's canvas icon, which a keyboard cannot reach. Loaded lazily through
 * lazy-chart.tsx so the library stays out of first load.
 */
export default function EChart({ option, height = 320, merge = false, title }: EChartProps) {
  const chart = useRef<ReactEChartsCore>(null);
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();

  const onSave = () => {
    const instance = chart.current?.getEchartsInstance();
    if (!instance) return;
    const url = instance.getDataURL({
      type: 'png',
      pixelRatio: 2,
      backgroundColor: chartBackground(option, token.colorBgContainer),
    });
    const link = document.createElement('a');
    link.href = url;
    link.download = chartFileName(title ?? optionTitle(option) ?? holderTitle(box.current));
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <div ref={box} style={{ height, width: '100%' }}>
      <div style={{ height: CHART_TOOLS_HEIGHT, display: 'flex', justifyContent: 'flex-end' }}>
        <Tooltip title="保存为图片">
          <Button
            type="text"
            size="small"
            aria-label="保存为图片"
            icon={<CameraOutlined />}
            onClick={onSave}
          />
        </Tooltip>
      </div>
      <ReactEChartsCore
        ref={chart}
        echarts={echarts}
        option={option}
        notMerge={!merge}
        lazyUpdate
        style={{ height: Math.max(0, height - CHART_TOOLS_HEIGHT), width: '100%' }}
      />
    </div>
  );
}
