import { describe, expect, it } from 'vitest';
import { IndicatorBandQuerySchema, PeerValueFilterSchema } from './peers.schema.ts';
import { RivalBodySchema, TrendQuerySchema } from './rival.schema.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('analysis parameters', () => {
  it('takes comma-joined or repeated codes, trimmed and without repeats', () => {
    expect(RivalBodySchema.parse({ schoolCodes: ' a, b,a ', indicatorIds: ['x', 'y'] })).toEqual({
      schoolCodes: ['a', 'b'],
      indicatorIds: ['x', 'y'],
    });
  });

  it('allows at most 30 schools and 40 indicators, and asks for at least one of each for the rival table', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`).join(',');
    expect(RivalBodySchema.safeParse({ schoolCodes: codes(30), indicatorIds: codes(40) }).success).toBe(true);
    expect(firstMessage(RivalBodySchema.safeParse({ schoolCodes: codes(31), indicatorIds: 'a' }))).toBe(
      '最多选择30个学校',
    );
    expect(firstMessage(RivalBodySchema.safeParse({ schoolCodes: 'a', indicatorIds: codes(41) }))).toBe(
      '最多选择40个指标',
    );
    expect(firstMessage(RivalBodySchema.safeParse({ schoolCodes: '', indicatorIds: 'a' }))).toBe(
      '请选择学校',
    );
  });

  it('keeps years within 2000–2100 and the start not after the end', () => {
    expect(TrendQuerySchema.parse({ indicatorIds: 'a', startYear: '2017', endYear: '2026' })).toMatchObject({
      startYear: 2017,
      endYear: 2026,
      schoolCodes: [],
    });
    expect(
      firstMessage(TrendQuerySchema.safeParse({ indicatorIds: 'a', startYear: 1999, endYear: 2020 })),
    ).toBe('起始年份应在2000–2100年之间');
    expect(
      firstMessage(TrendQuerySchema.safeParse({ indicatorIds: 'a', startYear: 2021, endYear: 2020 })),
    ).toBe('起始年份不能晚于结束年份');
    expect(firstMessage(IndicatorBandQuerySchema.safeParse({ indicatorId: 'a', startYear: 'x' }))).toBe(
      '起始年份必须是年份',
    );
  });

  it('takes empty year filters of the value table as none', () => {
    expect(PeerValueFilterSchema.parse({ startYear: '', endYear: 'null' })).toMatchObject({
      startYear: undefined,
      endYear: undefined,
    });
  });
});
