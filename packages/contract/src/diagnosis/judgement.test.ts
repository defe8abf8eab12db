import { describe, expect, it } from 'vitest';
import type { WarningCondition } from '../standards/standards.enums.ts';
import {
  cycleKeyOf,
  effectiveValue,
  formatValue,
  gradeOf,
  gradeRank,
  isBelow,
  isoWeek,
  judge,
  monitoredOf,
  orderedRule,
  type PointRule,
  parseValue,
  progressPercent,
  VALUE_MESSAGES,
  valueError,
  warningFires,
} from './judgement.ts';

const ABC = [
  { value: '90', dxLevel: 'A' },
  { value: '80', dxLevel: 'B' },
  { value: '60', dxLevel: 'C' },
];

function rule(over: Partial<PointRule> = {}): PointRule {
  return {
    dataType: 'integer',
    direction: '>',
    calcMode: 'result',
    calRule: ABC,
    warningMode: null,
    warningCondition: null,
    warningValue: null,
    ...over,
  };
}

describe('effectiveValue', () => {
  it('prefers the revised value when it is non-empty', () => {
    expect(effectiveValue('80', '85')).toBe('85');
    expect(effectiveValue(null, '85')).toBe('85');
  });
  it('falls back to the base value when the revised one is empty', () => {
    expect(effectiveValue('80', null)).toBe('80');
    expect(effectiveValue('80', '')).toBe('80');
    expect(effectiveValue('80', '   ')).toBe('80');
  });
  it('is null when both are empty, and trims', () => {
    expect(effectiveValue(null, null)).toBeNull();
    expect(effectiveValue('', ' ')).toBeNull();
    expect(effectiveValue(' 80 ', null)).toBe('80');
  });
});

describe('parseValue', () => {
  it('reads integers and floats, signed, and rejects text', () => {
    expect(parseValue('integer', '85')).toBe(85);
    expect(parseValue('integer', '-3')).toBe(-3);
    expect(parseValue('integer', '+3')).toBe(3);
    expect(parseValue('float', '85.25')).toBe(85.25);
    expect(parseValue('float', '.5')).toBe(0.5);
    expect(parseValue('float', '5.')).toBe(5);
    expect(parseValue('float', ' 7.5 ')).toBe(7.5);
    expect(parseValue('integer', 'abc')).toBeNull();
    expect(parseValue('float', '1e3')).toBeNull();
    expect(parseValue('float', '0x10')).toBeNull();
    expect(parseValue('float', '1,000')).toBeNull();
    expect(parseValue('float', '.')).toBeNull();
  });
  it("reads percent with or without '%'", () => {
    expect(parseValue('percent', '85%')).toBe(85);
    expect(parseValue('percent', '85')).toBe(85);
    expect(parseValue('percent', '85.5 %')).toBe(85.5);
    expect(parseValue('percent', '%')).toBeNull();
    expect(parseValue('percent', '85%%')).toBeNull();
  });
  it('reads 是/否 and 有/无 as 1/0, only in their own type', () => {
    expect(parseValue('whether', '是')).toBe(1);
    expect(parseValue('whether', '否')).toBe(0);
    expect(parseValue('have', '有')).toBe(1);
    expect(parseValue('have', '无')).toBe(0);
    expect(parseValue('whether', '有')).toBeNull();
    expect(parseValue('have', '是')).toBeNull();
    expect(parseValue('whether', '1')).toBeNull();
  });
  it('is null for empty values', () => {
    for (const t of ['integer', 'float', 'percent', 'whether', 'have'] as const) {
      expect(parseValue(t, '')).toBeNull();
      expect(parseValue(t, '  ')).toBeNull();
      expect(parseValue(t, null)).toBeNull();
    }
  });
});

