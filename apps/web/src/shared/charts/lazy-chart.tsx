import { Empty, Spin } from 'antd';
import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';

const loadEChart = () => import('./echart.tsx');
const EChart = lazy(loadEChart);

/** ECharts fetched beside a chart page's data rather than after it (app/route-prefetch.ts). */
export function preloadCharts(): void {
  loadEChart().catch(() => {});
}

/** A chart, or the empty placeholder when the option builder found nothing to draw. */
export function LazyChart({
  option,
  height = 320,
  merge = false,
  title,
}: {
  option: EChartsOption | null;
  /** The saved image's name (see EChart's `title`). */
  title?: string;
  height?: number;
  /** See EChart's `merge`: update the drawn chart in place rather than replace its option. */
  merge?: boolean;
}) {
  if (!option) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
  return (
    <Suspense
      fallback={
        <div style={{ height, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      }
    >
      <EChart option={option} height={height} merge={merge} {...(title ? { title } : {})} />
    </Suspense>
  );
}
