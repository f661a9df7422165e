// One error type with codes (spec §8 catalogue), mapped to tRPC errors in one place (trpc/init.ts).
import { APP_ERRORS, type AppErrorCode } from '@volant/shared/errors';

export type AppErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PRECONDITION_FAILED'
  | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly kind: AppErrorKind;
  /** `cause` keeps the underlying error (e.g. the database's) for the log; it never reaches the client. */
  constructor(code: AppErrorCode, kind: AppErrorKind = 'BAD_REQUEST', message?: string, options?: { cause?: unknown }) {
    super(message ?? APP_ERRORS[code], options);
    this.code = code;
    this.kind = kind;
  }
}

export const notFound = (code: AppErrorCode = 'NOT_FOUND') => new AppError(code, 'NOT_FOUND');