describe('valueError', () => {
  it('integer', () => {
    const r = rule({ dataType: 'integer' });
    expect(valueError(r, '85')).toBeNull();
    expect(valueError(r, '-2')).toBeNull();
    expect(valueError(r, '85.5')).toBe('请输入整数');
    expect(valueError(r, 'abc')).toBe('请输入整数');
  });
  it('float', () => {
    const r = rule({ dataType: 'float' });
    expect(valueError(r, '85.5')).toBeNull();
    expect(valueError(r, '85')).toBeNull();
    expect(valueError(r, '八十')).toBe(VALUE_MESSAGES.float);
  });
  it('percent 0–100 with or without %', () => {
    const r = rule({ dataType: 'percent' });
    expect(valueError(r, '85%')).toBeNull();
    expect(valueError(r, '85')).toBeNull();
    expect(valueError(r, '0')).toBeNull();
    expect(valueError(r, '100%')).toBeNull();
    expect(valueError(r, '100.01')).toBe('请输入0到100之间的百分比');
    expect(valueError(r, '-0.5')).toBe('请输入0到100之间的百分比');
    expect(valueError(r, 'abc%')).toBe('请输入0到100之间的百分比');
  });
  it('whether and have', () => {
    expect(valueError(rule({ dataType: 'whether' }), '是')).toBeNull();
    expect(valueError(rule({ dataType: 'whether' }), '否')).toBeNull();
    expect(valueError(rule({ dataType: 'whether' }), '有')).toBe('请选择是或否');
    expect(valueError(rule({ dataType: 'have' }), '无')).toBeNull();
    expect(valueError(rule({ dataType: 'have' }), '有')).toBeNull();
    expect(valueError(rule({ dataType: 'have' }), '是')).toBe('请选择有或无');
  });
  it('level mode accepts the grades A–D only (any case)', () => {
    const r = rule({ calcMode: 'level' });
    for (const g of ['A', 'B', 'C', 'D', 'b']) expect(valueError(r, g)).toBeNull();
    expect(valueError(r, 'E')).toBe('请选择等级A、B、C、D');
    expect(valueError(r, '85')).toBe('请选择等级A、B、C、D');
  });
  it('an empty value is no error (it clears the cell)', () => {
    expect(valueError(rule(), '')).toBeNull();
    expect(valueError(rule({ dataType: 'whether' }), '  ')).toBeNull();
  });
});

describe('gradeOf, direction >', () => {
  const r = rule();
  it('exactly at a threshold earns that grade', () => {
    expect(gradeOf(r, '90')).toBe('A');
    expect(gradeOf(r, '80')).toBe('B');
    expect(gradeOf(r, '60')).toBe('C');
  });
  it('just below a threshold falls to the next grade', () => {
    expect(gradeOf(r, '89')).toBe('B');
    expect(gradeOf(r, '79')).toBe('C');
    expect(gradeOf(r, '59')).toBe('D');
  });
  it('just above stays in the grade', () => {
    expect(gradeOf(r, '91')).toBe('A');
    expect(gradeOf(rule({ dataType: 'float' }), '89.99')).toBe('B');
    expect(gradeOf(rule({ dataType: 'float' }), '90.01')).toBe('A');
  });
  it('no pair reached → D, also with an empty rule', () => {
    expect(gradeOf(r, '-5')).toBe('D');
    expect(gradeOf(rule({ calRule: [] }), '100')).toBe('D');
  });
  it('the stored order of the pairs does not matter', () => {
    const shuffled = rule({ calRule: [ABC[2], ABC[0], ABC[1]] as PointRule['calRule'] });
    expect(gradeOf(shuffled, '95')).toBe('A');
    expect(gradeOf(shuffled, '85')).toBe('B');
    expect(gradeOf(shuffled, '65')).toBe('C');
  });
  it('no or unreadable result → null', () => {
    expect(gradeOf(r, null)).toBeNull();
    expect(gradeOf(r, '')).toBeNull();
    expect(gradeOf(r, 'abc')).toBeNull();
  });
  it('skips unreadable pairs and normalises the grade case', () => {
    const odd = rule({
      calRule: [
        { value: 'x', dxLevel: 'A' },
        { value: '80', dxLevel: 'b' },
        { value: '70', dxLevel: '优秀' },
      ],
    });
    expect(orderedRule(odd)).toEqual([{ threshold: 80, grade: 'B' }]);
    expect(gradeOf(odd, '95')).toBe('B');
    expect(gradeOf(odd, '75')).toBe('D');
  });
});

