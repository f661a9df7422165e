import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import type { Context } from './context.ts';

export const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zodError = error.code === 'BAD_REQUEST' && cause instanceof z.ZodError ? z.flattenError(cause as z.ZodError<Record<string, unknown>>) : null;
    const appCode = cause instanceof AppError ? cause.code : null;
    return {
      ...shape,
      // Input errors: a short Czech summary instead of the issues' JSON; the fields carry the details.
      message: zodError ? (zodError.formErrors[0] ?? Object.values(zodError.fieldErrors).flat()[0] ?? shape.message) : shape.message,
      data: { ...shape.data, stack: undefined, appCode, zodError },
    };
  },
});

/** Maps our AppError to the matching tRPC error, so the HTTP status and code are right. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.kind, message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const baseProcedure = t.procedure.use(appErrors);
export const createCallerFactory = t.createCallerFactory;
