// One error type with codes (spec §8 catalogue), mapped to tRPC errors in one place (trpc/init.ts).
import { APP_ERRORS, type AppErrorCode } from '@volant/shared/errors';

export type AppErrorKind = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'PRECONDITION_FAILED';

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly kind: AppErrorKind;
  constructor(code: AppErrorCode, kind: AppErrorKind = 'BAD_REQUEST', message?: string) {
    super(message ?? APP_ERRORS[code]);
    this.code = code;
    this.kind = kind;
  }
}

export const notFound = (code: AppErrorCode = 'NOT_FOUND') => new AppError(code, 'NOT_FOUND');
