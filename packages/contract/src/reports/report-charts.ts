/**
 * The charts of a summary analysis report's overview (spec 2 §2.7, §9) as plain ECharts options, built
 * once for the screen (the web's chart wrapper) and the Word document (rendered to images on the server),
 * so both draw the same thing. No echarts import: the options are plain objects, typed here by the subset
 * they use.
 *
 * Names come from data (point names in the warning bar; the pies' names are fixed today, but a template
 * may rename sections and the pies must not care). Legend, axis and slice labels are drawn as text, never
 * parsed; the tooltip's answer is set as HTML, so its formatter escapes through `escapeChartText`.
 */
import type { NamedShare } from './report-overview.ts';
import { pieLegend } from './report-overview.ts';
import { PIE_LEGEND_MAX, REPORT_PIE_COLORS, type ReportSection } from './reports.enums.ts';
import type { ReportOverviewData, ReportView } from './reports.schema.ts';

export const REPORT_CHART_KEYS = [
  'attainment',
  'grades',
  'completion',
  'warningCount',
  'warningShare',
] as const;
export type ReportChartKey = (typeof REPORT_CHART_KEYS)[number];
export const REPORT_CHART_TITLES: Record<ReportChartKey, string> = {
  attainment: '达标情况',
  grades: '结果等级分布',
  completion: '完成情况',
  warningCount: '质控点预警次数',
  warningShare: '预警处理占比',
};
/** What the screen and the document show where a chart has no data. */
export const REPORT_CHART_EMPTY = '暂无数据';

type ChartText = {
  fontSize?: number;
  fontWeight?: 'normal' | 'bold';
  color?: string;
};

/** The parameters ECharts hands a pie's or a bar's label and tooltip formatter (the fields read here). */
export type ReportChartItemParams = {
  name: string;
  value: unknown;
  percent?: number;
};

export type ReportPieSeries = {
  type: 'pie';
  name: string;
  radius: [string, string];
  center: [string, string];
  avoidLabelOverlap: boolean;
  label: { show: boolean; formatter: (p: ReportChartItemParams) => string };
  data: Array<{ name: string; value: number; label?: { show: boolean }; labelLine?: { show: boolean } }>;
};

export type ReportBarSeries = {
  type: 'bar';
  name: string;
  barMaxWidth: number;
  itemStyle: { color: string };
  label: { show: boolean; position: 'top' };
  data: number[];
};

/** A type alias, not an interface: ECharts' `EChartsOption` takes only types with an implicit index signature. */
export type ReportChartOption = {
  animation?: boolean;
  color: string[];
  title: { text: string; left: 'center'; top: number; textStyle: ChartText };
  tooltip: {
    trigger: 'item' | 'axis';
    formatter: (p: ReportChartItemParams | ReportChartItemParams[]) => string;
  };
  legend?: {
    orient: 'vertical';
    left: number;
    top: 'middle';
    data: string[];
    formatter: (name: string) => string;
    textStyle: ChartText;
  };
  grid?: { left: number; right: number; top: number; bottom: number };
  xAxis?: {
    type: 'category';
    data: string[];
    axisLabel: { interval: 0; rotate: number; formatter: (name: string) => string };
  };
  yAxis?: { type: 'value'; minInterval: number };
  series: Array<ReportPieSeries | ReportBarSeries>;
};