describe('gradeOf, direction <', () => {
  const r = rule({
    direction: '<',
    dataType: 'float',
    calRule: [
      { value: '5', dxLevel: 'A' },
      { value: '10', dxLevel: 'B' },
      { value: '20', dxLevel: 'C' },
    ],
  });
  it('exactly at a threshold earns that grade', () => {
    expect(gradeOf(r, '5')).toBe('A');
    expect(gradeOf(r, '10')).toBe('B');
    expect(gradeOf(r, '20')).toBe('C');
  });
  it('just above a threshold falls to the next grade', () => {
    expect(gradeOf(r, '5.01')).toBe('B');
    expect(gradeOf(r, '10.5')).toBe('C');
    expect(gradeOf(r, '20.01')).toBe('D');
  });
  it('just below stays in the grade', () => {
    expect(gradeOf(r, '4.99')).toBe('A');
    expect(gradeOf(r, '0')).toBe('A');
    expect(gradeOf(r, '9.99')).toBe('B');
  });
  it('the stored order does not matter (descending stored order)', () => {
    const rev = rule({ ...r, calRule: [...r.calRule].reverse() });
    expect(gradeOf(rev, '3')).toBe('A');
    expect(gradeOf(rev, '7')).toBe('B');
    expect(gradeOf(rev, '15')).toBe('C');
    expect(gradeOf(rev, '25')).toBe('D');
  });
});

describe('gradeOf, other data types and modes', () => {
  it('percent reads results and thresholds with or without %', () => {
    const r = rule({
      dataType: 'percent',
      calRule: [
        { value: '90%', dxLevel: 'A' },
        { value: '80', dxLevel: 'B' },
      ],
    });
    expect(gradeOf(r, '90')).toBe('A');
    expect(gradeOf(r, '90%')).toBe('A');
    expect(gradeOf(r, '89.9%')).toBe('B');
    expect(gradeOf(r, '80%')).toBe('B');
    expect(gradeOf(r, '79.99')).toBe('D');
  });
  it('whether/have grade Y for 是/有 and N otherwise', () => {
    expect(gradeOf(rule({ dataType: 'whether' }), '是')).toBe('Y');
    expect(gradeOf(rule({ dataType: 'whether' }), '否')).toBe('N');
    expect(gradeOf(rule({ dataType: 'whether' }), '也许')).toBe('N');
    expect(gradeOf(rule({ dataType: 'have' }), '有')).toBe('Y');
    expect(gradeOf(rule({ dataType: 'have' }), '无')).toBe('N');
    expect(gradeOf(rule({ dataType: 'have' }), '')).toBeNull();
  });
  it('level mode: the result is the grade', () => {
    const r = rule({ calcMode: 'level' });
    expect(gradeOf(r, 'A')).toBe('A');
    expect(gradeOf(r, ' c ')).toBe('C');
    expect(gradeOf(r, 'D')).toBe('D');
    expect(gradeOf(r, 'E')).toBeNull();
    expect(gradeOf(r, '95')).toBeNull();
    expect(gradeOf(r, null)).toBeNull();
  });
});

