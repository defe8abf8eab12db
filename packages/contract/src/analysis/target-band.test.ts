import { describe, expect, it } from 'vitest';
import type { PointRule } from '../diagnosis/judgement.ts';
import {
  bandsByYear,
  numericValueOf,
  type PastPointGroup,
  type PeerValue,
  proposedTargetError,
  readTarget,
  simulateCycles,
} from './target-band.ts';

const rule = (over: Partial<PointRule>): PointRule => ({
  dataType: 'percent',
  direction: '>',
  calcMode: 'result',
  calRule: [],
  warningMode: null,
  warningCondition: null,
  warningValue: null,
  ...over,
});

const group = (over: Partial<PastPointGroup>): PastPointGroup => ({
  taskId: 't1',
  taskName: '2024年度学校质量诊断',
  period: '2024',
  endDate: '2024-12-31',
  closed: true,
  targetValue: null,
  revisedTarget: null,
  result: null,
  revisedResult: null,
  grade: null,
  below: false,
  objects: 1,
  warnings: 0,
  ...over,
});

describe('simulateCycles', () => {
  const rate = rule({
    dataType: 'percent',
    direction: '>',
    warningMode: 'result',
    warningCondition: '<',
    warningValue: '60',
  });
  const past = [
    group({ targetValue: '80', result: '78', grade: 'C', below: true, warnings: 2 }),
    // The revised target (88) is the effective one: 85 < 88 was below.
    group({
      taskId: 't2',
      taskName: '2025年度学校质量诊断',
      period: '2025',
      endDate: '2025-12-31',
      targetValue: '80',
      revisedTarget: '88',
      result: '85',
      grade: 'B',
      below: true,
    }),
  ];

  it('judges bigger-is-better results against a lower proposed target: 78 and 85 both reach 75', () => {
    const cycles = simulateCycles(rate, past, '75');
    expect(
      cycles.map((c) => [
        c.taskId,
        c.result,
        c.grade,
        c.actualTargets,
        c.actualBelowCount,
        c.simulatedBelowCount,
      ]),
    ).toEqual([
      ['t1', '78', 'C', ['80'], 1, 0],
      ['t2', '85', 'B', ['88'], 1, 0],
    ]);
  });

  it('judges them against a higher one: 78 and 85 both miss 86; warnings stay the actual ones', () => {
    const cycles = simulateCycles(rate, past, '86%');
    expect(cycles.map((c) => c.simulatedBelowCount)).toEqual([1, 1]);
    expect(cycles.map((c) => [c.warningCount, c.simulatedWarningCount])).toEqual([
      [2, 2],
      [0, 0],
    ]);
  });

  it('judges smaller-is-better results: 4 complaints meet a target of 5 but miss 3', () => {
    const complaints = rule({ dataType: 'integer', direction: '<' });
    const past4 = [group({ targetValue: '5', result: '4', below: false })];
    expect(simulateCycles(complaints, past4, '3')[0]).toMatchObject({
      actualBelowCount: 0,
      simulatedBelowCount: 1,
    });
    expect(simulateCycles(complaints, past4, '4')[0]).toMatchObject({ simulatedBelowCount: 0 });
  });

  it('judges whether and have points by the expected answer (是/有 when none is proposed)', () => {
    const whether = rule({ dataType: 'whether' });
    const no = [group({ targetValue: '是', result: '否', grade: 'N', below: true })];
    expect(simulateCycles(whether, no, '是')[0]?.simulatedBelowCount).toBe(1);
    expect(simulateCycles(whether, no, '否')[0]?.simulatedBelowCount).toBe(0);
    const have = rule({ dataType: 'have' });
    expect(simulateCycles(have, [group({ result: '有' })], null)[0]?.simulatedBelowCount).toBe(0);
    expect(simulateCycles(have, [group({ result: '无' })], null)[0]?.simulatedBelowCount).toBe(1);
  });

  it('compares grades in level mode: B misses A and meets C', () => {
    const level = rule({ calcMode: 'level', dataType: 'integer' });
    const b = [group({ targetValue: 'B', result: 'B', grade: 'B' })];
    expect(simulateCycles(level, b, 'A')[0]?.simulatedBelowCount).toBe(1);
    expect(simulateCycles(level, b, 'c')[0]?.simulatedBelowCount).toBe(0);
  });

  it('adds up the objects of a cycle and shows no single result then; a missing result is never below', () => {
    const cycles = simulateCycles(
      rate,
      [
        group({ targetValue: '80', result: '70', below: true, objects: 2, warnings: 3 }),
        group({ targetValue: '85', result: '90', objects: 1 }),
        group({ targetValue: '80', result: null, objects: 1 }),
      ],
      '80',
    );
    expect(cycles).toEqual([
      expect.objectContaining({
        objectCount: 4,
        result: null,
        grade: null,
        actualTargets: ['80', '85'],
        actualBelowCount: 2,
        simulatedBelowCount: 2,
        unfinishedCount: 1,
        warningCount: 3,
      }),
    ]);
  });

  it('counts as 未完成 the objects without an effective result, in an open cycle as in a closed one', () => {
    const open = simulateCycles(
      rate,
      [
        group({ closed: false, result: null, objects: 2 }),
        group({ closed: false, result: null, revisedResult: '88', objects: 1 }),
        group({ closed: false, result: ' ', objects: 1 }),
      ],
      '80',
    );
    expect(open[0]?.unfinishedCount).toBe(3);
  });
});

