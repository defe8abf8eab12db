import type { FormInstance, FormRule } from 'antd';

/**
 * An antd rule from a pure check that returns the Chinese message of what is wrong, or null. The
 * checks stay testable without antd; `form` lets one read another field for a cross-field message.
 */
export function problemRule(
  problem: (value: string | undefined, form: Pick<FormInstance, 'getFieldValue'>) => string | null,
): FormRule {
  return (form) => ({
    validator: (_, value: string | undefined) => {
      const message = problem(value, form);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}