export interface ReportChart {
  key: ReportChartKey;
  title: string;
  /** Null when there is nothing to draw: show REPORT_CHART_EMPTY instead. */
  option: ReportChartOption | null;
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text that shows as itself inside HTML — for the tooltips, whose answer ECharts sets as markup. */
export function escapeChartText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

/** A name cut at PIE_LEGEND_MAX characters (counted as code points, so a surrogate pair stays whole). */
export function cutChartName(name: string): string {
  const chars = [...name];
  return chars.length > PIE_LEGEND_MAX ? `${chars.slice(0, PIE_LEGEND_MAX).join('')}…` : name;
}

const TITLE_TEXT: ChartText = { fontSize: 14, fontWeight: 'bold', color: '#333333' };
const first = (p: ReportChartItemParams | ReportChartItemParams[]) => (Array.isArray(p) ? p[0] : p);

/** A pie of shares with the report's five colours and `pieLegend` names; null when every value is 0. */
export function sharePie(title: string, items: readonly NamedShare[]): ReportChartOption | null {
  if (!items.some((i) => i.value > 0)) return null;
  // The legend formatter receives the name only; a later duplicate name would show the first's share.
  const legendOf = new Map<string, string>();
  for (const item of items) if (!legendOf.has(item.name)) legendOf.set(item.name, pieLegend(item));
  const shareOf = new Map(items.map((i) => [i.name, i.share]));
  return {
    color: [...REPORT_PIE_COLORS],
    title: { text: title, left: 'center', top: 4, textStyle: TITLE_TEXT },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const p = first(params);
        if (!p) return '';
        const share = shareOf.get(p.name) ?? 0;
        return escapeChartText(`${p.name}：${String(p.value)}（${share.toFixed(2)}%）`);
      },
    },
    legend: {
      orient: 'vertical',
      left: 12,
      top: 'middle',
      data: items.map((i) => i.name),
      formatter: (name) => legendOf.get(name) ?? cutChartName(name),
      textStyle: { fontSize: 12, color: '#333333' },
    },
    series: [
      {
        type: 'pie',
        name: title,
        radius: ['0%', '62%'],
        center: ['66%', '56%'],
        avoidLabelOverlap: true,
        label: { show: true, formatter: (p) => String(p.value) },
        // A zero slice has no room for a label: it would sit on its neighbour's.
        data: items.map((i) =>
          i.value > 0
            ? { name: i.name, value: i.value }
            : { name: i.name, value: 0, label: { show: false }, labelLine: { show: false } },
        ),
      },
    ],
  };
}

/** 达标率 / 未达标率 of the evaluated points. */
export const attainmentPie = (o: ReportOverviewData) =>
  sharePie(REPORT_CHART_TITLES.attainment, o.attainment);
/** Result grades A–D. */
export const gradePie = (o: ReportOverviewData) => sharePie(REPORT_CHART_TITLES.grades, o.grades);
/** 已完成 / 未完成 points. */
export const completionPie = (o: ReportOverviewData) =>
  sharePie(REPORT_CHART_TITLES.completion, o.completion);
/** 已处理 / 未处理 warnings. */
export const warningPie = (o: ReportOverviewData) =>
  sharePie(REPORT_CHART_TITLES.warningShare, o.warningShare);

/** Warning counts of the most warned points, most first; null when no point was warned. */
export function warningBar(o: ReportOverviewData): ReportChartOption | null {
  if (o.warnedPoints.length === 0) return null;
  const title = REPORT_CHART_TITLES.warningCount;
  return {
    color: [REPORT_PIE_COLORS[0]],
    title: { text: title, left: 'center', top: 4, textStyle: TITLE_TEXT },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const p = first(params);
        return p ? escapeChartText(`${p.name}：预警${String(p.value)}次`) : '';
      },
    },
    // ECharts 6 keeps axis labels inside the chart (grid.outerBounds); the wide left margin leaves room for
    // the first rotated label, which reaches left of its bar.
    grid: { left: 48, right: 24, top: 44, bottom: 8 },
    xAxis: {
      type: 'category',
      data: o.warnedPoints.map((p) => p.name),
      axisLabel: { interval: 0, rotate: o.warnedPoints.length > 4 ? 30 : 0, formatter: cutChartName },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: '预警次数',
        barMaxWidth: 36,
        itemStyle: { color: REPORT_PIE_COLORS[0] },
        label: { show: true, position: 'top' },
        data: o.warnedPoints.map((p) => p.count),
      },
    ],
  };
}

const chart = (key: ReportChartKey, option: ReportChartOption | null): ReportChart => ({
  key,
  title: REPORT_CHART_TITLES[key],
  option,
});

/** The charts a section shows, in order; improvement and explain show tables and text only. */
export function sectionCharts(section: ReportSection, o: ReportOverviewData): ReportChart[] {
  switch (section) {
    case 'points':
      return [chart('attainment', attainmentPie(o)), chart('grades', gradePie(o))];
    case 'completion':
      return [chart('completion', completionPie(o))];
    case 'warnings':
      return [chart('warningCount', warningBar(o)), chart('warningShare', warningPie(o))];
    case 'improvement':
    case 'explain':
      return [];
  }
}

/** The charts of every section of a report, aligned with `view.sections` (same order and length). */
export function reportCharts(
  view: Pick<ReportView, 'overview' | 'sections'>,
): Array<{ section: ReportSection; charts: ReportChart[] }> {
  return view.sections.map((s) => ({ section: s.key, charts: sectionCharts(s.key, view.overview) }));
}