describe('bandsByYear', () => {
  const published = (schoolCode: string, year: number, value: number, isDemo = false): PeerValue => ({
    schoolCode,
    year,
    value,
    isDemo,
    source: 'import',
  });
  const values: PeerValue[] = [
    ...[60, 70, 80, 90, 100].map((value, i) => published(`p${i}`, 2024, value)),
    published('own', 2024, 85),
    // A year the peers did not publish: no band, the own value alone does not make one.
    published('own', 2025, 88, true),
    published('p0', 2023, 50, true),
    published('p1', 2023, 60, true),
  ];
  /** The own school's result of the linked point, as the peers repo answers it instead of what it published. */
  const result = (year: number, value: number): PeerValue => ({
    schoolCode: 'own',
    year,
    value,
    isDemo: false,
    source: 'point',
  });

  it("draws the peers' bands without the own school and places it, bigger is better", () => {
    const { years, isDemo } = bandsByYear({
      values: [
        ...values.filter((v) => !(v.schoolCode === 'own' && v.year === 2025)),
        result(2023, 58),
        result(2025, 87),
      ],
      ownSchoolCode: 'own',
      direction: '>',
    });
    expect(isDemo).toBe(true);
    expect(years.map((y) => y.year)).toEqual([2023, 2024]);
    // 2023: [50, 60] → P25 52.5, P50 55, P75 57.5, P90 59; the own school's result 58.
    expect(years[0]).toEqual({
      year: 2023,
      p25: 52.5,
      p50: 55,
      p75: 57.5,
      p90: 59,
      count: 2,
      ownValue: 58,
      ownSource: 'result',
      ownPosition: 'p75to90',
    });
    // 2024: [60 … 100] → P25 70, P50 80, P75 90, P90 96; no result that year: the published 85.
    expect(years[1]).toMatchObject({ p25: 70, p50: 80, p75: 90, p90: 96, count: 5, ownValue: 85 });
    expect(years[1]).toMatchObject({ ownSource: 'published', ownPosition: 'p50to75' });
  });

  it('turns the bands for smaller is better: P90 is the value only a tenth of the peers beat', () => {
    const { years } = bandsByYear({ values, ownSchoolCode: 'own', direction: '<' });
    expect(years[1]).toMatchObject({ p25: 90, p50: 80, p75: 70, p90: 64, ownPosition: 'p25to50' });
    expect(years[0]).toMatchObject({ ownValue: null, ownSource: null, ownPosition: null });
  });

  it("takes the own school's result as the peers repo answers it, not demo", () => {
    const real = [...values.filter((v) => v.year === 2024 && v.schoolCode !== 'own'), result(2024, 91)];
    const answer = bandsByYear({ values: real, ownSchoolCode: 'own', direction: '>' });
    expect(answer.isDemo).toBe(false);
    expect(answer.years[0]).toMatchObject({ ownValue: 91, ownSource: 'result', ownPosition: 'p75to90' });
  });

  it('is not demo when only the own value of a year without band is', () => {
    const real = values.filter((v) => v.year !== 2023);
    expect(bandsByYear({ values: real, ownSchoolCode: 'own', direction: '>' }).isDemo).toBe(false);
  });
});