describe('isBelow', () => {
  it("'>' below when result < target, boundary equal is not below", () => {
    const r = rule();
    expect(isBelow(r, '79', '80')).toBe(true);
    expect(isBelow(r, '80', '80')).toBe(false);
    expect(isBelow(r, '81', '80')).toBe(false);
    expect(isBelow(rule({ dataType: 'float' }), '79.99', '80')).toBe(true);
  });
  it("'<' below when result > target, boundary equal is not below", () => {
    const r = rule({ direction: '<', dataType: 'float' });
    expect(isBelow(r, '5.01', '5')).toBe(true);
    expect(isBelow(r, '5', '5')).toBe(false);
    expect(isBelow(r, '4.99', '5')).toBe(false);
  });
  it('percent with mixed % notation', () => {
    const r = rule({ dataType: 'percent' });
    expect(isBelow(r, '84.9%', '85')).toBe(true);
    expect(isBelow(r, '85', '85%')).toBe(false);
    expect(isBelow(rule({ dataType: 'percent', direction: '<' }), '5.1%', '5%')).toBe(true);
  });
  it('whether/have: differs from the target, 是/有 expected without a target', () => {
    const w = rule({ dataType: 'whether' });
    expect(isBelow(w, '否', '是')).toBe(true);
    expect(isBelow(w, '是', '是')).toBe(false);
    expect(isBelow(w, '否', null)).toBe(true);
    expect(isBelow(w, '是', null)).toBe(false);
    expect(isBelow(w, '否', '否')).toBe(false);
    expect(isBelow(w, '是', '否')).toBe(true);
    const h = rule({ dataType: 'have' });
    expect(isBelow(h, '无', '有')).toBe(true);
    expect(isBelow(h, '有', '')).toBe(false);
    expect(isBelow(h, '无', '')).toBe(true);
    expect(isBelow(h, '无', '无')).toBe(false);
  });
  it('level mode: a grade worse than the target grade', () => {
    const r = rule({ calcMode: 'level' });
    expect(isBelow(r, 'C', 'B')).toBe(true);
    expect(isBelow(r, 'B', 'B')).toBe(false);
    expect(isBelow(r, 'A', 'B')).toBe(false);
    expect(isBelow(r, 'D', 'A')).toBe(true);
    expect(isBelow(r, 'c', 'b')).toBe(true);
    expect(isBelow(r, 'C', null)).toBe(false);
    expect(isBelow(r, 'C', 'X')).toBe(false);
  });
  it('no result → not below; no or unreadable target → not below', () => {
    expect(isBelow(rule(), null, '80')).toBe(false);
    expect(isBelow(rule(), '', '80')).toBe(false);
    expect(isBelow(rule({ dataType: 'whether' }), null, '是')).toBe(false);
    expect(isBelow(rule({ calcMode: 'level' }), null, 'A')).toBe(false);
    expect(isBelow(rule(), '10', null)).toBe(false);
    expect(isBelow(rule(), '10', 'abc')).toBe(false);
    expect(isBelow(rule(), 'abc', '80')).toBe(false);
  });
});

describe('judge', () => {
  it('grades and flags together', () => {
    expect(judge(rule(), { target: '80', result: '70', closed: false })).toEqual({
      grade: 'C',
      below: true,
      unfinished: false,
    });
    expect(judge(rule(), { target: '80', result: '95', closed: true })).toEqual({
      grade: 'A',
      below: false,
      unfinished: false,
    });
  });
  it('unfinished only when closed and without a result', () => {
    expect(judge(rule(), { target: '80', result: null, closed: true })).toEqual({
      grade: null,
      below: false,
      unfinished: true,
    });
    expect(judge(rule(), { target: '80', result: ' ', closed: true }).unfinished).toBe(true);
    expect(judge(rule(), { target: '80', result: null, closed: false }).unfinished).toBe(false);
    expect(judge(rule(), { target: '80', result: '0', closed: true }).unfinished).toBe(false);
  });
});

