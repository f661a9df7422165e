import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { createSchoolInput, inviteMemberInput, updateSchoolInput } from '@volant/shared/validation';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { enqueueMail, hasMailQuota, lockRecipient } from '../../mail/outbox.queries.ts';
import { schoolInviteMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { SessionUser } from '../user/session.queries.ts';
import { toGroupSettings } from './school.dto.ts';

const { schools, schoolMembers, schoolInvites, users } = schema;

export async function createSchool(deps: AppDeps, user: SessionUser, input: z.output<typeof createSchoolInput>) {
  const school = await deps.db.transaction(async (tx) => {
    const [school] = await tx
      .insert(schools)
      .values({ ...input.info, ...input.address })
      .returning();
    await tx.insert(schoolMembers).values({
      schoolId: school.id,
      userId: user.id,
      role: 'ADMIN',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    });
    await tx.update(users).set({ activeSchoolId: school.id }).where(eq(users.id, user.id));
    await audit(tx, { schoolId: school.id, userId: user.id, action: 'school.create', entityType: 'school', entityId: school.id });
    return school;
  });
  deps.live.joinSchool(user.id, school.id);
  return toGroupSettings(school);
}

export async function updateSchool(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof updateSchoolInput>) {
  const values: Partial<typeof schools.$inferInsert> = { updatedAt: deps.now() };
  if (input.info) Object.assign(values, input.info);
  if (input.address) Object.assign(values, input.address);
  if (input.contact)
    Object.assign(values, { contactEmail: input.contact.email ?? null, contactPhone: input.contact.phone, contactWeb: input.contact.web ?? null });
  if (input.operator !== undefined) {
    const o = input.operator;
    Object.assign(values, {
      operatorName: o?.name ?? null,
      operatorCompanyNumber: o?.companyNumber ?? null,
      operatorStreet: o?.street ?? null,
      operatorStreetCode: o?.streetCode ?? null,
      operatorCity: o?.city ?? null,
      operatorPostCode: o?.postCode ?? null,
    });
  }
  return deps.db.transaction(async (tx) => {
    const [school] = await tx.update(schools).set(values).where(eq(schools.id, schoolId)).returning();
    if (!school) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    await audit(tx, { schoolId, userId, action: 'school.update', entityType: 'school', entityId: schoolId, data: input });
    return toGroupSettings(school);
  });
}

async function isMemberEmail(db: DbOrTx, schoolId: SchoolId, email: string) {
  const [row] = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.isActive, true), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  return !!row;
}

const INVITE_TTL_MS = 14 * 86_400_000;

function inviteUrl(deps: AppDeps, code: string) {
  return `${deps.config.publicUrl}/school-invite-confirm/${code}`;
}

