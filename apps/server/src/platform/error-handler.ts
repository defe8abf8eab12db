import { ERRORS, type ErrorKind } from '@eduqa/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { failure } from './envelope.ts';
import { AppError } from './errors.ts';
import { ValidationError } from './validation.ts';

/** Fastify's own errors that a client can cause, in Chinese. */
const FASTIFY_ERRORS: Record<string, { kind: ErrorKind; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { kind: 'VALIDATION', message: '不支持的请求内容类型' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { kind: 'VALIDATION', message: '请求内容不能为空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { kind: 'VALIDATION', message: '请求内容不是合法的 JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { kind: 'TOO_LARGE', message: '请求内容过大' },
  FST_REQ_FILE_TOO_LARGE: { kind: 'TOO_LARGE', message: '文件过大' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    kind: 'VALIDATION',
    message: '请以 multipart/form-data 方式上传文件',
  },
  FST_FILES_LIMIT: { kind: 'VALIDATION', message: '一次只能上传一个文件' },
  FST_PARTS_LIMIT: { kind: 'VALIDATION', message: '上传的字段过多' },
};

/**
 * How an error is answered: its kind, message and HTTP status. One function, so that the audit trail records
 * the code the caller saw.
 */
export function answerOf(error: unknown): { kind: ErrorKind; message: string; http: number } {
  if (error instanceof AppError) return answer(error.kind, error.message);
  if (error instanceof ValidationError) return answer('VALIDATION', error.message);
  const { code, statusCode } = error as Partial<FastifyError>;
  const known = code ? FASTIFY_ERRORS[code] : undefined;
  if (known) return answer(known.kind, known.message);
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return { kind: 'VALIDATION', message: '请求不正确', http: statusCode };
  }
  return answer('INTERNAL', ERRORS.INTERNAL.message);
}

const answer = (kind: ErrorKind, message: string) => ({ kind, message, http: ERRORS[kind].http });

/** One handler turns every error into the spec's envelope; 5xx never leak their details. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { kind, message, http } = answerOf(error);
    if (kind === 'INTERNAL') {
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      return reply
        .status(500)
        .send(failure('INTERNAL', `服务器内部错误，请稍后重试（请求编号 ${request.id}）`));
    }
    const isOurs = error instanceof AppError || error instanceof ValidationError;
    if (!isOurs && !(error.code && FASTIFY_ERRORS[error.code]))
      request.log.info({ err: error }, 'client error');
    return reply.status(http).send(failure(kind, message));
  });
}
