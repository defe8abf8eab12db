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

/** One handler turns every error into the spec's envelope; 5xx never leak their details. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(ERRORS[error.kind].http).send(failure(error.kind, error.message));
    }
    if (error instanceof ValidationError) {
      return reply.status(400).send(failure('VALIDATION', error.message));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(ERRORS[known.kind].http).send(failure(known.kind, known.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send(failure('VALIDATION', '请求不正确'));
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send(failure('INTERNAL', `服务器内部错误，请稍后重试（请求编号 ${request.id}）`));
  });
}
