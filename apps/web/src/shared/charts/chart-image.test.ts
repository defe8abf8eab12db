// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { chartBackground, chartFileName, holderTitle, optionTitle } from './chart-image.ts';

describe('the name and background of a saved chart', () => {
  it('names the file after the title, made safe, and 图表 without one', () => {
    expect(chartFileName('月度预警')).toBe('月度预警.png');
    expect(chartFileName(' 达标率/未达标率: 2026 ')).toBe('达标率_未达标率_ 2026.png');
    expect(chartFileName('a\tb\nc')).toBe('a b c.png');
    expect(chartFileName('')).toBe('图表.png');
    expect(chartFileName(null)).toBe('图表.png');
    expect(chartFileName('长'.repeat(200))).toBe(`${'长'.repeat(80)}.png`);
  });

  it("takes the option's first title, or none", () => {
    expect(optionTitle({ title: { text: ' 质控点达标率 ' } })).toBe('质控点达标率');
    expect(optionTitle({ title: [{ text: '甲' }, { text: '乙' }] })).toBe('甲');
    expect(optionTitle({ title: { text: '' } })).toBeNull();
    expect(optionTitle({})).toBeNull();
  });

  it("keeps the chart's own plain background, else the surface's", () => {
    expect(chartBackground({ backgroundColor: '#0b1437' }, '#ffffff')).toBe('#0b1437');
    expect(chartBackground({ backgroundColor: 'transparent' }, '#141414')).toBe('#141414');
    expect(chartBackground({}, '#ffffff')).toBe('#ffffff');
  });

  it('finds the title of the panel or card that holds the chart', () => {
    document.body.innerHTML = `
      <section aria-label="月度预警"><div id="a"></div></section>
      <div class="ant-card"><div class="ant-card-head-title">任务状态</div><div id="b"></div></div>
      <div id="c"></div>`;
    expect(holderTitle(document.getElementById('a'))).toBe('月度预警');
    expect(holderTitle(document.getElementById('b'))).toBe('任务状态');
    expect(holderTitle(document.getElementById('c'))).toBeNull();
  });
});
