// One error type with codes (spec §8 catalogue). A throw site names the code only; its transport kind and HTTP status
// come from the catalogue's table (APP_ERROR_KINDS), used by the tRPC middleware and formatter (trpc/init.ts) and by
// every plain-HTTP route (httpStatusOf).
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { APP_ERROR_KINDS, APP_ERRORS, type AppErrorCode, type AppErrorKind, HTTP_STATUS_OF_KIND } from '@volant/shared/errors';
import { ZodError } from 'zod';
import { classifyDbError } from './pg-error.ts';

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** The input field the error is about (the form shows it under that field), or undefined for the whole request. */
  readonly field: string | undefined;
  /** `cause` keeps the underlying error (e.g. the database's) for the log; it never reaches the client. */
  constructor(code: AppErrorCode, message?: string, options?: { cause?: unknown; field?: string }) {
    super(message ?? APP_ERRORS[code], options);
    this.code = code;
    this.field = options?.field;
  }

  get kind(): AppErrorKind {
    return APP_ERROR_KINDS[this.code];
  }

  /** An error about one input field, found after the input's shape passed (a rule that needs the database). */
  static field(code: AppErrorCode, field: string, message?: string) {
    return new AppError(code, message, { field });
  }
}

/**
 * The HTTP status an error answers with: an AppError by its code's kind, a tRPC error by its code (which trpc/init.ts
 * took from the same table for an AppError, so status and JSON-RPC code agree), an input error 400, a database error
 * by what it means, anything else 500.
 */
export function httpStatusOf(error: unknown): number {
  if (error instanceof AppError) return HTTP_STATUS_OF_KIND[error.kind];
  if (error instanceof TRPCError) return getHTTPStatusCodeFromError(error);
  if (error instanceof ZodError) return HTTP_STATUS_OF_KIND.BAD_REQUEST;
  const db = classifyDbError(error);
  return db ? HTTP_STATUS_OF_KIND[APP_ERROR_KINDS[db]] : HTTP_STATUS_OF_KIND.INTERNAL_SERVER_ERROR;
}
