import type { EChartsOption } from 'echarts';

/** Characters no file name may hold on Windows, macOS or Linux, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE_IN_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
const NAME_CHARS = 80;

/** 保存为图片's file name: the chart's title made safe for a file system, `图表` without one, `.png`. */
export function chartFileName(title: string | null | undefined): string {
  const safe = (title ?? '').replace(/\s+/g, ' ').replace(UNSAFE_IN_NAME, '_').trim().slice(0, NAME_CHARS);
  return `${safe || '图表'}.png`;
}

/** The option's own title text (its first title when it has several), if any. */
export function optionTitle(option: EChartsOption): string | null {
  const title = Array.isArray(option.title) ? option.title[0] : option.title;
  const text = title && typeof title === 'object' ? title.text : undefined;
  return typeof text === 'string' && text.trim() ? text.trim() : null;
}

/**
 * The image's background: the chart's own colour when the option sets one as a plain colour, else the
 * surface the chart is drawn on (white, or the dark theme's), so a transparent chart does not save as
 * text on a checkerboard.
 */
export function chartBackground(option: EChartsOption, surface: string): string {
  const own = option.backgroundColor;
  return typeof own === 'string' && own !== 'transparent' && own !== '' ? own : surface;
}

/**
 * The title of what holds the chart when the option has none: a panel of the data screen (its
 * aria-label), a card, a dialog or a drawer (its heading).
 */
export function holderTitle(element: Element | null): string | null {
  const holder = element?.closest('section[aria-label], .ant-card, .ant-modal-content, .ant-drawer-content');
  if (!holder) return null;
  if (holder.matches('section[aria-label]')) return holder.getAttribute('aria-label');
  const heading = holder.querySelector('.ant-card-head-title, .ant-modal-title, .ant-drawer-title');
  return heading?.textContent?.trim() || null;
}
