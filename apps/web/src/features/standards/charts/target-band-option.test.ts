import type { TargetBand } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { targetBandOption } from './target-band-option.ts';

const year = (
  y: number,
  p: [number, number, number, number],
  own: number | null,
): TargetBand['band']['years'][number] => ({
  year: y,
  p25: p[0],
  p50: p[1],
  p75: p[2],
  p90: p[3],
  count: 5,
  ownValue: own,
  ownSource: own === null ? null : 'published',
  ownPosition: own === null ? null : 'p50to75',
});

const band = (direction: '>' | '<', years: TargetBand['band']['years']): TargetBand['band'] => ({
  scope: 'level',
  indicator: { id: 'i', name: '就业率', unit: '%', direction, tableKind: 'scorecard' },
  ownSchool: { code: 'own', name: '<b>本校学院</b>', province: '浙江省', level: '专科' },
  isDemo: false,
  emptyReason: null,
  years,
  reading: null,
});

type Series = Array<{ name: string; data: Array<number | null> }>;

describe('targetBandOption', () => {
  it('draws nothing without a band', () => {
    expect(targetBandOption(band('>', []), 80)).toBeNull();
  });

  it('shades P25–P90, draws the four lines, the own school and the proposed target as a flat line', () => {
    const option = targetBandOption(
      band('>', [year(2024, [70, 80, 90, 96], 85), year(2025, [69.5, 77, 84.5, 89], null)]),
      80,
    );
    const series = option?.series as Series;
    expect(series.map((s) => s.name)).toEqual([
      'base',
      'range',
      'P25',
      'P50',
      'P75',
      'P90',
      '本校',
      '拟定目标',
    ]);
    expect(series[0]?.data).toEqual([70, 69.5]);
    expect(series[1]?.data).toEqual([26, 19.5]);
    expect(series[6]?.data).toEqual([85, null]);
    expect(series[7]?.data).toEqual([80, 80]);
  });

  it('shades from P90 up for smaller-is-better bands, and leaves the target out when there is none', () => {
    const option = targetBandOption(band('<', [year(2024, [90, 80, 70, 64], 85)]), null);
    const series = option?.series as Series;
    expect(series[0]?.data).toEqual([64]);
    expect(series[1]?.data).toEqual([26]);
    expect(series.map((s) => s.name)).not.toContain('拟定目标');
  });

  it('escapes the school name in the tooltip', () => {
    const option = targetBandOption(band('>', [year(2024, [70, 80, 90, 96], 85)]), 80);
    const formatter = (option!.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ dataIndex: 0 }]);
    expect(html).toContain('本校（&lt;b&gt;本校学院&lt;/b&gt;）：85%');
    expect(html).toContain('拟定目标：80%');
    expect(html).not.toContain('<b>');
  });
});
