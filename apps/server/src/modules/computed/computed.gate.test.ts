import type { PointRule } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { samplingCyclesOf } from './computed.cycles.ts';
import { gateOf, MAX_REASON_LENGTH, outlierReason, reasonText, valueText } from './computed.gate.ts';
import { runMessage } from './computed-stage.ts';

const rule = (dataType: PointRule['dataType']): PointRule => ({
  dataType,
  direction: '>',
  calcMode: 'result',
  calRule: [],
  warningMode: null,
  warningCondition: null,
  warningValue: null,
});
const open = { min: null, max: null };

describe('the data-quality gate', () => {
  it('flags a missing row, a null value and an error before anything else', () => {
    expect(
      gateOf({ rule: rule('float'), value: null, present: false, range: open, history: [] }).flags,
    ).toEqual(['missing']);
    expect(
      gateOf({ rule: rule('float'), value: null, present: true, range: open, history: [] }).flags,
    ).toEqual(['null']);
    const failed = gateOf({
      rule: rule('float'),
      value: '1',
      present: true,
      error: '超时',
      range: open,
      history: [],
    });
    expect(failed).toEqual({ flags: ['error'], reasons: ['超时'] });
  });

  it('says which source gave no value: the algorithm or the endpoint', () => {
    const noValue = (source: 'algorithm' | 'interface', present: boolean) =>
      gateOf({ rule: rule('float'), value: null, present, source, range: open, history: [] }).reasons;
    expect(noValue('algorithm', false)).toEqual(['算法没有返回值（该对象本周期没有数据）']);
    expect(noValue('algorithm', true)).toEqual(['算法返回了空值']);
    expect(noValue('interface', false)).toEqual(['接口返回中没有该对象本周期的数据']);
    expect(noValue('interface', true)).toEqual(['接口返回的数值为空']);
  });

  it('keeps an error reason to one short line without stack frames', () => {
    expect(reasonText('SQL 执行失败：syntax error\n  at line 3')).toBe('SQL 执行失败：syntax error');
    expect(reasonText('列  不存在\n提示')).toBe('列 不存在 提示');
    const long = reasonText(`SQL 执行失败：${'长'.repeat(400)}`);
    expect(long).toHaveLength(MAX_REASON_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    const failed = gateOf({
      rule: rule('float'),
      value: null,
      present: false,
      error: `x${' '.repeat(10)}y`,
      range: open,
      history: [],
    });
    expect(failed.reasons).toEqual(['x y']);
  });

  it('flags a value outside the plausible range or the data type', () => {
    const out = gateOf({
      rule: rule('float'),
      value: '120',
      present: true,
      range: { min: 0, max: 100 },
      history: [],
    });
    expect(out.flags).toEqual(['range']);
    expect(out.reasons[0]).toContain('超出合理范围');
    expect(
      gateOf({ rule: rule('percent'), value: '130', present: true, range: open, history: [] }).flags,
    ).toEqual(['range']);
    expect(
      gateOf({ rule: rule('whether'), value: '也许', present: true, range: open, history: [] }).flags,
    ).toEqual(['range']);
    expect(
      gateOf({ rule: rule('float'), value: '80', present: true, range: { min: 0, max: 100 }, history: [] }),
    ).toEqual({ flags: [], reasons: [] });
  });

  it('flags a value far from the object history, by MAD or by ratio, only with enough history', () => {
    expect(outlierReason(85, [80, 82, 81])).toBeNull();
    expect(outlierReason(120, [80, 82, 81])).toContain('中位数 81');
    expect(outlierReason(20, [80, 80, 80])).not.toBeNull();
    expect(outlierReason(81, [80, 80, 80])).toBeNull();
    expect(outlierReason(500, [80, 82])).toBeNull();
  });

  it('turns source values into sample text', () => {
    expect(valueText(0.1 + 0.2, 'float')).toBe('0.3');
    expect(valueText(true, 'have')).toBe('有');
    expect(valueText(false, 'whether')).toBe('否');
    expect(valueText(' 85.50 ', 'float')).toBe('85.5');
    expect(valueText('78.0000000000000000', 'integer')).toBe('78');
    expect(valueText('85%', 'percent')).toBe('85%');
    expect(valueText(null, 'float')).toBeNull();
  });
});

describe('sampling cycles of a task period', () => {
  it('cuts months at the period start and today', () => {
    const cycles = samplingCyclesOf({
      period: 'month',
      startDate: '2026-01-15',
      endDate: '2026-12-31',
      today: '2026-03-10',
    });
    expect(cycles).toEqual([
      { key: '2026-01', start: '2026-01-15', end: '2026-01-31' },
      { key: '2026-02', start: '2026-02-01', end: '2026-02-28' },
      { key: '2026-03', start: '2026-03-01', end: '2026-03-10' },
    ]);
  });

  it('names ISO weeks and days, one cycle for no sampling, none before the start', () => {
    const weeks = samplingCyclesOf({
      period: 'week',
      startDate: '2025-12-29',
      endDate: '2026-01-11',
      today: '2026-02-01',
    });
    expect(weeks.map((c) => c.key)).toEqual(['2026-W01', '2026-W02']);
    expect(
      samplingCyclesOf({
        period: 'day',
        startDate: '2026-01-01',
        endDate: '2026-01-03',
        today: '2026-05-01',
      }),
    ).toHaveLength(3);
    expect(
      samplingCyclesOf({ period: 'no', startDate: '2026-01-01', endDate: '2026-12-31', today: '2026-05-01' }),
    ).toEqual([{ key: '2026-01-01~2026-05-01', start: '2026-01-01', end: '2026-05-01' }]);
    expect(
      samplingCyclesOf({
        period: 'month',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        today: '2026-05-01',
      }),
    ).toEqual([]);
  });
});

describe('the run message', () => {
  it('names unconfigured points once (five at most) and counts unmatched codes', () => {
    expect(runMessage(0, [])).toBe('');
    expect(runMessage(0, ['生师比', '就业率'])).toBe('未配置采集来源的质控点未采集：生师比、就业率');
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(runMessage(3, seven)).toBe(
      '未配置采集来源的质控点未采集：a、b、c、d、e 等 7 个；接口数据中有 3 个编码未匹配到对象',
    );
  });
});
