import { schema } from '@volant/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { hashToken } from '../../lib/crypto.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SessionUser } from '../user/session.queries.ts';

const { schoolInvites, schoolMembers, schools, users } = schema;

const pending = and(isNull(schoolInvites.usedAt), isNull(schoolInvites.declinedAt));
/** Pending and not expired: what can still be accepted. */
const open = (now: Date) => and(pending, gt(schoolInvites.expiresAt, now));

/** Invites addressed to the user's e-mail that are neither used, declined nor expired. */
export function listUnusedInvites(deps: AppDeps, user: SessionUser) {
  return deps.db
    .select({ id: schoolInvites.id, schoolId: schools.id, schoolName: schools.name, role: schoolInvites.role })
    .from(schoolInvites)
    .innerJoin(schools, eq(schools.id, schoolInvites.schoolId))
    .where(and(sql`lower(${schoolInvites.email}) = ${user.email.toLowerCase()}`, open(deps.now())))
    .orderBy(schoolInvites.createdAt);
}

export async function declineInvite(deps: AppDeps, user: SessionUser, id: string) {
  const [row] = await deps.db
    .update(schoolInvites)
    .set({ declinedAt: deps.now() })
    .where(and(eq(schoolInvites.id, id), sql`lower(${schoolInvites.email}) = ${user.email.toLowerCase()}`, pending))
    .returning({ schoolId: schoolInvites.schoolId });
  if (!row) throw new AppError('NOT_FOUND', 'NOT_FOUND');
  await audit(deps.db, { schoolId: row.schoolId, userId: user.id, action: 'invite.decline', entityType: 'invite', entityId: id });
  return { ok: true as const };
}

/**
 * Accept: claim the invite, become a member (or re-activate), make the school active. The claiming statement itself
 * checks that the account is confirmed and has the invited address, so an account that merely registered the address
 * (without its mailbox) cannot take the invite.
 */
export async function applyInvite(deps: AppDeps, user: SessionUser, where: { id: string } | { code: string }) {
  const result = await deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .update(schoolInvites)
      .set({ usedAt: deps.now() })
      .where(
        and(
          'id' in where ? eq(schoolInvites.id, where.id) : eq(schoolInvites.tokenHash, hashToken(where.code)),
          open(deps.now()),
          sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.isActivated} and lower(${users.email}) = lower(${schoolInvites.email}))`,
        ),
      )
      .returning({ id: schoolInvites.id, schoolId: schoolInvites.schoolId, role: schoolInvites.role });
    if (!invite) throw new AppError('INVALID_CODE', 'NOT_FOUND');
    await tx
      .insert(schoolMembers)
      .values({ schoolId: invite.schoolId, userId: user.id, role: invite.role, firstName: user.firstName, lastName: user.lastName, email: user.email })
      .onConflictDoUpdate({
        target: [schoolMembers.schoolId, schoolMembers.userId],
        set: { isActive: true, role: invite.role },
      });
    await tx.update(users).set({ activeSchoolId: invite.schoolId }).where(eq(users.id, user.id));
    await audit(tx, { schoolId: invite.schoolId, userId: user.id, action: 'invite.accept', entityType: 'invite', entityId: invite.id });
    const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, invite.schoolId));
    return { schoolId: invite.schoolId, schoolName: school.name };
  });
  deps.live.joinSchool(user.id, result.schoolId);
  return result;
}

/** What the public invite page shows for a link. */
export async function describeInvite(deps: AppDeps, code: string) {
  const [row] = await deps.db
    .select({
      schoolName: schools.name,
      email: schoolInvites.email,
      usedAt: schoolInvites.usedAt,
      declinedAt: schoolInvites.declinedAt,
      expiresAt: schoolInvites.expiresAt,
    })
    .from(schoolInvites)
    .innerJoin(schools, eq(schools.id, schoolInvites.schoolId))
    .where(eq(schoolInvites.tokenHash, hashToken(code)))
    .limit(1);
  if (!row) throw new AppError('INVALID_CODE', 'NOT_FOUND');
  const isExpired = row.expiresAt <= deps.now();
  return { schoolName: row.schoolName, email: row.email, isPending: !row.usedAt && !row.declinedAt && !isExpired, isExpired };
}
