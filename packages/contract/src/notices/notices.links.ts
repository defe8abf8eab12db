/**
 * Where a notice opens, as a path of the web app's hash router. The server writes it with the notice (and
 * puts it behind the school's address in e-mails and robot posts); the web opens it. One place, so that the
 * pages' `open` parameters and the producers agree.
 */
const open = (path: string, id: string) => `${path}?open=${encodeURIComponent(id)}`;

export const noticeLinks = {
  /** A goal task in 我的任务, opened. */
  goalTask: (taskId: string) => open('/targetTaskManagement/myTask', taskId),
  /** 目标报告: those waiting for the reader's audit, or all the reader sees. */
  goalReports: (toAudit: boolean) => `/targetTaskManagement/targetReport${toAudit ? '?toAudit=true' : ''}`,
  /** 督办 waiting for the reader's answer. */
  urges: () => '/targetTaskManagement/urge?urgeType=0&mine=true',
  /** A diagnosis object task in 我的任务, opened. */
  objectTask: (objectTaskId: string) => open('/improvement/myTask', objectTaskId),
  /** The diagnosis auditor's queue. */
  pointAudits: () => '/improvement/review',
  /** The reader's points with an open warning. */
  warnings: () => '/improvement/warningTask?state=pending&mine=true',
  /** A fill of 我的填报, opened. */
  fill: (fillId: string) => open('/dataCollection/my-fills', fillId),
  fillAudits: () => '/dataCollection/audit?state=unaudited',
  allocations: () => '/dataCollection/allocations?state=unallocated',
  valueChanges: () => '/dataCollection/value-changes?read=0',
  /** A quality report, opened from the list. */
  report: (reportId: string) => open('/report/list', reportId),
  /** 待我评审. */
  reportsToReview: () => '/report/todo',
  home: () => '/index',
} as const;