describe('warnings, result comparison', () => {
  const cases: Array<[WarningCondition, string, boolean]> = [
    ['<', '59', true],
    ['<', '60', false],
    ['<', '61', false],
    ['<=', '59', true],
    ['<=', '60', true],
    ['<=', '61', false],
    ['=', '60', true],
    ['=', '60.0', true],
    ['=', '61', false],
    ['>=', '59', false],
    ['>=', '60', true],
    ['>=', '61', true],
    ['>', '60', false],
    ['>', '61', true],
    ['>', '59', false],
  ];
  for (const [cond, value, fires] of cases) {
    it(`${value} ${cond} 60 → ${fires}`, () => {
      const r = rule({
        dataType: 'float',
        warningMode: 'result',
        warningCondition: cond,
        warningValue: '60',
      });
      expect(warningFires(r, value)).toBe(fires);
      expect(monitoredOf(r, value)).toBe(value);
    });
  }
  it('percent and whether values compare by their numbers', () => {
    const p = rule({
      dataType: 'percent',
      warningMode: 'result',
      warningCondition: '<',
      warningValue: '60%',
    });
    expect(warningFires(p, '59.9%')).toBe(true);
    expect(warningFires(p, '60')).toBe(false);
    const w = rule({ dataType: 'whether', warningMode: 'result', warningCondition: '=', warningValue: '否' });
    expect(warningFires(w, '否')).toBe(true);
    expect(warningFires(w, '是')).toBe(false);
  });
  it('no rule, no condition, no or unreadable values → never fires', () => {
    expect(warningFires(rule(), '0')).toBe(false);
    expect(
      warningFires(rule({ warningMode: 'result', warningCondition: null, warningValue: '60' }), '0'),
    ).toBe(false);
    expect(
      warningFires(rule({ warningMode: 'result', warningCondition: '<', warningValue: null }), '0'),
    ).toBe(false);
    expect(warningFires(rule({ warningMode: 'result', warningCondition: '<', warningValue: '60' }), '')).toBe(
      false,
    );
    expect(
      warningFires(rule({ warningMode: 'result', warningCondition: '<', warningValue: '60' }), 'x'),
    ).toBe(false);
  });
});

describe('warnings, level comparison', () => {
  it('fires when the monitored grade is at or below the warning grade', () => {
    const r = rule({ warningMode: 'level', warningCondition: null, warningValue: 'B' });
    expect(warningFires(r, '95')).toBe(false); // A
    expect(warningFires(r, '85')).toBe(true); // B: at
    expect(warningFires(r, '65')).toBe(true); // C: below
    expect(warningFires(r, '10')).toBe(true); // D
    expect(monitoredOf(r, '85')).toBe('B');
    expect(monitoredOf(r, '')).toBe('');
  });
  it('accepts the warning grades A–G, not others', () => {
    const at = (g: string, v: string) =>
      warningFires(rule({ calcMode: 'level', warningMode: 'level', warningValue: g }), v);
    expect(at('A', 'A')).toBe(true);
    expect(at('C', 'B')).toBe(false);
    expect(at('D', 'D')).toBe(true);
    expect(at('E', 'D')).toBe(false);
    expect(at('G', 'D')).toBe(false);
    expect(at('e', 'D')).toBe(false);
    expect(at('H', 'D')).toBe(false);
    expect(at('B', 'X')).toBe(false);
  });
  it('ranks Y as A and N as D for whether/have points', () => {
    expect(gradeRank('Y')).toBe(0);
    expect(gradeRank('N')).toBe(3);
    expect(gradeRank('G')).toBe(6);
    expect(gradeRank('Z')).toBeNull();
    const w = rule({ dataType: 'whether', warningMode: 'level', warningValue: 'D' });
    expect(warningFires(w, '否')).toBe(true);
    expect(warningFires(w, '是')).toBe(false);
    expect(monitoredOf(w, '否')).toBe('N');
  });
});

