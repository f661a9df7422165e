// The procedure ladder (DESIGN §5): public → authed → school → role.
import { APP_ERRORS } from '@volant/shared/errors';
import type { StaffRole } from '@volant/shared/enums';
import { schoolIdInput } from '@volant/shared/validation';
import { TRPCError } from '@trpc/server';
import { findSessionWithMembership } from '../features/user/session.queries.ts';
import { loadSession } from './context.ts';
import { AppError } from '../lib/app-error.ts';
import { findMembership, proveSchoolId } from '../lib/tenant.ts';
import { baseProcedure } from './init.ts';

const rateLimited = baseProcedure.use(async ({ ctx, path, next }) => {
  if (!ctx.limits.public.hit(`${ctx.ip}|${path}`)) throw new AppError('RATE_LIMITED', 'TOO_MANY_REQUESTS');
  return next();
});

export const publicProcedure = rateLimited;

const unauthorized = () => new TRPCError({ code: 'UNAUTHORIZED', message: APP_ERRORS.UNAUTHORIZED });

export const authedProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await loadSession(ctx);
  if (!session) throw unauthorized();
  return next({ ctx: { ...ctx, session, user: session.user } });
});

/**
 * Session and membership proven in the database in one statement, whether or not the school is blocked (the
 * shell's own reads). One round trip instead of two on every school-scoped call.
 */
export const memberProcedure = baseProcedure.input(schoolIdInput).use(async ({ ctx, input, next }) => {
  const found = ctx.session
    ? { session: ctx.session, membership: await findMembership(ctx.db, input.schoolId, ctx.session.user.id) }
    : ctx.token
      ? await findSessionWithMembership(ctx.db, ctx.token, input.schoolId, ctx.now())
      : null;
  if (!found) throw unauthorized();
  const { session, membership } = found;
  // Another school's data reveals nothing: the same answer as a school that does not exist.
  if (!membership) throw new AppError('NOT_FOUND', 'NOT_FOUND');
  const school = { id: proveSchoolId(input.schoolId), role: membership.role, memberId: membership.memberId, isBlocked: membership.isBlocked };
  return next({ ctx: { ...ctx, session, user: session.user, school } });
});

/** School-scoped work: a member of an unblocked school. */
export const schoolProcedure = memberProcedure.use(async ({ ctx, next }) => {
  if (ctx.school.isBlocked) throw new AppError('GROUP_BLOCKED', 'FORBIDDEN');
  return next();
});

export function roleProcedure(...roles: StaffRole[]) {
  return schoolProcedure.use(async ({ ctx, next }) => {
    if (!roles.includes(ctx.school.role)) throw new AppError('FORBIDDEN', 'FORBIDDEN');
    return next();
  });
}

export const adminProcedure = roleProcedure('ADMIN');
