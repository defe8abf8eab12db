import { describe, expect, it } from 'vitest';
import { escapeHtml, percentLabel, tooltipLines, wrapLabel } from './chart-text.ts';

describe('escapeHtml', () => {
  it('turns every markup character into its entity', () => {
    expect(escapeHtml(`教务处<img src=x onerror="alert('1')">&`)).toBe(
      '教务处&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });

  it('leaves plain text as it is', () => {
    expect(escapeHtml('科研与社会服务处 50%')).toBe('科研与社会服务处 50%');
  });
});

describe('tooltipLines', () => {
  it('escapes each line and breaks between them', () => {
    expect(tooltipLines(['<b>教务处</b>', '完成率：50%'])).toBe('&lt;b&gt;教务处&lt;/b&gt;<br/>完成率：50%');
  });
});

describe('percentLabel', () => {
  it('adds a percent sign to a number and shows a dash otherwise', () => {
    expect(percentLabel(12.5)).toBe('12.5%');
    expect(percentLabel(undefined)).toBe('-');
  });
});

describe('wrapLabel', () => {
  it('wraps long department names every six characters', () => {
    expect(wrapLabel('科研与社会服务处')).toBe('科研与社会服\n务处');
    expect(wrapLabel('教务处')).toBe('教务处');
  });
});
