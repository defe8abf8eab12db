import type { FormField } from '@eduqa/contract';

/**
 * The server refuses a commit with every problem in one message: 「第2行「邮箱」：请输入正确的邮箱格式！；…」
 * (the row number only when there are several rows). This puts each under its field; what names no
 * field stays as text above the form.
 */
export function placeServerErrors(
  message: string,
  rowIds: readonly string[],
  fields: readonly Pick<FormField, 'key' | 'label'>[],
): { errors: Record<string, Record<string, string>>; rest: string[] } {
  const keyOf = new Map(fields.map((f) => [f.label, f.key]));
  const errors: Record<string, Record<string, string>> = {};
  const rest: string[] = [];
  for (const part of message
    .split('；')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(?:第(\d+)行)?「([^」]+)」：(.+)$/.exec(part);
    const key = m ? keyOf.get(m[2] ?? '') : undefined;
    const rowId = m ? rowIds[m[1] ? Number(m[1]) - 1 : 0] : undefined;
    if (!m || !key || !rowId) {
      rest.push(part);
      continue;
    }
    errors[rowId] = { ...errors[rowId], [key]: m[3] ?? '' };
  }
  return { errors, rest };
}
