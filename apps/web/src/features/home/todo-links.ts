import type { DeadlineKind, TodoKind } from '@eduqa/contract';

/**
 * Where each to-do is acted on, with the list's filter that keeps exactly the rows counted (the lists read
 * their filters from the address, `useUrlFilters`; the server applies the count's own condition). The
 * filter shows on the list and can be removed there. Goal to-dos open 我的任务 kept to the tasks holding
 * one (the server's goal-todos.ts): a creator's audits are not his own tasks, so the to-do sets the scope.
 */
const LINKS: Record<TodoKind, string> = {
  pointsToFill: '/improvement/myTask?points=draft',
  pointsRefused: '/improvement/myTask?points=refused',
  // 待审核, the diagnosis auditor's queue (issue 11 item 4).
  pointsToAudit: '/improvement/review',
  warningsToHandle: '/improvement/warningTask?state=pending&mine=true',
  nodesToAccept: '/targetTaskManagement/myTask?todo=nodesToAccept',
  progressToReport: '/targetTaskManagement/myTask?todo=progressToReport',
  progressToAudit: '/targetTaskManagement/myTask?todo=progressToAudit',
  delaysToDecide: '/targetTaskManagement/myTask?todo=delaysToDecide',
  decompositionsToAudit: '/targetTaskManagement/myTask?todo=decompositionsToAudit',
  urgesReceived: '/targetTaskManagement/urge?urgeType=0&mine=true',
  reportsToAudit: '/targetTaskManagement/targetReport?toAudit=true',
  fillsToFill: '/dataCollection/my-fills?state=uncommitted',
  fillsRolledBack: '/dataCollection/my-fills?state=rollback',
  fillsToAudit: '/dataCollection/audit?state=unaudited',
  allocationsToMake: '/dataCollection/allocations?state=unallocated',
  valueChangesToReview: '/dataCollection/value-changes?read=0',
  qualityReportsToReview: '/report/todo',
};

export function todoLink(kind: TodoKind): string {
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
