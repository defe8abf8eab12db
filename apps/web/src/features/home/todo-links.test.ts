import { ROLE_IDS, TODO_KINDS } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { todoLink } from './todo-links.ts';

describe('todoLink', () => {
  it('sends every kind into the area that acts on it', () => {
    for (const kind of TODO_KINDS) {
      expect(todoLink(kind, [])).toMatch(
        /^\/(improvement|targetTaskManagement|dataCollection|report)\/[\w-]+$/,
      );
    }
    expect(todoLink('pointsToFill', [])).toBe('/improvement/myTask');
    expect(todoLink('urgesReceived', [])).toBe('/targetTaskManagement/urge');
    expect(todoLink('fillsRolledBack', [])).toBe('/dataCollection/my-fills');
    expect(todoLink('qualityReportsToReview', [])).toBe('/report/todo');
  });

  it('sends a publisher’s progress audits to the tasks he created, a department head’s to 部门任务', () => {
    expect(todoLink('progressToAudit', [ROLE_IDS.yearTargetPublisher])).toBe(
      '/targetTaskManagement/yearTargets',
    );
    expect(todoLink('progressToAudit', [ROLE_IDS.targetTaskDepartPrincipal])).toBe(
      '/targetTaskManagement/departmentTask',
    );
  });
});
