import { type DeadlineKind, ROLE_IDS, type TodoKind } from '@eduqa/contract';

/**
 * Where each to-do is acted on: the routes of the diagnosis and goal features (their `routes.tsx`). The
 * lists keep their filters in component state, not the URL, so the links carry none. Decisions that fall to
 * a task's creator (delays, decompositions, the last progress audit) are taken in the task under
 * 年度目标 → 分解; creators are year-target publishers, so they go there, everyone else to 部门任务.
 */
const LINKS: Record<TodoKind, string> = {
  pointsToFill: '/improvement/myTask',
  pointsRefused: '/improvement/myTask',
  // 待审核, the diagnosis auditor's queue (issue 11 item 4).
  pointsToAudit: '/improvement/review',
  warningsToHandle: '/improvement/warningTask',
  nodesToAccept: '/targetTaskManagement/myTask',
  progressToReport: '/targetTaskManagement/myTask',
  progressToAudit: '/targetTaskManagement/departmentTask',
  delaysToDecide: '/targetTaskManagement/yearTargets',
  decompositionsToAudit: '/targetTaskManagement/yearTargets',
  urgesReceived: '/targetTaskManagement/urge',
  reportsToAudit: '/targetTaskManagement/targetReport',
  fillsToFill: '/dataCollection/my-fills',
  fillsRolledBack: '/dataCollection/my-fills',
  fillsToAudit: '/dataCollection/audit',
  allocationsToMake: '/dataCollection/allocations',
  valueChangesToReview: '/dataCollection/value-changes',
  qualityReportsToReview: '/report/todo',
};

const CREATOR_ROLES: readonly string[] = [ROLE_IDS.yearTargetPublisher, ROLE_IDS.admin];

export function todoLink(kind: TodoKind, roleIds: readonly string[]): string {
  if (kind === 'progressToAudit' && roleIds.some((r) => CREATOR_ROLES.includes(r))) {
    return LINKS.delaysToDecide;
  }
  return LINKS[kind];
}

/**
 * The link of a deadline: a goal task or node in 我的任务, a diagnosis task in the charger's 我的任务, a
 * collection task in 我的填报.
 */
export function deadlineLink(kind: DeadlineKind): string {
  if (kind === 'diagnosisTask') return '/improvement/myTask';
  if (kind === 'collectTask') return '/dataCollection/my-fills';
  return '/targetTaskManagement/myTask';
}
