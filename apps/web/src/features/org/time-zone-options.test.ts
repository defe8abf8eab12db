import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zone-options.ts';

describe('timeZoneOptions', () => {
  it('offers 北京时间 first, then the other zones once each', () => {
    const [common, others] = timeZoneOptions('Asia/Shanghai', ['Asia/Shanghai', 'Africa/Cairo', 'UTC']);
    expect(common?.options[0]).toEqual({ value: 'Asia/Shanghai', label: '北京时间（Asia/Shanghai）' });
    expect(common?.options.map((o) => o.value)).toContain('UTC');
    expect(others?.options).toEqual([{ value: 'Africa/Cairo', label: 'Africa/Cairo' }]);
  });

  it('keeps a saved zone this browser does not list', () => {
    const [, others] = timeZoneOptions('America/Ciudad_Juarez', ['Africa/Cairo']);
    expect(others?.options.map((o) => o.value)).toEqual(['America/Ciudad_Juarez', 'Africa/Cairo']);
  });
});
