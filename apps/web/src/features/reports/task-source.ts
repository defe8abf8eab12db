import type { Action, TaskPageType } from '@eduqa/contract';

/**
 * Which diagnosis task list the 生成报告 dialog searches: publishers and auditors see every task
 * (年度任务); a department head the tasks of his departments' objects; anyone else the tasks he is
 * charger of. The server decides again whether the report may be generated.
 */
export function taskPageTypeFor(input: {
  actions: readonly string[];
  headsDepartment: boolean;
}): TaskPageType {
  const seesAll = (['diagnosis.manage', 'diagnosis.audit'] satisfies Action[]).some((a) =>
    input.actions.includes(a),
  );
  if (seesAll) return 'yearTask';
  return input.headsDepartment ? 'departmentTask' : 'myTask';
}
