/**
 * Text helpers of the ECharts options. An HTML tooltip formatter's answer is set as markup, so any text
 * that comes from data (a department's name, a task's title) must pass through `escapeHtml` first;
 * `tooltipLines` does that for the usual "one fact per line" tooltip. Axis and series labels are drawn
 * on the canvas as plain text and are not escaped.
 */

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text that shows as itself when placed in HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

/** A tooltip of one escaped line per entry. */
export function tooltipLines(lines: readonly string[]): string {
  return lines.map(escapeHtml).join('<br/>');
}

/** A percentage label; '-' when the series has no number there. */
export const percentLabel = (value: unknown): string => (typeof value === 'number' ? `${value}%` : '-');

/** Long category names wrap after this many characters on the category axis. */
export const AXIS_LABEL_CHARS = 6;

/** A category axis label broken into lines of `size` characters. */
export function wrapLabel(name: string, size = AXIS_LABEL_CHARS): string {
  const parts: string[] = [];
  for (let i = 0; i < name.length; i += size) parts.push(name.slice(i, i + size));
  return parts.join('\n');
}
