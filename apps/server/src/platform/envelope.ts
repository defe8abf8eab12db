import { type Envelope, ERRORS, type ErrorKind, SUCCESS_CODE } from '@eduqa/contract';

export function ok<T>(data: T, message = '操作成功'): Envelope<T> {
  return { meta: { success: true, message, statusCode: 200 }, code: SUCCESS_CODE, data };
}

export function failure(kind: ErrorKind, message: string = ERRORS[kind].message): Envelope<null> {
  const error = ERRORS[kind];
  return { meta: { success: false, message, statusCode: error.statusCode }, code: error.code, data: null };
}
