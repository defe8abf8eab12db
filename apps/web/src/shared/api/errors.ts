import { ERRORS, SESSION_EXPIRED_CODE } from '@eduqa/contract';

/**
 * How a failed request is handled (spec 1 §8):
 * - notSignedIn: HTTP 401 with meta.statusCode 302 — show, clear the session, go to the site root;
 * - sessionExpired: HTTP 401 with code 53000010 — the once-only 're-login' dialog;
 * - unauthorized: any other HTTP 401 — show meta.message;
 * - timeout: the client gave up, or a form-encoded POST answered 504;
 * - network: no answer at all;
 * - failed: everything else (meta.success false, validation, no permission, server fault).
 */
export type FailureKind =
  | 'notSignedIn'
  | 'sessionExpired'
  | 'unauthorized'
  | 'timeout'
  | 'network'
  | 'failed';

export const TIMEOUT_MESSAGE = '请求超时！';
export const TIMEOUT_RETRY_QUESTION = '请求超时，是否重试？';
export const NETWORK_MESSAGE = '网络异常，请检查网络连接';
export const BAD_RESPONSE_MESSAGE = '服务器返回的数据格式不正确';
export const SESSION_EXPIRED_TITLE = '提示：会话已过期！';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: FailureKind;
  /** The envelope's business code (53000010 for an ended session); 0 without an envelope. */
  readonly code: number;
  /** The envelope's meta.statusCode (302, 403, …); 0 without an envelope. */
  readonly statusCode: number;
  /** The HTTP status; 0 when no answer came. */
  readonly httpStatus: number;

  constructor(init: {
    kind: FailureKind;
    message: string;
    code: number;
    statusCode: number;
    httpStatus: number;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.code = init.code;
    this.statusCode = init.statusCode;
    this.httpStatus = init.httpStatus;
  }
}

export interface EnvelopeShape {
  meta: { success: boolean; message: string; statusCode: number };
  code: number;
  data: unknown;
}

export function isEnvelope(value: unknown): value is EnvelopeShape {
  if (value === null || typeof value !== 'object' || !('meta' in value)) return false;
  const meta = value.meta;
  return (
    meta !== null &&
    typeof meta === 'object' &&
    'success' in meta &&
    typeof meta.success === 'boolean' &&
    'message' in meta &&
    typeof meta.message === 'string'
  );
}

export interface FailureInput {
  /** HTTP status, or 0 when no answer came. */
  httpStatus: number;
  /** The parsed answer body, whatever it is. */
  body: unknown;
  /** The transport's error code (axios: ECONNABORTED / ETIMEDOUT on timeout, ERR_NETWORK, …). */
  transportCode?: string | undefined;
  /** A POST whose body is form-encoded: a 504 there means the gateway gave up waiting. */
  isFormPost: boolean;
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** Classifies a failed exchange; `null` means it did not fail (HTTP 2xx with meta.success true). */
export function classifyFailure(input: FailureInput): ApiError | null {
  const { httpStatus, body } = input;
  const envelope = isEnvelope(body) ? body : null;
  const make = (kind: FailureKind, message: string) =>
    new ApiError({
      kind,
      message,
      code: envelope && typeof envelope.code === 'number' ? envelope.code : 0,
      statusCode: envelope && typeof envelope.meta.statusCode === 'number' ? envelope.meta.statusCode : 0,
      httpStatus,
    });

  if (input.transportCode && TIMEOUT_CODES.has(input.transportCode)) return make('timeout', TIMEOUT_MESSAGE);
  if (httpStatus === 504 && input.isFormPost) return make('timeout', TIMEOUT_MESSAGE);
  if (httpStatus === 0) return make('network', NETWORK_MESSAGE);

  if (httpStatus === 401) {
    const message = envelope?.meta.message || ERRORS.NOT_SIGNED_IN.message;
    if (envelope?.code === SESSION_EXPIRED_CODE) return make('sessionExpired', message);
    if (envelope?.meta.statusCode === ERRORS.NOT_SIGNED_IN.statusCode) return make('notSignedIn', message);
    return make('unauthorized', message);
  }
  if (envelope) {
    if (httpStatus >= 200 && httpStatus < 300 && envelope.meta.success) return null;
    return make('failed', envelope.meta.message || `请求失败（HTTP ${httpStatus}）`);
  }
  if (httpStatus >= 200 && httpStatus < 300) return make('failed', BAD_RESPONSE_MESSAGE);
  return make(
    'failed',
    httpStatus >= 500 ? `服务器异常（HTTP ${httpStatus}）` : `请求失败（HTTP ${httpStatus}）`,
  );
}

/** A download answers with the file, or with an error envelope typed as JSON. */
export function isJsonType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /\bjson\b/i.test(contentType);
}

/** What the client does about a failure, decided apart from doing it so that the catalogue is testable. */
export interface FailurePlan {
  /** Toast text and its duration in seconds (antd's default when absent). */
  toast?: { text: string; seconds?: number };
  /** Clear the stored session and login data. */
  endSession?: boolean;
  /** The once-only '提示：会话已过期！' dialog. */
  expiredDialog?: boolean;
  /** Ask '请求超时，是否重试？' and resend on OK. */
  retryDialog?: boolean;
}

export function planFailure(
  error: ApiError,
  options: { silent?: boolean | undefined; timeoutMode?: 'notice' | 'again' | 'none' | undefined },
  isSignedIn: boolean,
): FailurePlan {
  const mode = options.timeoutMode ?? 'notice';
  if (error.kind === 'timeout' && mode === 'again') return { retryDialog: true };
  if (options.silent) return {};
  switch (error.kind) {
    case 'timeout':
      return mode === 'notice' ? { toast: { text: TIMEOUT_MESSAGE, seconds: 3 } } : {};
    case 'notSignedIn':
      // Only a browser that believes it is signed in has a session to end. Ending it is enough to
      // leave: the router's guard sends every signed-in route to the login page (the site root's
      // target), remembering the path; public pages stay.
      return isSignedIn
        ? { toast: { text: error.message }, endSession: true }
        : { toast: { text: error.message } };
    case 'sessionExpired':
      return isSignedIn ? { expiredDialog: true } : { toast: { text: error.message } };
    default:
      return { toast: { text: error.message } };
  }
}
