// The procedure ladder (DESIGN §5): public → authed → school → role for staff; pass and student for a student
// (docs/decisions/0005-student-rung.md). Each rung proves its caller once and hands the proven ids down.
import { APP_ERRORS } from '@volant/shared/errors';
import type { StaffRole } from '@volant/shared/enums';
import { mayCall } from '@volant/shared/permissions';
import { schoolIdInput } from '@volant/shared/validation';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { checkPass, type PassKey, passRefusalError, passRefusalText } from '../gate/pass-check.ts';
import { findSessionUser, findSessionWithMembershipByHash } from '../gate/session.queries.ts';
import { findLiveStudentSession } from '../gate/student-session.queries.ts';
import { type AppDeps, type Context, loadSession } from './context.ts';
import { AppError } from '../lib/app-error.ts';
import { hashToken } from '../lib/crypto.ts';
import { findMembership, type ProvenStudent, proveSchoolId, proveStudent } from '../lib/tenant.ts';
import { baseProcedure, t } from './init.ts';

const rateLimited = baseProcedure.use(async ({ ctx, path, next }) => {
  if (!ctx.limits.public.hit(`${ctx.ip}|${path}`)) throw new AppError('RATE_LIMITED');
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
 * Session and membership from the gate's cache, or from the database in one statement (then cached). What decides
 * access (the login, the membership, its role, the school's block) is never stale; the user's other fields in
 * `ctx.user` (names, e-mail, active school, the operator role) may be up to the cache's TTL old here, so code that
 * depends on them reads them fresh (as `authedProcedure`, which is not cached, does).
 */
type GateDeps = Pick<Context, 'db' | 'sessionCache' | 'now' | 'session' | 'token'>;

async function sessionWithMembership(ctx: GateDeps, token: string, schoolId: string) {
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const cache = ctx.sessionCache;
  const cached = cache?.get(tokenHash, schoolId, now);
  if (cached) return cached;
  const epoch = cache?.begin() ?? 0;
  const found = await findSessionWithMembershipByHash(ctx.db, tokenHash, schoolId, now);
  // Only a live session with an active membership is kept; a refusal asks the database again next time.
  if (cache && found?.membership) cache.put(tokenHash, schoolId, epoch, { ...found, membership: found.membership });
  return found;
}

/**
 * Session and membership proven in the database in one statement (or by the gate's cache, which every revocation
 * empties at once on every instance: lib/session-cache.ts), whether or not the school is blocked (the shell's own
 * reads). One round trip instead of two on every school-scoped call, none on a cache hit.
 */
async function proveMember(ctx: GateDeps, schoolId: string) {
  const found = ctx.session
    ? { session: ctx.session, membership: await findMembership(ctx.db, schoolId, ctx.session.user.id) }
    : ctx.token
      ? await sessionWithMembership(ctx, ctx.token, schoolId)
      : null;
  if (!found) throw unauthorized();
  const { session, membership } = found;
  // Another school's data reveals nothing: the same answer as a school that does not exist.
  if (!membership) throw new AppError('NOT_FOUND');
  const school = { id: proveSchoolId(schoolId), role: membership.role, memberId: membership.memberId, isBlocked: membership.isBlocked };
  return { session, user: session.user, school };
}

/** Whether a token opens a live session: from the gate's cache when it saw the token within its TTL, else one lookup. */
export async function hasLiveSession(ctx: Pick<Context, 'db' | 'sessionCache' | 'now'>, token: string): Promise<boolean> {
  const tokenHash = hashToken(token);
  const cache = ctx.sessionCache;
  if (cache?.knowsToken(tokenHash, ctx.now())) return true;
  const epoch = cache?.begin() ?? 0;
  const session = await findSessionUser(ctx.db, token, ctx.now());
  if (session) cache?.rememberToken(tokenHash, epoch, session);
  return session !== null;
}

/**
 * The rung before any input is read (issue 17): tRPC deserializes and parses an input only when a procedure asks for
 * it, so a call without a token, or with a token of no live session, is refused here without its input costing
 * anything. A token the gate's cache saw live within its TTL needs no database; otherwise one indexed lookup. The
 * membership is proven after the input, by `proveMember`.
 */
const callerRung = baseProcedure.use(async ({ ctx, next }) => {
  if (ctx.session) return next();
  if (!ctx.token) throw unauthorized();
  if (!(await hasLiveSession(ctx, ctx.token))) throw unauthorized();
  return next();
});

/**
 * The role rung (issue 17 item 16): the caller's role in the proven school against the one permission table
 * (@volant/shared/permissions, docs/permissions.md). A school procedure missing from the table is refused to every
 * role, so a new procedure is closed until it gets its row.
 */
function requirePermission(path: string, role: StaffRole) {
  if (!mayCall(path, role)) throw new AppError('FORBIDDEN');
}

export const memberProcedure = callerRung.input(schoolIdInput).use(async ({ ctx, input, path, next }) => {
  const gate = await proveMember(ctx, input.schoolId);
  requirePermission(path, gate.school.role);
  return next({ ctx: { ...ctx, ...gate } });
});

/** School-scoped work: a member of an unblocked school. */
export const schoolProcedure = memberProcedure.use(async ({ ctx, next }) => {
  if (ctx.school.isBlocked) throw new AppError('GROUP_BLOCKED');
  return next();
});

/** The school gate in one step: the membership, the permission of `path`, the school not blocked. */
async function proveSchool(ctx: GateDeps, schoolId: string, path: string) {
  const gate = await proveMember(ctx, schoolId);
  requirePermission(path, gate.school.role);
  if (gate.school.isBlocked) throw new AppError('GROUP_BLOCKED');
  return gate;
}

/** Marks the procedures a student reaches (the student rungs): the isolation test's student half must list each. */
export const STUDENT_REACH = { studentReach: true } as const;

/**
 * The pass rung: a student's pass code opens the procedure without login (spec §2, §7). Rate-limited per client
 * address like every public procedure, then the code is checked (gate/pass-check.ts: the waits after wrong codes);
 * the procedure gets `ctx.student` proven, or the refusal is thrown (STUDENT_PASS_INVALID, STUDENT_PASS_THROTTLED).
 */
export function passProcedure<S extends z.ZodType<PassKey>>(input: S) {
  return rateLimited
    .meta(STUDENT_REACH)
    .input(input)
    .use(async ({ ctx, input: key, next }) => {
      const pass = await checkPass(ctx, ctx.ip, key as PassKey);
      if (!pass.ok) throw passRefusalError(pass.refusal);
      return next({ ctx: { ...ctx, student: pass.student } });
    });
}

type School = Awaited<ReturnType<typeof proveSchool>>['school'];
/** Who a school-or-pass procedure answers: staff of the school, or the student their code proved. */
export type SchoolOrPassReader = { school: School; student: null } | { school: null; student: ProvenStudent };
/** With `answerRefusal`, a code that does not open the pass reaches the procedure as the page's text instead. */
type Refused = { school: null; student: null; refused: string };

/**
 * A school read that a student's pass code opens too (spec §7: student.getStudentPass, drivingLessonsRecord.
 * getDrivingLessonsRecords): an input carrying `secretCode` goes through the pass rung (rate-limited per client
 * address, the code checked, `ctx.reader.student` proven); any other input passes the school gate exactly as a
 * schoolProcedure's does (`ctx.reader.school`). A refusal of the code is thrown, or with `answerRefusal` handed to
 * the procedure as `ctx.reader.refused` (student.getStudentPass answers it as a string).
 */
export function schoolOrPassProcedure<S extends z.ZodType<{ schoolId: string } | PassKey>, A extends boolean = false>(input: S, opts?: { answerRefusal: A }) {
  type Reader = A extends true ? SchoolOrPassReader | Refused : SchoolOrPassReader;
  return baseProcedure
    .meta(STUDENT_REACH)
    .input(input)
    .use(async ({ ctx, input: parsed, path, next }) => {
      const value = parsed as { schoolId: string } | PassKey;
      if ('secretCode' in value) {
        if (!ctx.limits.public.hit(`${ctx.ip}|${path}`)) throw new AppError('RATE_LIMITED');
        const pass = await checkPass(ctx, ctx.ip, value);
        if (!pass.ok && !opts?.answerRefusal) throw passRefusalError(pass.refusal);
        const reader = pass.ok ? { school: null, student: pass.student } : { school: null, student: null, refused: passRefusalText(pass.refusal) };
        return next({ ctx: { ...ctx, user: null, reader: reader as Reader } });
      }
      const gate = await proveSchool(ctx, value.schoolId, path);
      return next({
        ctx: { ...ctx, session: gate.session, user: gate.user as typeof gate.user | null, reader: { school: gate.school, student: null } as Reader },
      });
    });
}

/**
 * The student rung: a student's own session (schema student_sessions; the next issue's login), from the Bearer token.
 * One statement proves the session live, the student not removed nor cancelled (STORNO) and the student the school's;
 * the procedure gets `ctx.student` (and `ctx.studentSessionId`, for the logout). A staff token is no student session (and a student token no staff session: the staff rungs read
 * `sessions` only), so neither kind passes the other's rungs. The same refusal for every failure: UNAUTHORIZED.
 */
export const studentProcedure = baseProcedure.meta(STUDENT_REACH).use(async ({ ctx, next }) => {
  const found = ctx.token ? await findLiveStudentSession(ctx.db, ctx.token, ctx.now()) : null;
  if (!found) throw unauthorized();
  return next({ ctx: { ...ctx, session: null, user: null, student: proveStudent(found.schoolId, found.studentId), studentSessionId: found.sessionId } });
});

/**
 * The school gate for a plain-HTTP route (the file download): the token's live session, its active membership of the
 * school, the permission of procedure `path`, the school not blocked — the same answers (UNAUTHORIZED, NOT_FOUND,
 * FORBIDDEN, GROUP_BLOCKED) and the same session cache as a schoolProcedure, without a tRPC call.
 */
export function proveSchoolRequest(deps: AppDeps, token: string, schoolId: string, path: string) {
  return proveSchool({ ...deps, token, session: null }, schoolId, path);
}

export function roleProcedure(...roles: StaffRole[]) {
  return schoolProcedure.use(async ({ ctx, next }) => {
    if (!roles.includes(ctx.school.role)) throw new AppError('FORBIDDEN');
    return next();
  });
}

export const adminProcedure = roleProcedure('ADMIN');

/** The clock an input's shape is built with: the last day a date input accepts, so no date is 'in the future'. */
const LAST_DAY = new Date('2100-12-30T12:00:00Z');

/**
 * An input with rules on now (a birth date at most tomorrow in the school's zone) is a schema built with a clock,
 * `make(now)`, as the web's form builds it with the browser's. tRPC parses `.input()` without a context, so a procedure
 * takes it as `.concat(clockedInput(make))`: the raw input is checked with `make(ctx.now())`, with every field message,
 * then `.input()` parses it with the schema built on LAST_DAY (the rules on now refuse nothing), for the types and
 * transforms.
 */
export function clockedInput<S extends z.ZodType>(make: (now: Date) => S) {
  return t.procedure
    .use(async ({ ctx, getRawInput, next }) => {
      const checked = await make(ctx.now()).safeParseAsync(await getRawInput());
      if (!checked.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: checked.error });
      return next();
    })
    .input(make(LAST_DAY));
}

/** The operator's tools (user role ADMIN of spec §6): any school, behind the operator's own role. */
export const operatorProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') throw new AppError('FORBIDDEN');
  return next();
});
