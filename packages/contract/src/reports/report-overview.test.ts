import { describe, expect, it } from 'vitest';
import {
  computeOverview,
  DEFAULT_NARRATIVES,
  NARRATIVE_PLACEHOLDER_NAMES,
  narrativePlaceholder,
  narrativeValues,
  pieLegend,
  type ReportPointFact,
  renderNarrative,
  sectionHasContent,
} from './report-overview.ts';

const fact = (f: Partial<ReportPointFact> & { pointName: string }): ReportPointFact => ({
  level1: '人才培养',
  level2: '教学质量',
  grade: null,
  hasResult: false,
  below: false,
  warnings: 0,
  handledWarnings: 0,
  ...f,
});

/**
 * A small task computed by hand: six points under two level-1 indicators.
 * - 就业率 A, 课程合格率 C below, 双师比例 B, 实训开出率 no result, 投诉次数 D below (3 warnings, 1 handled),
 *   科研经费 B (1 warning, handled).
 */
const facts: ReportPointFact[] = [
  fact({ pointName: '就业率', grade: 'A', hasResult: true }),
  fact({ pointName: '课程合格率', grade: 'C', hasResult: true, below: true }),
  fact({ pointName: '双师比例', level1: '师资队伍', level2: '双师建设', grade: 'B', hasResult: true }),
  fact({ pointName: '实训开出率', level2: '实践教学' }),
  fact({
    pointName: '投诉次数',
    level2: '学生服务',
    grade: 'D',
    hasResult: true,
    below: true,
    warnings: 3,
    handledWarnings: 1,
  }),
  fact({
    pointName: '科研经费',
    level1: '师资队伍',
    level2: '科研能力',
    grade: 'b',
    hasResult: true,
    warnings: 1,
    handledWarnings: 1,
  }),
];

describe('the overview of a summary analysis report', () => {
  const o = computeOverview(facts);

  it('counts points, attainment and grades as computed by hand', () => {
    expect(o).toMatchObject({
      pointCount: 6,
      evaluatedCount: 5,
      reachedCount: 3,
      reachedRate: 60,
      belowCount: 2,
      belowNames: ['课程合格率', '投诉次数'],
      belowIndicators: ['教学质量', '学生服务'],
    });
    expect(o.attainment).toEqual([
      { name: '达标率', value: 3, share: 60 },
      { name: '未达标率', value: 2, share: 40 },
    ]);
    expect(o.grades).toEqual([
      { name: 'A', value: 1, share: 20 },
      { name: 'B', value: 2, share: 40 },
      { name: 'C', value: 1, share: 20 },
      { name: 'D', value: 1, share: 20 },
    ]);
    expect(o.attainmentByIndicator).toEqual([
      { name: '人才培养', reached: 1, below: 2 },
      { name: '师资队伍', reached: 2, below: 0 },
    ]);
  });

  it('counts completion: points without a result are unfinished', () => {
    expect(o).toMatchObject({
      completionRate: 83.33,
      unfinishedCount: 1,
      unfinishedNames: ['实训开出率'],
      unfinishedIndicators: ['实践教学'],
    });
    expect(o.completion.map((c) => [c.name, c.value, c.share])).toEqual([
      ['已完成', 5, 83.33],
      ['未完成', 1, 16.67],
    ]);
  });

  it('counts warnings, the handled rate and the most warned points', () => {
    expect(o).toMatchObject({ warningCount: 4, handledCount: 2, handledRate: 50, warnedPointCount: 2 });
    expect(o.warnedPoints).toEqual([
      { name: '投诉次数', count: 3 },
      { name: '科研经费', count: 1 },
    ]);
    expect(o.warningShare.map((s) => s.value)).toEqual([2, 2]);
  });

  it('answers zeros, not NaN, for a task without points', () => {
    const empty = computeOverview([]);
    expect([empty.reachedRate, empty.completionRate, empty.handledRate]).toEqual([0, 0, 0]);
    expect(empty.attainment.every((a) => a.share === 0)).toBe(true);
    expect(sectionHasContent('points', { overview: empty, improvements: 0, explains: 0 })).toBe(false);
    expect(sectionHasContent('warnings', { overview: o, improvements: 0, explains: 0 })).toBe(true);
    expect(sectionHasContent('explain', { overview: o, improvements: 0, explains: 0 })).toBe(false);
  });

  it('counts a point flagged below but without a result as unfinished, not below', () => {
    const stale = computeOverview([fact({ pointName: '旧标记', below: true })]);
    expect(stale).toMatchObject({ belowCount: 0, unfinishedCount: 1, belowNames: [] });
    expect(stale.attainment.map((a) => a.value)).toEqual([0, 0]);
  });
});

