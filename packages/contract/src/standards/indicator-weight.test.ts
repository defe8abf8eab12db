import { describe, expect, it } from 'vitest';
import { IndicatorBodySchema, IndicatorUpdateBodySchema, indicatorWeightError } from './standards.schema.ts';

describe('indicator weight (权重)', () => {
  it('takes positive numbers with at most two decimals', () => {
    expect([0.01, 1, 2.5, 0.35, 10000].map(indicatorWeightError)).toEqual([null, null, null, null, null]);
  });

  it('refuses zero, negatives, a third decimal and huge values in Chinese', () => {
    expect(indicatorWeightError(0)).toBe('权重须为大于0的数字');
    expect(indicatorWeightError(-1)).toBe('权重须为大于0的数字');
    expect(indicatorWeightError(1.005)).toBe('权重最多两位小数');
    expect(indicatorWeightError(10000.01)).toBe('权重不能大于10000');
  });

  it('reads qz from JSON or form text; empty clears it, absent leaves it', () => {
    const base = { categoryId: 'c', name: '指标' };
    expect(IndicatorBodySchema.parse({ ...base, qz: 0.25 }).qz).toBe(0.25);
    expect(IndicatorBodySchema.parse({ ...base, qz: ' 2 ' }).qz).toBe(2);
    expect(IndicatorBodySchema.parse({ ...base, qz: '' }).qz).toBeNull();
    expect(IndicatorUpdateBodySchema.parse({ id: 'i', name: '指标', qz: null }).qz).toBeNull();
    expect('qz' in IndicatorUpdateBodySchema.parse({ id: 'i', name: '指标' })).toBe(false);
  });

  it('answers a bad weight with its Chinese message', () => {
    const parsed = IndicatorBodySchema.safeParse({ categoryId: 'c', name: '指标', qz: 'abc' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('权重必须是数字');
    const third = IndicatorBodySchema.safeParse({ categoryId: 'c', name: '指标', qz: 0.333 });
    expect(third.error?.issues[0]?.message).toBe('权重最多两位小数');
  });
});
