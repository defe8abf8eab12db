import type { PointConfigField } from '@eduqa/contract';
import type { FormRule } from 'antd';
import { type PointFormValues, pointFormProblems } from '../../point-form.ts';

export const optionsOf = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as Array<[T, string]>).map(([value, label]) => ({ value, label }));

/** The server's cross-field rule for one field, run in the browser on the whole form. */
export function configRule(field: PointConfigField): FormRule {
  return (form) => ({
    validator: () => {
      const message = pointFormProblems(form.getFieldsValue(true) as PointFormValues)[field];
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });
}

/** Fields whose change re-checks the cross-field rules. */
export const CONFIG_DEPENDENCIES = [
  'dataType',
  'calcMode',
  'direction',
  'warningMode',
  'warningCondition',
  'grades',
];

/** What the value inputs offer for the chosen data type and calculation mode. */
export interface ValueSettings {
  /** A fixed set of values (是/否, 有/无, grades), or null for free input. */
  choices: readonly string[] | null;
  suffix: string | undefined;
}
