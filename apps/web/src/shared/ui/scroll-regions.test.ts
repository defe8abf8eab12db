// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { markScrollRegion } from './scroll-regions.ts';

function box(scrollWidth: number, clientWidth: number) {
  const el = document.createElement('div');
  Object.defineProperty(el, 'scrollWidth', { value: scrollWidth });
  Object.defineProperty(el, 'clientWidth', { value: clientWidth });
  Object.defineProperty(el, 'scrollHeight', { value: 100 });
  Object.defineProperty(el, 'clientHeight', { value: 100 });
  return el;
}

describe('a table that scrolls inside its box', () => {
  it('takes keyboard focus and says how to scroll it', () => {
    const el = box(1200, 390);
    expect(markScrollRegion(el)).toBe(true);
    expect(el.tabIndex).toBe(0);
    expect(el.getAttribute('aria-label')).toBe('表格内容，可用方向键滚动');
  });

  it('stays out of the tab order when it fits', () => {
    const el = box(390, 390);
    expect(markScrollRegion(el)).toBe(false);
    expect(el.hasAttribute('tabindex')).toBe(false);
  });
});