describe('readTarget', () => {
  const { years } = bandsByYear({
    values: [
      ...[60, 70, 80, 90, 100].map((value, i) => ({
        schoolCode: `p${i}`,
        year: 2024,
        value,
        isDemo: false,
        source: 'import' as const,
      })),
      { schoolCode: 'own', year: 2024, value: 85, isDemo: false, source: 'import' as const },
    ],
    ownSchoolCode: 'own',
    direction: '>',
  });

  it('places the proposed target and suggests one band above the own school (P50–P75 → P75–P90)', () => {
    expect(readTarget({ years, direction: '>', proposedValue: 92 })).toEqual({
      year: 2024,
      targetPosition: 'p75to90',
      suggested: 'p75to90',
      suggestedFrom: 90,
      suggestedTo: 96,
      text: '拟定目标值位于2024年同类院校 P75–P90 区间；建议目标值落在同类院校 P75–P90 区间（90–96）。',
    });
  });

  it('suggests at least P50–P75, and no upper bound above P90', () => {
    const low = years.map((y) => ({ ...y, ownPosition: 'belowP25' as const }));
    expect(readTarget({ years: low, direction: '>', proposedValue: null })).toMatchObject({
      targetPosition: null,
      suggested: 'p50to75',
      text: '建议目标值落在同类院校 P50–P75 区间（80–90）。',
    });
    const top = years.map((y) => ({ ...y, ownPosition: 'aboveP90' as const }));
    expect(readTarget({ years: top, direction: '>', proposedValue: 50 })?.text).toBe(
      '拟定目标值位于2024年同类院校 低于 P25 区间；建议目标值落在同类院校 高于 P90 区间（不低于 96）。',
    );
  });

  it('has nothing to read without a band', () => {
    expect(readTarget({ years: [], direction: '>', proposedValue: 80 })).toBeNull();
  });
});

describe('the proposed target', () => {
  it('is refused in Chinese, naming the field, when the point cannot hold it', () => {
    expect(proposedTargetError(rule({ dataType: 'percent' }), '120')).toBe(
      '拟定目标值格式不正确：请输入0到100之间的百分比',
    );
    expect(proposedTargetError(rule({ dataType: 'integer' }), '2.5')).toBe(
      '拟定目标值格式不正确：请输入整数',
    );
    expect(proposedTargetError(rule({ dataType: 'float' }), 'abc')).toBe('拟定目标值格式不正确：请输入数字');
    expect(proposedTargetError(rule({ dataType: 'whether' }), '可能')).toBe(
      '拟定目标值格式不正确：请选择是或否',
    );
    expect(proposedTargetError(rule({ dataType: 'have' }), '是')).toBe('拟定目标值格式不正确：请选择有或无');
    expect(proposedTargetError(rule({ calcMode: 'level' }), 'E')).toBe(
      '拟定目标值格式不正确：请选择等级A、B、C、D',
    );
    expect(proposedTargetError(rule({ dataType: 'percent' }), '85%')).toBeNull();
  });

  it('is a number for numeric points only', () => {
    expect(numericValueOf(rule({ dataType: 'percent' }), '85%')).toBe(85);
    expect(numericValueOf(rule({ dataType: 'whether' }), '是')).toBeNull();
    expect(numericValueOf(rule({ calcMode: 'level' }), 'A')).toBeNull();
  });
});