describe('cycleKeyOf (Asia/Shanghai)', () => {
  it('months, days and ISO weeks', () => {
    const at = new Date('2026-03-15T04:00:00Z');
    expect(cycleKeyOf('month', at)).toBe('2026-03');
    expect(cycleKeyOf('day', at)).toBe('2026-03-15');
    expect(cycleKeyOf('week', at)).toBe('2026-W11');
    expect(cycleKeyOf('no', at)).toBeNull();
    expect(cycleKeyOf('month', new Date('nonsense'))).toBeNull();
  });
  it('16:00 UTC and later is already the next day in Shanghai', () => {
    expect(cycleKeyOf('day', new Date('2026-03-15T15:59:59Z'))).toBe('2026-03-15');
    expect(cycleKeyOf('day', new Date('2026-03-15T16:00:00Z'))).toBe('2026-03-16');
    expect(cycleKeyOf('month', new Date('2026-03-31T16:30:00Z'))).toBe('2026-04');
    expect(cycleKeyOf('month', new Date('2025-12-31T23:59:00Z'))).toBe('2026-01');
    // Sunday 15:59 UTC is still Sunday in Shanghai, 16:00 is Monday of the next week.
    expect(cycleKeyOf('week', new Date('2026-03-15T15:59:00Z'))).toBe('2026-W11');
    expect(cycleKeyOf('week', new Date('2026-03-15T16:00:00Z'))).toBe('2026-W12');
  });
  it('counts on the school zone it is given', () => {
    const at = new Date('2026-03-15T16:30:00Z');
    expect(cycleKeyOf('day', at, 'UTC')).toBe('2026-03-15');
    expect(cycleKeyOf('day', at, 'Asia/Tokyo')).toBe('2026-03-16');
    expect(cycleKeyOf('month', new Date('2026-03-31T20:00:00Z'), 'UTC')).toBe('2026-03');
    expect(cycleKeyOf('week', new Date('2026-03-15T16:00:00Z'), 'America/New_York')).toBe('2026-W11');
  });
  it('ISO week-years at the turn of the year', () => {
    expect(isoWeek(2021, 1, 1)).toEqual([2020, 53]);
    expect(isoWeek(2024, 12, 30)).toEqual([2025, 1]);
    expect(isoWeek(2026, 1, 1)).toEqual([2026, 1]);
    expect(isoWeek(2027, 1, 1)).toEqual([2026, 53]);
    expect(cycleKeyOf('week', new Date('2024-12-29T16:00:00Z'))).toBe('2025-W01');
    expect(cycleKeyOf('week', new Date('2021-01-03T04:00:00Z'))).toBe('2020-W53');
    expect(cycleKeyOf('week', new Date('2026-01-05T04:00:00Z'))).toBe('2026-W02');
  });
});

describe('formatValue', () => {
  it('float with two decimals', () => {
    expect(formatValue('float', '3.14159')).toBe('3.14');
    expect(formatValue('float', '2')).toBe('2.00');
    expect(formatValue('float', 'abc')).toBe('abc');
  });
  it('percent with a % suffix, never twice', () => {
    expect(formatValue('percent', '85')).toBe('85%');
    expect(formatValue('percent', '85%')).toBe('85%');
    expect(formatValue('percent', '85.5 %')).toBe('85.5%');
    expect(formatValue('percent', 'abc')).toBe('abc');
  });
  it('other types as written, empty as empty', () => {
    expect(formatValue('integer', ' 12 ')).toBe('12');
    expect(formatValue('whether', '是')).toBe('是');
    expect(formatValue('have', '无')).toBe('无');
    expect(formatValue('float', null)).toBe('');
    expect(formatValue('percent', '')).toBe('');
  });
});

describe('progressPercent', () => {
  it('ratio × 100 with two decimals', () => {
    expect(progressPercent(1, 3)).toBe(33.33);
    expect(progressPercent(2, 3)).toBe(66.67);
    expect(progressPercent(1, 2)).toBe(50);
    expect(progressPercent(3, 3)).toBe(100);
  });
  it('clamped to 0–100', () => {
    expect(progressPercent(5, 3)).toBe(100);
    expect(progressPercent(-1, 3)).toBe(0);
  });
  it('0 when either is empty or zero', () => {
    expect(progressPercent(null, 3)).toBe(0);
    expect(progressPercent(3, null)).toBe(0);
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(3, 0)).toBe(0);
    expect(progressPercent(Number.NaN, 3)).toBe(0);
  });
});
