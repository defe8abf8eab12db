import { describe, expect, it } from 'vitest';
import { improvementTrend } from './report-improvement.ts';

const rule = (r: Partial<Parameters<typeof improvementTrend>[0]> = {}) => ({
  dataType: 'percent' as const,
  direction: '>' as const,
  calcMode: 'result' as const,
  ...r,
});

describe('改进成效: this cycle against last cycle, in the point’s direction', () => {
  it('reads a bigger value as better when bigger is better', () => {
    expect(improvementTrend(rule(), '50', '70')).toBe('improved');
    expect(improvementTrend(rule(), '70%', '70')).toBe('unchanged');
    expect(improvementTrend(rule(), '70', '65')).toBe('worse');
  });

  it('reads a smaller value as better when smaller is better', () => {
    const complaints = rule({ dataType: 'integer', direction: '<' });
    expect(improvementTrend(complaints, '8', '3')).toBe('improved');
    expect(improvementTrend(complaints, '3', '8')).toBe('worse');
  });

  it('compares grades in level mode and 是/有 as better than 否/无', () => {
    const level = rule({ calcMode: 'level' });
    expect(improvementTrend(level, 'C', 'B')).toBe('improved');
    expect(improvementTrend(level, 'b', 'B')).toBe('unchanged');
    expect(improvementTrend(level, 'A', 'D')).toBe('worse');
    expect(improvementTrend(rule({ dataType: 'whether', direction: '<' }), '否', '是')).toBe('improved');
    expect(improvementTrend(rule({ dataType: 'have' }), '有', '无')).toBe('worse');
  });

  it('says so when either value is missing or unreadable', () => {
    expect(improvementTrend(rule(), '50', null)).toBe('unknown');
    expect(improvementTrend(rule(), ' ', '70')).toBe('unknown');
    expect(improvementTrend(rule(), 'abc', '70')).toBe('unknown');
  });
});
