/**
 * 消息中心 (issue 29). A notice tells one person of a change someone else made that concerns them, or of their
 * own long work that ended. The category is what the message centre filters by; the kind names the event.
 */
export const NOTICE_CATEGORIES = [
  'task',
  'audit',
  'urge',
  'request',
  'report',
  'fill',
  'valueChange',
  'warning',
  'job',
  'reminder',
  'account',
] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

export const NOTICE_CATEGORY_LABELS: Record<NoticeCategory, string> = {
  task: '任务下达',
  audit: '审核结果',
  urge: '督办',
  request: '申请与审批',
  report: '质量报告',
  fill: '数据填报',
  valueChange: '数据变更',
  warning: '预警',
  job: '导入导出',
  reminder: '到期提醒',
  account: '账号安全',
};

/** The read filter of the message centre. */
export const NOTICE_READ_FILTERS = ['unread', 'read'] as const;
export type NoticeReadFilter = (typeof NOTICE_READ_FILTERS)[number];

/** How many of the newest the bell's drawer shows. */
export const NOTICE_BELL_LATEST = 8;

/** How often an open page asks for the unread count (the issue: within a minute, without reloading). */
export const NOTICE_POLL_SECONDS = 30;

export const NOTICE_MESSAGES = {
  notFound: '消息不存在',
} as const;
