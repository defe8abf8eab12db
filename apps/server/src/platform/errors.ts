import { ERRORS, type ErrorKind } from '@eduqa/contract';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string = ERRORS[kind].message,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
