import type { CalRuleItem } from '@eduqa/contract';

/** How the indicator sheet spells a flag and a grading rule. */

export function parseFlag(raw: string): boolean | null {
  if (['是', 'true', '1', 'Y', 'y', 'TRUE'].includes(raw)) return true;
  if (['否', 'false', '0', 'N', 'n', 'FALSE'].includes(raw)) return false;
  return null;
}

/** '95:A;90:B' (also with ：，；、 or line breaks) → pairs; null when a part is unreadable. */
export function parseCalRule(raw: string): CalRuleItem[] | null {
  if (raw.trim() === '') return [];
  const items: CalRuleItem[] = [];
  for (const part of raw.split(/[;；\n]+/)) {
    if (part.trim() === '') continue;
    const pair = part.split(/[:：]/);
    if (pair.length !== 2 || !pair[0]!.trim() || !pair[1]!.trim()) return null;
    items.push({ value: pair[0]!.trim(), dxLevel: pair[1]!.trim().toUpperCase() });
  }
  return items;
}