export async function inviteMember(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof inviteMemberInput>) {
  if (await isMemberEmail(deps.db, schoolId, input.email)) throw new AppError('ALREADY_MEMBER', 'CONFLICT');
  const code = newToken();
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    await lockRecipient(tx, input.email);
    // An expired invite no longer blocks a new one: it is closed the way a cancelled one is.
    await tx
      .update(schoolInvites)
      .set({ declinedAt: now })
      .where(
        and(
          eq(schoolInvites.schoolId, schoolId),
          sql`lower(${schoolInvites.email}) = ${input.email}`,
          isNull(schoolInvites.usedAt),
          isNull(schoolInvites.declinedAt),
          lte(schoolInvites.expiresAt, now),
        ),
      );
    const [invite] = await tx
      .insert(schoolInvites)
      .values({
        schoolId,
        email: input.email,
        role: input.role,
        invitedBy: userId,
        tokenHash: hashToken(code),
        expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ id: schoolInvites.id });
    if (!invite) throw new AppError('INVITE_EXISTS', 'CONFLICT');
    const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
    const [invitee] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email}`);
    // Over the hourly limit of invite mails to this address the invite still waits in the invitee's account.
    await enqueueMail(tx, 'INVITE', schoolInviteMail(input.email, school.name, inviteUrl(deps, code)), now);
    await audit(tx, { schoolId, userId, action: 'school.invite', entityType: 'invite', entityId: invite.id, data: { email: input.email, role: input.role } });
    return { invite, inviteeId: invitee?.id };
  });
  deps.outbox.wake();
  if (result.inviteeId) deps.live.toUser(result.inviteeId, { SchoolInviteCreatedMessage: { inviteId: result.invite.id } });
  return { id: result.invite.id };
}

/** Pending invites with their expiry; an expired one stays listed (as expired) until it is resent or cancelled. */
export async function listPendingInvites(deps: AppDeps, schoolId: SchoolId) {
  const rows = await deps.db
    .select({
      id: schoolInvites.id,
      email: schoolInvites.email,
      role: schoolInvites.role,
      createdAt: schoolInvites.createdAt,
      expiresAt: schoolInvites.expiresAt,
    })
    .from(schoolInvites)
    .where(and(eq(schoolInvites.schoolId, schoolId), isNull(schoolInvites.usedAt), isNull(schoolInvites.declinedAt)))
    .orderBy(schoolInvites.createdAt);
  const now = deps.now();
  return rows.map((row) => ({ ...row, isExpired: row.expiresAt <= now }));
}

/**
 * A new code and a new expiry for a pending invite (expired or not), and a new mail; the old link stops working. Over
 * the hourly limit of invite mails to the address nothing changes, so the link already sent keeps working.
 */
export async function resendInvite(deps: AppDeps, schoolId: SchoolId, userId: string, inviteId: string) {
  const code = newToken();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ email: schoolInvites.email })
      .from(schoolInvites)
      .where(and(eq(schoolInvites.schoolId, schoolId), eq(schoolInvites.id, inviteId), isNull(schoolInvites.usedAt), isNull(schoolInvites.declinedAt)));
    if (!current) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    await lockRecipient(tx, current.email);
    if (!(await hasMailQuota(tx, 'INVITE', current.email, now))) return;
    const [invite] = await tx
      .update(schoolInvites)
      .set({ tokenHash: hashToken(code), expiresAt: new Date(now.getTime() + INVITE_TTL_MS) })
      .where(and(eq(schoolInvites.schoolId, schoolId), eq(schoolInvites.id, inviteId), isNull(schoolInvites.usedAt), isNull(schoolInvites.declinedAt)))
      .returning({ email: schoolInvites.email });
    if (!invite) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    const [school] = await tx.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
    await enqueueMail(tx, 'INVITE', schoolInviteMail(invite.email, school.name, inviteUrl(deps, code)), now);
    await audit(tx, { schoolId, userId, action: 'school.resendInvite', entityType: 'invite', entityId: inviteId });
  });
  deps.outbox.wake();
  return { ok: true as const };
}

export async function cancelInvite(deps: AppDeps, schoolId: SchoolId, userId: string, inviteId: string) {
  const [row] = await deps.db
    .update(schoolInvites)
    .set({ declinedAt: deps.now() })
    .where(and(eq(schoolInvites.schoolId, schoolId), eq(schoolInvites.id, inviteId), isNull(schoolInvites.usedAt), isNull(schoolInvites.declinedAt)))
    .returning({ id: schoolInvites.id, email: schoolInvites.email });
  if (!row) throw new AppError('NOT_FOUND', 'NOT_FOUND');
  await audit(deps.db, { schoolId, userId, action: 'school.cancelInvite', entityType: 'invite', entityId: inviteId });
  const [invitee] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${row.email}`);
  if (invitee) deps.live.toUser(invitee.id, { SchoolInviteCreatedMessage: { inviteId } });
  return { ok: true as const };
}

export async function removeMember(deps: AppDeps, schoolId: SchoolId, userId: string, memberId: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(schoolMembers)
      .set({ isActive: false })
      .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId), eq(schoolMembers.isActive, true)))
      .returning({ userId: schoolMembers.userId, role: schoolMembers.role });
    if (!row) throw new AppError('NOT_FOUND', 'NOT_FOUND');
    if (row.userId === userId) throw new AppError('FORBIDDEN', 'FORBIDDEN', 'Sami sebe z autoškoly odebrat nemůžete.');
    if (row.userId) {
      await tx
        .update(users)
        .set({ activeSchoolId: null })
        .where(and(eq(users.id, row.userId), eq(users.activeSchoolId, schoolId)));
    }
    await audit(tx, { schoolId, userId, action: 'school.removeMember', entityType: 'member', entityId: memberId });
    return row;
  });
  if (removed.userId) {
    deps.live.leaveSchool(removed.userId, schoolId);
    deps.live.toUser(removed.userId, { SchoolInviteRemovedMessage: { schoolId } });
  }
  return { ok: true as const };
}
