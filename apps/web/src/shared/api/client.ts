import type { BodyOf, DataOf, Endpoint, ParamsOf, QueryOf } from '@eduqa/contract';
import axios, { type AxiosRequestConfig, type AxiosResponse, isAxiosError } from 'axios';
import { loginPathFrom, pathOfHash } from '../routing/paths.ts';
import { notify, showDialog } from '../ui/feedback.tsx';
import {
  ApiError,
  BAD_RESPONSE_MESSAGE,
  classifyFailure,
  type EnvelopeShape,
  isEnvelope,
  isJsonType,
  planFailure,
  SESSION_EXPIRED_TITLE,
  TIMEOUT_RETRY_QUESTION,
} from './errors.ts';
import { buildRequest, nextClockOffset, type RequestIdentity } from './request.ts';

export { ApiError } from './errors.ts';

/** Spec 1 §9: 60 s by default, 120 s for uploads. */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * What to do when the request times out: a 3-second notice (default), a dialog offering to resend,
 * or nothing (the caller handles it).
 */
export type TimeoutMode = 'notice' | 'again' | 'none';

export interface CallArgs<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /**
   * No toast, dialog or redirect for this call's failures: the caller gets the ApiError (its `kind`
   * tells what happened) and handles it. An explicit `timeoutMode: 'again'` still asks.
   */
  silent?: boolean;
  timeoutMode?: TimeoutMode;
  /** Send the body as JSON instead of form-encoded. */
  json?: boolean;
}

export interface UploadArgs<E extends Endpoint> {
  params?: ParamsOf<E>;
  onProgress?: (percent: number) => void;
  silent?: boolean;
  /** Cancels the upload (a closed dialog). */
  signal?: AbortSignal;
}

export interface DownloadArgs {
  method?: 'GET' | 'POST';
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  silent?: boolean;
}

/**
 * The session store plugs in here, so the client (shared) does not depend on the shell: it reads
 * the identity for headers and CSRF tokens, and ends the session when the server says it ended.
 */
export interface ClientSession {
  readIdentity(): RequestIdentity | null;
  endSession(): void;
}

let session: ClientSession = { readIdentity: () => null, endSession: () => {} };
let clockOffsetMs = 0;
let expiryNoticeShown = false;

export function connectSession(hooks: ClientSession): void {
  session = hooks;
}

/** After a new sign-in the next session expiry may show its dialog again. */
export function resetSessionExpiryNotice(): void {
  expiryNoticeShown = false;
}

const http = axios.create({
  withCredentials: true,
  timeout: DEFAULT_TIMEOUT_MS,
  // Every HTTP status is classified by the error catalogue, not by axios.
  validateStatus: () => true,
});

/** The hash router follows `hashchange`, so the client needs no handle on it. */
function navigate(to: string): void {
  window.location.hash = `#${to}`;
}

function showSessionExpiredOnce(): void {
  if (expiryNoticeShown) return;
  expiryNoticeShown = true;
  showDialog('warning', {
    title: SESSION_EXPIRED_TITLE,
    content: '您的登录已失效，请重新登录。',
    okText: '重新登录',
    closable: false,
    keyboard: false,
    maskClosable: false,
    onOk: () => {
      const from = pathOfHash(window.location.hash);
      session.endSession();
      navigate(loginPathFrom(from));
    },
  });
}

interface FailureOptions {
  silent?: boolean | undefined;
  timeoutMode?: TimeoutMode | undefined;
}

/** Applies the error catalogue of spec 1 §8, then rejects (or resends after a timeout, if asked). */
function handleFailure<T>(error: ApiError, options: FailureOptions, resend: () => Promise<T>): Promise<T> {
  const plan = planFailure(error, options, session.readIdentity() !== null);
  if (plan.retryDialog) {
    return new Promise<T>((resolve, reject) => {
      showDialog('confirm', {
        title: TIMEOUT_RETRY_QUESTION,
        okText: '重试',
        cancelText: '取消',
        onOk: () => {
          resend().then(resolve, reject);
        },
        onCancel: () => reject(error),
      });
    });
  }
  if (plan.toast) notify.error(plan.toast.text, plan.toast.seconds);
  if (plan.endSession) session.endSession();
  if (plan.expiredDialog) showSessionExpiredOnce();
  return Promise.reject(error);
}

function now(): number {
  return Date.now() + clockOffsetMs;
}

/** Sends; a transport failure (timeout, no answer) comes back as an ApiError instead of a response. */
async function send(config: AxiosRequestConfig, isFormPost: boolean): Promise<AxiosResponse | ApiError> {
  try {
    const response = await http.request(config);
    clockOffsetMs = nextClockOffset(clockOffsetMs, response.headers.date, Date.now());
    return response;
  } catch (error) {
    const code = isAxiosError(error) ? error.code : undefined;
    return (
      classifyFailure({ httpStatus: 0, body: null, transportCode: code, isFormPost }) ??
      new ApiError({ kind: 'network', message: String(error), code: 0, statusCode: 0, httpStatus: 0 })
    );
  }
}

