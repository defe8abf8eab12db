import type { FieldValue } from '@eduqa/contract';
import { checkUnique } from '../api.ts';
import type { CheckUnique } from '../index.ts';

const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The live `unique` check of a form's field: free unless the server says another submission holds the
 * value. A failed check does not block typing; the commit checks again.
 */
export function uniqueCheckOf(formId: string): CheckUnique {
  return async (fieldKey: string, value: FieldValue, recordId: string) => {
    const text = Array.isArray(value) ? value.join(',') : value === null ? '' : String(value);
    if (text.trim() === '') return true;
    try {
      const answer = await checkUnique({
        formId,
        fieldKey,
        value: text,
        ...(RECORD_ID.test(recordId) ? { recordId } : {}),
      });
      return answer.isUnique;
    } catch {
      return true;
    }
  };
}
