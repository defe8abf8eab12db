/**
 * 审计日志 (issue 27, 等保 2.0 安全审计): two books in one chained table. 操作日志 holds every state-changing
 * request of a signed-in caller; 登录日志 holds the events of signing in and out.
 */
export const AUDIT_KINDS = ['operation', 'login'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  operation: '操作日志',
  login: '登录日志',
};

export const LOGIN_EVENTS = [
  'signIn',
  'signInFailed',
  'lockedOut',
  'signOut',
  'sessionExpired',
  'centralSignIn',
  'centralSignInFailed',
] as const;
export type LoginEvent = (typeof LOGIN_EVENTS)[number];
export const LOGIN_EVENT_LABELS: Record<LoginEvent, string> = {
  signIn: '登录成功',
  signInFailed: '登录失败',
  lockedOut: '登录被锁定',
  signOut: '退出登录',
  sessionExpired: '会话过期',
  centralSignIn: '统一身份认证登录',
  centralSignInFailed: '统一身份认证登录失败',
};

/** An entry's result is `success` or the error code of the answer's envelope; a filter asks for either side. */
export const AUDIT_SUCCESS = 'success';
export const AUDIT_RESULT_FILTERS = ['success', 'failure'] as const;
export type AuditResultFilter = (typeof AUDIT_RESULT_FILTERS)[number];
export const AUDIT_RESULT_FILTER_LABELS: Record<AuditResultFilter, string> = {
  success: '成功',
  failure: '失败',
};

/** 成功, or 失败 with the error code: the screens' tag and the export's cell say the same. */
export function auditResultText(result: string): string {
  return result === AUDIT_SUCCESS
    ? AUDIT_RESULT_FILTER_LABELS.success
    : `${AUDIT_RESULT_FILTER_LABELS.failure}（${result}）`;
}

/** An export holds the newest this many entries of the filter; it says so in its last row when there are more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** 等保 2.0 asks for six months; the retention setting never goes below it. */
export const AUDIT_MIN_RETENTION_DAYS = 180;

/** The chain's own entry written by the retention purge, so that verification knows where the chain may start. */
export const AUDIT_PURGE_OPERATION = '清理过期审计日志';
