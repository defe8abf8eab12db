import type { EChartsOption } from 'echarts';
import { GraphChart } from 'echarts/charts';
import { use } from 'echarts/core';
import { LazyChart } from '../../../../shared/charts/lazy-chart.tsx';

// The shared wrapper registers the charts most pages draw; the graph is only this layout's.
use([GraphChart]);

/** The graph of the 拓扑 layout, drawn by the shared chart wrapper. */
export default function TopologyChart({ option }: { option: EChartsOption | null }) {
  return <LazyChart option={option} height={360} />;
}
