import http from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorKind } from '@eduqa/contract';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { failure } from './envelope.ts';

const BAD_URL_MESSAGE = '请求地址格式不正确，请检查链接是否正确';

/**
 * Errors Fastify's router raises before any route or error handler runs: a path parameter longer than
 * `maxParamLength` (414) and a path with broken percent-encoding (400). Without this Fastify writes
 * its own English JSON outside the envelope.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(ERRORS.URI_TOO_LONG.http).send(failure('URI_TOO_LONG'));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(ERRORS.VALIDATION.http).send(failure('VALIDATION', BAD_URL_MESSAGE));
  }
  return reply.status(ERRORS.VALIDATION.http).send(failure('VALIDATION', '请求不正确'));
}

/** What a request Node's HTTP parser refused gets, by the parser's error code. */
function kindOf(code: string | undefined): { kind: ErrorKind; message?: string } {
  // The request line counts toward `maxHeaderSize` (16 KB): a long query string ends here too.
  if (code === 'HPE_HEADER_OVERFLOW') return { kind: 'HEADERS_TOO_LARGE' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { kind: 'VALIDATION', message: '请求超时，请重试' };
  return { kind: 'VALIDATION', message: '请求格式不正确' };
}

/**
 * Node's 'clientError': the HTTP parser refused the request (headers or query too large, a malformed
 * request line), so neither Fastify's routes nor its error handler see it. The answer is written to the
 * socket by hand, as Node's and Fastify's defaults do, but as the envelope with a Chinese message.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  // A reset or closed connection has no one left to answer.
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed) return;
  const { kind, message } = kindOf(error.code);
  const status = ERRORS[kind].http;
  const body = JSON.stringify(failure(kind, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify options that keep the answers to requests refused before routing in the envelope.
 * `maxParamLength` stays at Fastify's 100: ids are 32 characters and app ids a few, so a longer path
 * parameter is never a real one and is answered 414 in Chinese.
 */
export const clientErrorOptions = {
  frameworkErrors,
  clientErrorHandler,
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
