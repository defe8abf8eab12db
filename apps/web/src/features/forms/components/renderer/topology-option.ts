import type { FormField } from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { tooltipLines } from '../../../../shared/charts/chart-text.ts';
import { type FormRow, rowName } from './form-row.ts';

interface GraphTooltipParams {
  dataType?: string;
  data?: { id?: string; source?: string; target?: string };
}

/**
 * The 拓扑 layout's graph: a node per record named by its first field, an arrow per link. Names come
 * from what fillers typed, so the HTML tooltip escapes them; null when there is nothing to draw.
 */
export function topologyOption(rows: readonly FormRow[], fields: readonly FormField[]): EChartsOption | null {
  if (rows.length === 0) return null;
  const names = new Map(rows.map((row, index) => [row.id, rowName(row, fields, index)]));
  const links = rows.flatMap((row) =>
    row.links.filter((target) => names.has(target)).map((target) => ({ source: row.id, target })),
  );
  const nameOf = (id: string | undefined) => (id ? (names.get(id) ?? '') : '');
  return {
    tooltip: {
      formatter: (raw: unknown) => {
        const params = raw as GraphTooltipParams;
        if (params.dataType === 'edge')
          return tooltipLines([`${nameOf(params.data?.source)} → ${nameOf(params.data?.target)}`]);
        return tooltipLines([nameOf(params.data?.id)]);
      },
    },
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        force: { repulsion: 220, edgeLength: 90 },
        edgeSymbol: ['none', 'arrow'],
        label: { show: true, position: 'right' },
        data: rows.map((row) => ({ id: row.id, name: nameOf(row.id), symbolSize: 24 })),
        links,
      },
    ],
  };
}
