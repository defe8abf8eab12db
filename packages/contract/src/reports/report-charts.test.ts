import { describe, expect, it } from 'vitest';
import {
  attainmentPie,
  completionPie,
  cutChartName,
  escapeChartText,
  gradePie,
  type ReportBarSeries,
  type ReportChartOption,
  type ReportPieSeries,
  reportCharts,
  sharePie,
  warningBar,
  warningPie,
} from './report-charts.ts';
import { computeOverview, type ReportPointFact } from './report-overview.ts';
import { REPORT_PIE_COLORS } from './reports.enums.ts';

const fact = (over: Partial<ReportPointFact>): ReportPointFact => ({
  pointName: '质控点',
  level1: '人才培养',
  level2: '课程建设',
  grade: null,
  hasResult: false,
  below: false,
  warnings: 0,
  handledWarnings: 0,
  ...over,
});

const overview = computeOverview([
  fact({ pointName: '生师比', hasResult: true, grade: 'A' }),
  fact({
    pointName: '双师型教师比例',
    hasResult: true,
    grade: 'B',
    below: true,
    warnings: 3,
    handledWarnings: 1,
  }),
  fact({ pointName: '<b>实训</b>基地', hasResult: true, grade: 'B', warnings: 1, handledWarnings: 1 }),
  fact({ pointName: '毕业生就业率' }),
]);
const empty = computeOverview([]);

const pie = (option: ReportChartOption | null) => option?.series[0] as ReportPieSeries;
const legendOf = (option: ReportChartOption | null) => {
  const legend = option?.legend;
  if (!legend) throw new Error('no legend');
  return legend.data.map(legend.formatter);
};

describe('report pies', () => {
  it('use the five fixed colours in order', () => {
    for (const option of [
      attainmentPie(overview),
      gradePie(overview),
      completionPie(overview),
      warningPie(overview),
    ]) {
      expect(option?.color).toEqual([...REPORT_PIE_COLORS]);
    }
  });

  it('show each share in the legend with two decimals', () => {
    // 2 reached of 3 evaluated: 66.67 / 33.33; grades A 1, B 2 of the 3 graded.
    expect(legendOf(attainmentPie(overview))).toEqual(['达标率 66.67%', '未达标率 33.33%']);
    expect(legendOf(gradePie(overview))).toEqual(['A 33.33%', 'B 66.67%', 'C 0.00%', 'D 0.00%']);
    expect(legendOf(warningPie(overview))).toEqual(['已处理 50.00%', '未处理 50.00%']);
  });

  it('cut legend names at seven characters', () => {
    const option = sharePie('分布', [
      { name: '一二三四五六七八九', value: 1, share: 12.5 },
      { name: '一二三四五六七', value: 7, share: 87.5 },
    ]);
    expect(legendOf(option)).toEqual(['一二三四五六七… 12.50%', '一二三四五六七 87.50%']);
    expect(cutChartName('𠀀𠀁𠀂𠀃𠀄𠀅𠀆𠀇')).toBe('𠀀𠀁𠀂𠀃𠀄𠀅𠀆…');
  });

  it('hide the label of a zero slice and keep it in the legend', () => {
    const data = pie(gradePie(overview)).data;
    expect(data.map((d) => d.value)).toEqual([1, 2, 0, 0]);
    expect(data[2]?.label).toEqual({ show: false });
    expect(data[0]?.label).toBeUndefined();
  });

  it('are absent when there is nothing to draw', () => {
    expect(attainmentPie(empty)).toBeNull();
    expect(gradePie(empty)).toBeNull();
    expect(completionPie(empty)).toBeNull();
    expect(warningPie(empty)).toBeNull();
    expect(sharePie('空', [{ name: '甲', value: 0, share: 0 }])).toBeNull();
  });
});

describe('warning bar', () => {
  it('counts the most warned points, most first, with their names cut on the axis', () => {
    const option = warningBar(overview);
    const series = option?.series[0] as ReportBarSeries;
    expect(option?.xAxis?.data).toEqual(['双师型教师比例', '<b>实训</b>基地']);
    expect(series.data).toEqual([3, 1]);
    expect(option?.xAxis?.axisLabel.formatter('<b>实训</b>基地')).toBe('<b>实训</…');
  });

  it('is absent without warnings', () => {
    expect(warningBar(empty)).toBeNull();
  });
});

describe('tooltips', () => {
  it('escape names from data', () => {
    const bar = warningBar(overview);
    const text = bar?.tooltip.formatter([{ name: '<b>实训</b>基地', value: 1 }]);
    expect(text).toBe('&lt;b&gt;实训&lt;/b&gt;基地：预警1次');
    const option = sharePie('分布', [{ name: `<img src=x onerror="alert('1')">`, value: 1, share: 100 }]);
    expect(option?.tooltip.formatter({ name: `<img src=x onerror="alert('1')">`, value: 1 })).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;：1（100.00%）',
    );
    expect(escapeChartText('a & b')).toBe('a &amp; b');
  });
});

describe('reportCharts', () => {
  it('answers the charts of each section in the order of the view', () => {
    const sections = (['warnings', 'improvement', 'points', 'completion', 'explain'] as const).map(
      (key, i) => ({
        key,
        number: i + 1,
        title: key,
        narrative: [],
      }),
    );
    const charts = reportCharts({ overview, sections });
    expect(charts.map((c) => [c.section, c.charts.map((x) => x.key)])).toEqual([
      ['warnings', ['warningCount', 'warningShare']],
      ['improvement', []],
      ['points', ['attainment', 'grades']],
      ['completion', ['completion']],
      ['explain', []],
    ]);
    expect(charts[0]?.charts.every((c) => c.option !== null)).toBe(true);
  });

  it('keeps a chart without data as a placeholder', () => {
    const charts = reportCharts({
      overview: empty,
      sections: [{ key: 'points', number: 1, title: '', narrative: [] }],
    });
    expect(charts[0]?.charts.map((c) => [c.title, c.option])).toEqual([
      ['达标情况', null],
      ['结果等级分布', null],
    ]);
  });
});
