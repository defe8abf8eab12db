/**
 * Renders the contract's report chart options to images for the Word document: ECharts' server-side SVG
 * rendering (no DOM, no canvas), then resvg rasterises the SVG to PNG — Word shows PNG everywhere, SVG only
 * in recent versions.
 *
 * ECharts is loaded on the first render, not at start: it is a few hundred milliseconds of modules that
 * only the report job needs. resvg draws text with the fonts it finds on the machine; Chinese needs a CJK
 * font (Debian: fonts-noto-cjk) — without one, the charts' Chinese text comes out as empty boxes.
 */
import type { ReportChartOption } from '@eduqa/contract';
import { renderAsync } from '@resvg/resvg-js';
import { AlignmentType, ImageRun, Paragraph } from 'docx';

export interface ChartSize {
  width: number;
  height: number;
}

/** The size charts take in the document, in pixels at 96 to the inch (A4's text width is about 600). */
export const REPORT_CHART_SIZE: ChartSize = { width: 560, height: 300 };
/** Pixels of the PNG per pixel of the chart: twice, so the chart stays sharp when printed or zoomed. */
const PNG_SCALE = 2;

/** The CJK fonts tried in order, then whatever sans-serif the machine has. */
const CHART_FONT_FAMILY =
  "'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'Microsoft YaHei', 'PingFang SC', sans-serif";
const SANS_SERIF = 'Noto Sans CJK SC';

type Echarts = typeof import('echarts/core');
let loading: Promise<Echarts> | null = null;

function loadEcharts(): Promise<Echarts> {
  loading ??= (async () => {
    const [core, charts, components, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]);
    core.use([
      charts.PieChart,
      charts.BarChart,
      components.TitleComponent,
      components.LegendComponent,
      components.GridComponent,
      components.TooltipComponent,
      renderers.SVGRenderer,
    ]);
    return core;
  })();
  return loading;
}

/** The chart as an SVG document: no animation (the image is its first frame), the CJK fonts named. */
export async function renderChartSvg(
  option: ReportChartOption,
  size: ChartSize = REPORT_CHART_SIZE,
): Promise<string> {
  const echarts = await loadEcharts();
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: size.width,
    height: size.height,
  });
  try {
    chart.setOption({
      ...option,
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: { fontFamily: CHART_FONT_FAMILY },
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** The chart as a PNG of twice its size; rasterised off the event loop (resvg's own thread). */
export async function renderChartPng(
  option: ReportChartOption,
  size: ChartSize = REPORT_CHART_SIZE,
): Promise<Buffer> {
  return svgToPng(await renderChartSvg(option, size), {
    width: size.width * PNG_SCALE,
    background: '#ffffff',
  });
}

/** An SVG document as a PNG `width` pixels wide, text in the machine's CJK font; transparent without `background`. */
export async function svgToPng(
  svg: string,
  options: { width: number; background?: string },
): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: options.width },
    ...(options.background ? { background: options.background } : {}),
    font: { loadSystemFonts: true, defaultFontFamily: SANS_SERIF, sansSerifFamily: SANS_SERIF },
  });
  return image.asPng();
}

/** A drawn chart as a centred Word paragraph, named by its title for screen readers (both reports' Word). */
export async function chartParagraph(title: string, option: ReportChartOption): Promise<Paragraph> {
  const png = await renderChartPng(option, REPORT_CHART_SIZE);
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 120 },
    children: [
      new ImageRun({
        type: 'png',
        data: png,
        transformation: REPORT_CHART_SIZE,
        altText: { name: title, description: title, title },
      }),
    ],
  });
}