function unwrap(response: AxiosResponse, isFormPost: boolean): ApiError | EnvelopeShape {
  const body: unknown = response.data;
  const failure = classifyFailure({ httpStatus: response.status, body, isFormPost });
  if (failure) return failure;
  if (isEnvelope(body)) return body;
  return new ApiError({
    kind: 'failed',
    message: BAD_RESPONSE_MESSAGE,
    code: 0,
    statusCode: 0,
    httpStatus: response.status,
  });
}

/**
 * Calls a contract endpoint and returns the envelope's data. Rejects with an ApiError after applying
 * the error catalogue (toast unless `silent`; session end; timeout notice or retry dialog).
 */
export function call<E extends Endpoint>(endpoint: E, args: CallArgs<E> = {}): Promise<DataOf<E>> {
  return callWithMessage(endpoint, args).then((answer) => answer.data);
}

/**
 * As `call`, with the envelope's meta.message too: a few answers carry meaning there (the chunk
 * merge answers 'waitting' while it runs, spec 2 §7.2).
 */
export function callWithMessage<E extends Endpoint>(
  endpoint: E,
  args: CallArgs<E> = {},
): Promise<{ data: DataOf<E>; message: string }> {
  const attempt = async (): Promise<{ data: DataOf<E>; message: string }> => {
    const built = buildRequest({
      method: endpoint.method,
      path: endpoint.path,
      params: args.params,
      query: args.query,
      body: args.body,
      json: args.json ?? false,
      identity: session.readIdentity(),
      now: now(),
    });
    const isFormPost = built.method === 'POST' && !args.json;
    const result = await send(
      {
        method: built.method,
        url: built.url,
        headers: built.headers,
        data: built.data,
        // The body is already encoded by buildRequest.
        transformRequest: [(data: unknown) => data],
      },
      isFormPost,
    );
    const outcome = result instanceof ApiError ? result : unwrap(result, isFormPost);
    if (outcome instanceof ApiError) return handleFailure(outcome, args, attempt);
    // The server validates its answers against the same contract schema.
    return { data: outcome.data as DataOf<E>, message: outcome.meta.message };
  };
  return attempt();
}

/** Multipart upload (field `file` plus any others in `form`), 120 s timeout, progress in percent. */
export function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  args: UploadArgs<E> = {},
): Promise<DataOf<E>> {
  const attempt = async (): Promise<DataOf<E>> => {
    const built = buildRequest({
      method: 'POST',
      path: endpoint.path,
      params: args.params,
      identity: session.readIdentity(),
      now: now(),
    });
    const result = await send(
      {
        method: 'POST',
        url: built.url,
        headers: built.headers,
        data: form,
        timeout: UPLOAD_TIMEOUT_MS,
        ...(args.signal ? { signal: args.signal } : {}),
        onUploadProgress: (event) => {
          if (args.onProgress && event.total) args.onProgress(Math.round((event.loaded * 100) / event.total));
        },
      },
      false,
    );
    const outcome = result instanceof ApiError ? result : unwrap(result, false);
    if (outcome instanceof ApiError) return handleFailure(outcome, args, attempt);
    return outcome.data as DataOf<E>;
  };
  return attempt();
}

async function readJson(blob: unknown): Promise<unknown> {
  if (!(blob instanceof Blob)) return blob;
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

/**
 * Downloads a file (GET or POST) as a Blob. When the server answers with JSON instead (an error
 * envelope), rejects with its meta.message.
 */
export function download(url: string, args: DownloadArgs = {}): Promise<Blob> {
  const method = args.method ?? 'GET';
  const attempt = async (): Promise<Blob> => {
    const built = buildRequest({
      method,
      path: url,
      query: args.query,
      body: args.body,
      identity: session.readIdentity(),
      now: now(),
    });
    const isFormPost = method === 'POST';
    const result = await send(
      {
        method,
        url: built.url,
        headers: built.headers,
        data: built.data,
        responseType: 'blob',
        transformRequest: [(data: unknown) => data],
      },
      isFormPost,
    );
    if (result instanceof ApiError) return handleFailure(result, args, attempt);
    const isJson = isJsonType(result.headers['content-type']);
    if (result.status >= 200 && result.status < 300 && !isJson && result.data instanceof Blob)
      return result.data;
    const body = await readJson(result.data);
    const failure =
      classifyFailure({ httpStatus: result.status, body, isFormPost }) ??
      new ApiError({
        kind: 'failed',
        message: isEnvelope(body) ? body.meta.message : '下载失败',
        code: isEnvelope(body) ? body.code : 0,
        statusCode: isEnvelope(body) ? body.meta.statusCode : 0,
        httpStatus: result.status,
      });
    return handleFailure(failure, args, attempt);
  };
  return attempt();
}
