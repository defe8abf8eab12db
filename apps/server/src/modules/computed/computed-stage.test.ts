import { describe, expect, it } from 'vitest';
import { resultOf, runMessage } from './computed-stage.ts';

describe("a result algorithm's answer", () => {
  it('is absent when the algorithm returns no row', () => {
    expect(resultOf([])).toEqual({ present: false, raw: null, inputRows: 0, error: null });
  });

  it('takes the value column, and the input rows the SQL reports', () => {
    expect(resultOf([{ value: 82.5, input_rows: 12 }])).toEqual({
      present: true,
      raw: 82.5,
      inputRows: 12,
      error: null,
    });
  });

  it('takes the only column of a one-column answer, counting one input row', () => {
    expect(resultOf([{ avg: '3' }])).toEqual({ present: true, raw: '3', inputRows: 1, error: null });
  });

  it('counts one input row when the reported count is not a whole number', () => {
    expect(resultOf([{ value: 1, input_rows: -3 }]).inputRows).toBe(1);
    expect(resultOf([{ value: 1, input_rows: 'many' }]).inputRows).toBe(1);
  });

  it('is an error, in Chinese, with several rows or without a value column', () => {
    expect(resultOf([{ value: 1 }, { value: 2 }]).error).toBe('结果算法返回了 2 行，应只有一行');
    expect(resultOf([{ a: 1, b: 2 }]).error).toBe('结果算法没有名为 value 的列');
  });
});

describe("a run's message", () => {
  it('is empty when every point is bound and every code matched', () => {
    expect(runMessage(0, [])).toBe('');
  });

  it('names up to five unbound points and counts the rest, then the unmatched codes', () => {
    expect(runMessage(3, ['甲', '乙', '丙', '丁', '戊', '己'])).toBe(
      '未配置采集来源的质控点未采集：甲、乙、丙、丁、戊 等 6 个；接口数据中有 3 个编码未匹配到对象',
    );
    expect(runMessage(0, ['甲'])).toBe('未配置采集来源的质控点未采集：甲');
  });
});
