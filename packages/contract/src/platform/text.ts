import { z } from 'zod';

/** Text limits of spec 1 §9. */
export const TEXT_LIMITS = {
  default: 60,
  content: 200,
  audit: 500,
  small: 20,
  longName: 300,
  longContent: 1000,
};

/** A trimmed string with a Chinese too-long message; the label names the field. */
export function text(label: string, max: number = TEXT_LIMITS.default) {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, { error: `${label}最多只能输入${max}个字符` })
    .describe(label);
}

export function requiredText(label: string, max: number = TEXT_LIMITS.default) {
  return z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .max(max, { error: `${label}最多只能输入${max}个字符` })
    .describe(label);
}

/** The id of something picked from a list; the label names it ('请选择周期'). */
export function requiredId(label: string) {
  return z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, { error: `请选择${label}` })
    .max(64)
    .describe(label);
}

/** Form-encoded bodies carry booleans as strings. */
export function flag(label: string) {
  return z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${label}必须是布尔值` })
    .transform((value) => value === true || value === 'true' || value === '1')
    .describe(label);
}

/** Form-encoded bodies carry lists as repeated fields or a comma-joined string. */
export function idList(label: string) {
  return z
    .union([z.array(z.string()), z.string()], { error: `${label}格式不正确` })
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean),
    )
    .pipe(z.array(z.string().max(64)).max(1000))
    .describe(label);
}
