/**
 * Error kinds with their HTTP status, the envelope's meta.statusCode and code, and the default
 * Chinese message. The spec's catalogue fixes three of them: no session (HTTP 401, statusCode 302),
 * expired session (HTTP 401, code 53000010) and no permission (HTTP 200, statusCode 403).
 */
export const ERRORS = {
  VALIDATION: { http: 400, statusCode: 400, code: 40000, message: '请求参数不正确' },
  NOT_SIGNED_IN: { http: 401, statusCode: 302, code: 40100, message: '未登录或会话已过期，请重新登录' },
  SESSION_EXPIRED: { http: 401, statusCode: 401, code: 53000010, message: '会话已过期，请重新登录' },
  LOGIN_FAILED: {
    http: 401,
    statusCode: 401,
    code: 40101,
    message: '用户名或密码错误，或尝试次数过多，请稍后再试',
  },
  /** A machine caller (the metrics scraper) without the configured bearer token; no session is involved. */
  BAD_TOKEN: { http: 401, statusCode: 401, code: 40102, message: '访问令牌缺失或无效' },
  CSRF: { http: 403, statusCode: 403, code: 40301, message: '请求校验失败，请刷新页面后重试' },
  /** Every call but sign-out, the session info and the password change, while an admin-set password stands. */
  PASSWORD_CHANGE_REQUIRED: {
    http: 403,
    statusCode: 403,
    code: 40302,
    message: '您正在使用管理员设置的初始密码或重置密码，请先修改密码后再使用系统',
  },
  FORBIDDEN: { http: 200, statusCode: 403, code: 40300, message: '用户无权访问该资源' },
  NOT_FOUND: { http: 404, statusCode: 404, code: 40400, message: '资源不存在' },
  CONFLICT: { http: 409, statusCode: 409, code: 40900, message: '数据已存在' },
  UNPROCESSABLE: { http: 422, statusCode: 422, code: 42200, message: '操作无法完成' },
  /** An anonymous caller over its allowance (the public form page's throttle). */
  TOO_MANY_REQUESTS: { http: 429, statusCode: 429, code: 42900, message: '请求过于频繁，请稍后再试' },
  TOO_LARGE: { http: 413, statusCode: 413, code: 41300, message: '文件过大' },
  URI_TOO_LONG: { http: 414, statusCode: 414, code: 41400, message: '请求地址过长，请检查链接是否正确' },
  HEADERS_TOO_LARGE: {
    http: 431,
    statusCode: 431,
    code: 43100,
    message: '请求头或查询参数过长，请缩短查询条件后重试',
  },
  INTERNAL: { http: 500, statusCode: 500, code: 50000, message: '服务器内部错误' },
} as const;

export type ErrorKind = keyof typeof ERRORS;

export const NO_PERMISSION_MESSAGE = ERRORS.FORBIDDEN.message;
export const SESSION_EXPIRED_CODE = ERRORS.SESSION_EXPIRED.code;