describe('the narrative', () => {
  const values = narrativeValues(computeOverview(facts));

  it('fills the default sentences with the counts, each count linked to its table', () => {
    const points = renderNarrative(DEFAULT_NARRATIVES.points, values);
    expect(points.map((s) => s.text).join('')).toBe(
      '本次诊断共监测质控点6个，已出结果的5个质控点中达标3个，达标率60.00%；未达标2个，主要集中在教学质量、学生服务。',
    );
    expect(
      renderNarrative(DEFAULT_NARRATIVES.completion, values)
        .map((s) => s.text)
        .join(''),
    ).toBe('6个质控点中已出结果5个，完成率83.33%；尚有1个质控点未完成（实训开出率）。');
    expect(points.filter((s) => s.table)).toEqual([
      { text: '6', table: 'points' },
      { text: '未达标2个，主要集中在教学质量、学生服务', table: 'below' },
    ]);
    const warnings = renderNarrative(DEFAULT_NARRATIVES.warnings, values);
    expect(warnings.find((s) => s.table === 'warnings')).toEqual({ text: '2', table: 'warnings' });
  });

  it('writes each figure as the placeholder of its spec name, and renders it', () => {
    expect(narrativePlaceholder('pointCount')).toBe('{zkdzsl}');
    expect(Object.keys(values)).toEqual(Object.values(NARRATIVE_PLACEHOLDER_NAMES));
    expect(renderNarrative(`共${narrativePlaceholder('belowCount')}个`, values)).toEqual([
      { text: '共' },
      { text: '2', table: 'below' },
      { text: '个' },
    ]);
  });

  it('shows every rate with what it is taken over, so a sentence of 112 points and 71 reached adds up', () => {
    // Issue 26: 「质控点112个，达标71个，达标率69.61%」 — the rate was over the 102 points with a result.
    const many = computeOverview(
      Array.from({ length: 112 }, (_, i) =>
        fact({ pointName: `点${i}`, hasResult: i < 102, below: i >= 71 && i < 102 }),
      ),
    );
    const text = (template: string) =>
      renderNarrative(template, narrativeValues(many))
        .map((s) => s.text)
        .join('');
    expect(text('质控点{zkdzsl}个，达标{dbsl}个，达标率{dbl}')).toBe(
      '质控点112个，达标71个，达标率69.61%（按已出结果的102个质控点计）',
    );
    expect(text('{dbqk}')).toBe('已出结果的102个质控点中达标71个，达标率69.61%');
    expect(text('完成率{wcl}')).toBe('完成率91.07%（按全部112个质控点计）');
  });

  it('says the below and unfinished points as phrases that open their tables', () => {
    expect(values.wdbqk).toEqual({ text: '未达标2个，主要集中在教学质量、学生服务', table: 'below' });
    expect(values.wwcqk).toEqual({ text: '尚有1个质控点未完成（实训开出率）', table: 'unfinished' });
  });

  it('says none below and none unfinished in words, with no table to open', () => {
    // Every point has a result and reaches its target.
    const done = narrativeValues(
      computeOverview([
        fact({ pointName: '就业率', hasResult: true }),
        fact({ pointName: '双师比例', level2: '双师建设', hasResult: true }),
      ]),
    );
    expect(done.wdbqk).toEqual({ text: '无未达标质控点' });
    expect(done.wwcqk).toEqual({ text: '质控点均已出结果' });
    const text = (template: string) =>
      renderNarrative(template, done)
        .map((s) => s.text)
        .join('');
    expect(text(DEFAULT_NARRATIVES.points)).toBe(
      '本次诊断共监测质控点2个，已出结果的2个质控点中达标2个，达标率100.00%；无未达标质控点。',
    );
    expect(text(DEFAULT_NARRATIVES.completion)).toBe(
      '2个质控点中已出结果2个，完成率100.00%；质控点均已出结果。',
    );
    // Neither sentence counts zero of something and then names 无 for it (「未达标0个（无）」).
    for (const section of ['points', 'completion'] as const) {
      expect(text(DEFAULT_NARRATIVES[section])).not.toMatch(/(?<!\d)0个[^。]*无/);
    }
  });

  it('keeps an unknown placeholder as written and merges plain text', () => {
    expect(renderNarrative('共{zkdzsl}个，{typo}。', values)).toEqual([
      { text: '共' },
      { text: '6', table: 'points' },
      { text: '个，{typo}。' },
    ]);
  });

  it('names a point once however many objects miss it, the most frequent first', () => {
    const perObject = computeOverview([
      fact({ pointName: '投诉次数', hasResult: true, below: true }),
      fact({ pointName: '课程合格率', hasResult: true, below: true }),
      fact({ pointName: '课程合格率', hasResult: true, below: true }),
      fact({ pointName: '课程合格率', hasResult: true, below: true }),
    ]);
    expect(perObject.belowCount).toBe(4);
    expect(perObject.belowNames).toEqual(['课程合格率', '投诉次数']);
    expect(narrativeValues(perObject).wdbzkdmcs!.text).toBe('课程合格率、投诉次数');
  });

  it('cuts long lists of names with 等', () => {
    const many = computeOverview(
      Array.from({ length: 7 }, (_, i) => fact({ pointName: `点${i + 1}`, hasResult: true, below: true })),
    );
    expect(narrativeValues(many).wdbzkdmcs!.text).toBe('点1、点2、点3、点4、点5等');
  });
});

describe('pie legends', () => {
  it('cut names at seven characters and show the share with two decimals', () => {
    expect(pieLegend({ name: '达标率', share: 60 })).toBe('达标率 60.00%');
    expect(pieLegend({ name: '一二三四五六七八九', share: 33.333 })).toBe('一二三四五六七… 33.33%');
  });
});
