import { initTRPC, TRPCError } from '@trpc/server';
import { APP_ERRORS, internalErrorMessage } from '@volant/shared/errors';
import { z } from 'zod';
import { AppError, httpStatusOf } from '../lib/app-error.ts';
import { classifyDbError } from '../lib/pg-error.ts';
import type { Context } from './context.ts';
import { transformer } from './transformer.ts';

/**
 * Errors tRPC itself raises about the request (unparsable JSON, a batch that is not an object, an unknown procedure, a
 * wrong method or media type) carry library text in English; the client gets one Czech message for all of them.
 */
const TRANSPORT_ERROR_CODES = new Set(['BAD_REQUEST', 'PARSE_ERROR', 'NOT_FOUND', 'METHOD_NOT_SUPPORTED', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']);
const OUR_MESSAGES = new Set<string>(Object.values(APP_ERRORS));

export const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    const zodError =
      error.code === 'BAD_REQUEST' && cause instanceof z.ZodError
        ? z.flattenError(cause as z.ZodError<Record<string, unknown>>)
        : cause instanceof AppError && cause.field
          ? { formErrors: [], fieldErrors: { [cause.field]: [cause.message] } }
          : null;
    const appCode = cause instanceof AppError ? cause.code : null;
    // The last guard: an internal error never carries its cause's text (SQL, parameters, driver messages) out,
    // also when it was raised outside a procedure (context, serialization) where the middleware below cannot see it.
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    // Not ours (no AppError, no zod issues, no text of our catalogue): the transport's refusal, its text to the log only.
    const malformed = !zodError && !appCode && TRANSPORT_ERROR_CODES.has(error.code) && !OUR_MESSAGES.has(shape.message);
    return {
      ...shape,
      // Input errors: a short Czech summary instead of the issues' JSON; the fields carry the details.
      message: internal
        ? internalErrorMessage(ctx?.reqId)
        : zodError
          ? (zodError.formErrors[0] ?? Object.values(zodError.fieldErrors).flat()[0] ?? shape.message)
          : malformed
            ? APP_ERRORS.MALFORMED_REQUEST
            : shape.message,
      data: { ...shape.data, httpStatus: httpStatusOf(error), stack: undefined, appCode, zodError },
    };
  },
});

/**
 * The one place errors become transport errors: our AppError by its code's kind (APP_ERROR_KINDS); a database error
 * that means bad input (or a database that is away) by its SQLSTATE; anything else an internal error with a generic message and the
 * request id, the cause kept for the log only.
 */
const mapErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const { error } = result;
  const cause = error.cause;
  if (cause instanceof AppError) throw new TRPCError({ code: cause.kind, message: cause.message, cause });
  if (error.code !== 'INTERNAL_SERVER_ERROR') return result;
  const db = classifyDbError(cause);
  if (db) {
    const mapped = new AppError(db, undefined, { cause });
    throw new TRPCError({ code: mapped.kind, message: mapped.message, cause: mapped });
  }
  throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: internalErrorMessage(ctx.reqId), cause: cause ?? error });
});

export const router = t.router;
export const baseProcedure = t.procedure.use(mapErrors);
export const createCallerFactory = t.createCallerFactory;
