/** The boxes antd scrolls a wide or tall table in. */
const SCROLL_BOXES = '.ant-table-body, .ant-table-content';

const scrolls = (el: HTMLElement) =>
  el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;

/**
 * A table that scrolls inside its box takes keyboard focus, so that someone without a mouse can scroll it
 * with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable). Returns the box's new state.
 */
export function markScrollRegion(el: HTMLElement): boolean {
  const isFocusable = scrolls(el);
  if (isFocusable && el.tabIndex < 0) {
    el.tabIndex = 0;
    el.setAttribute('aria-label', '表格内容，可用方向键滚动');
  } else if (!isFocusable && el.hasAttribute('aria-label')) {
    el.removeAttribute('tabindex');
    el.removeAttribute('aria-label');
  }
  return isFocusable;
}

/**
 * Watches the page for tables that scroll: every list, card and drawer uses antd's table, and no
 * component of ours owns the box it scrolls in. Checked once per animation frame after changes.
 */
export function watchScrollRegions(root: HTMLElement = document.body): () => void {
  let frame = 0;
  const check = () => {
    frame = 0;
    for (const el of root.querySelectorAll<HTMLElement>(SCROLL_BOXES)) markScrollRegion(el);
  };
  const observer = new MutationObserver(() => {
    if (!frame) frame = requestAnimationFrame(check);
  });
  observer.observe(root, { childList: true, subtree: true });
  window.addEventListener('resize', check);
  check();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', check);
    cancelAnimationFrame(frame);
  };
}
