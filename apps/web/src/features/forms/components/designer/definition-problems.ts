import {
  FORM_FIELD_KEY_PATTERN,
  FORM_MESSAGES,
  FORM_RESERVED_KEYS,
  type FormDefinition,
  FormDefinitionSchema,
  type FormField,
} from '@eduqa/contract';
import type { z } from 'zod';

/** What is wrong with a field's key in the property panel, or null: the contract's rule, reserved, taken. */
export function keyProblem(key: string, fields: readonly FormField[], index: number): string | null {
  if (!FORM_FIELD_KEY_PATTERN.test(key)) return FORM_MESSAGES.badKey;
  if ((FORM_RESERVED_KEYS as readonly string[]).includes(key)) return FORM_MESSAGES.reservedKey(key);
  if (fields.some((f, i) => i !== index && f.key === key)) return FORM_MESSAGES.duplicateKey(key);
  return null;
}

/** The contract's own Chinese message, or one for the checks zod words in English (lengths, counts). */
function issueText(issue: z.core.$ZodIssue): string {
  if (/[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  if (issue.code === 'too_big')
    return `不能超过${String(issue.maximum)}${issue.origin === 'array' ? '项' : '个字符'}`;
  if (issue.code === 'too_small') return '不能为空';
  return '取值无效';
}

/**
 * Every problem FormDefinitionSchema finds in a definition, in Chinese, naming the field by its place
 * and label (「第2个字段「姓名」：…」); empty when the definition may be saved.
 */
export function definitionProblems(definition: FormDefinition): string[] {
  const parsed = FormDefinitionSchema.safeParse(definition);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const [scope, index] = issue.path;
    if (scope === 'fields' && typeof index === 'number') {
      const label = definition.fields[index]?.label || '未命名';
      return `第${index + 1}个字段「${label}」：${issueText(issue)}`;
    }
    return issueText(issue);
  });
}
