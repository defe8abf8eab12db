import { ERRORS } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  classifyFailure,
  isJsonType,
  NETWORK_MESSAGE,
  planFailure,
  TIMEOUT_MESSAGE,
} from './errors.ts';

const envelope = (success: boolean, message: string, statusCode: number, code: number) => ({
  meta: { success, message, statusCode },
  code,
  data: null,
});

const classify = (
  httpStatus: number,
  body: unknown,
  extra: { transportCode?: string; isFormPost?: boolean } = {},
) =>
  classifyFailure({
    httpStatus,
    body,
    isFormPost: extra.isFormPost ?? false,
    transportCode: extra.transportCode,
  });

describe('classifyFailure', () => {
  it('passes a successful envelope', () => {
    expect(classify(200, envelope(true, '成功', 200, 200))).toBeNull();
  });

  it('reads HTTP 401 with statusCode 302 as not signed in', () => {
    const e = ERRORS.NOT_SIGNED_IN;
    const error = classify(401, envelope(false, e.message, e.statusCode, e.code));
    expect(error).toMatchObject({
      kind: 'notSignedIn',
      message: e.message,
      statusCode: 302,
      httpStatus: 401,
    });
  });

  it('reads HTTP 401 with code 53000010 as an ended session', () => {
    const e = ERRORS.SESSION_EXPIRED;
    expect(classify(401, envelope(false, e.message, e.statusCode, e.code))).toMatchObject({
      kind: 'sessionExpired',
      code: 53000010,
    });
  });

  it('reads any other HTTP 401 as unauthorized with the server message', () => {
    const e = ERRORS.LOGIN_FAILED;
    expect(classify(401, envelope(false, e.message, e.statusCode, e.code))).toMatchObject({
      kind: 'unauthorized',
      message: e.message,
    });
  });

  it('reads HTTP 200 with meta.success false (no permission) as a failure with its message', () => {
    const e = ERRORS.FORBIDDEN;
    const error = classify(200, envelope(false, e.message, e.statusCode, e.code));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'failed',
      message: '用户无权访问该资源',
      statusCode: 403,
      httpStatus: 200,
    });
  });

  it('reads a client timeout as a timeout', () => {
    expect(classify(0, null, { transportCode: 'ECONNABORTED' })).toMatchObject({
      kind: 'timeout',
      message: TIMEOUT_MESSAGE,
    });
    expect(classify(0, null, { transportCode: 'ETIMEDOUT' })?.kind).toBe('timeout');
  });

  it('reads HTTP 504 on a form-encoded POST as a timeout, elsewhere as a server fault', () => {
    expect(classify(504, '<html>', { isFormPost: true })?.kind).toBe('timeout');
    expect(classify(504, '<html>')).toMatchObject({ kind: 'failed', message: '服务器异常（HTTP 504）' });
  });

  it('reads a missing answer as a network error in Chinese', () => {
    expect(classify(0, null, { transportCode: 'ERR_NETWORK' })).toMatchObject({
      kind: 'network',
      message: NETWORK_MESSAGE,
    });
  });

  it('uses the envelope message of validation and server errors', () => {
    expect(classify(400, envelope(false, '请输入角色名称', 400, 40000))?.message).toBe('请输入角色名称');
    expect(classify(502, 'Bad gateway')?.message).toBe('服务器异常（HTTP 502）');
    expect(classify(200, '<!doctype html>')?.kind).toBe('failed');
  });
});

describe('planFailure', () => {
  const error = (kind: ApiError['kind'], message = '出错了') =>
    new ApiError({ kind, message, code: 0, statusCode: 0, httpStatus: 401 });

  it('shows the timeout notice for 3 seconds by default', () => {
    expect(planFailure(error('timeout', TIMEOUT_MESSAGE), {}, true)).toEqual({
      toast: { text: TIMEOUT_MESSAGE, seconds: 3 },
    });
  });

  it('offers a retry in the again mode, even for a silent call', () => {
    expect(planFailure(error('timeout'), { timeoutMode: 'again', silent: true }, true)).toEqual({
      retryDialog: true,
    });
  });

  it('does nothing on timeout in the none mode', () => {
    expect(planFailure(error('timeout'), { timeoutMode: 'none' }, true)).toEqual({});
  });

  it('ends the session when the server no longer knows the user', () => {
    expect(planFailure(error('notSignedIn', '未登录'), {}, true)).toEqual({
      toast: { text: '未登录' },
      endSession: true,
    });
    expect(planFailure(error('notSignedIn', '未登录'), {}, false)).toEqual({ toast: { text: '未登录' } });
  });

  it('opens the session-expired dialog only for a signed-in browser', () => {
    expect(planFailure(error('sessionExpired'), {}, true)).toEqual({ expiredDialog: true });
    expect(planFailure(error('sessionExpired', '会话已过期'), {}, false)).toEqual({
      toast: { text: '会话已过期' },
    });
  });

  it('toasts other failures, and nothing for a silent call', () => {
    expect(planFailure(error('failed', '用户无权访问该资源'), {}, true)).toEqual({
      toast: { text: '用户无权访问该资源' },
    });
    expect(planFailure(error('unauthorized'), { silent: true }, true)).toEqual({});
    expect(planFailure(error('sessionExpired'), { silent: true }, true)).toEqual({});
  });
});

describe('isJsonType', () => {
  it('recognises JSON content types', () => {
    expect(isJsonType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isJsonType(undefined)).toBe(false);
  });
});
