import type { createSchoolInput, inviteMemberInput, updateSchoolInput } from '@volant/shared/school/inputs';
import { bankAccountIban } from '@volant/shared/school/bank-account';
import { SCHOOLS_PER_ACCOUNT_PER_DAY } from '@volant/shared/school/limits';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { hasMailQuota, lockRecipient } from '../../mail/outbox.queries.ts';
import { schoolInviteMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  cancelInviteRow,
  closeExpiredInvites,
  findPendingInviteEmail,
  insertInvite,
  listPendingInvites as listPendingInviteRows,
  renewInvite,
} from '../school-invite/school-invite.queries.ts';
import type { SessionUser } from '../../gate/session.queries.ts';
import { setActiveSchool } from '../user/user.queries.ts';
import { toGroupSettings } from './school.dto.ts';
import {
  clearActiveSchool,
  countSchoolsFoundedSince,
  deactivateMember,
  getSchoolName,
  insertMember,
  insertSchool,
  isMemberEmail,
  type SchoolValues,
  updateSchoolRow,
} from './school.queries.ts';

export async function createSchool(deps: AppDeps, user: SessionUser, input: z.output<typeof createSchoolInput>) {
  return inTransaction(deps, async (tx, after) => {
    // A few schools per account a day (issue 17 item 18); counted in the database, so every instance agrees.
    const since = new Date(deps.now().getTime() - 24 * 3_600_000);
    if ((await countSchoolsFoundedSince(tx, user.id, since)) >= SCHOOLS_PER_ACCOUNT_PER_DAY) throw new AppError('SCHOOL_CREATE_LIMIT');
    const school = await insertSchool(tx, { ...input.info, ...input.address });
    await insertMember(tx, {
      schoolId: school.id,
      userId: user.id,
      role: 'ADMIN',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    });
    await setActiveSchool(tx, user.id, school.id);
    // The school just founded, with the caller as its admin: its id is proven by this transaction.
    const schoolId = school.id as SchoolId;
    await recordEvent(deps, tx, after, { name: 'school.create', schoolId, userId: user.id, entityType: 'school', entityId: schoolId });
    return toGroupSettings(school);
  });
}

export async function updateSchool(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof updateSchoolInput>) {
  const values: SchoolValues = { updatedAt: deps.now() };
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
      operatorVatPayer: o?.vatPayer ?? false,
      operatorVatId: o?.vatId ?? null,
      operatorBankAccount: o?.bankAccount ?? null,
      // The input normalized the account; its IBAN is derived here, once, for the invoices' QR Platba.
      operatorBankIban: bankAccountIban(o?.bankAccount),
    });
    // Removing the operator keeps the school's due days; a saved operator sets them.
    if (o) values.invoiceDueDays = o.invoiceDueDays;
  }
  return inTransaction(deps, async (tx, after) => {
    const school = await updateSchoolRow(tx, schoolId, values);
    if (!school) throw new AppError('NOT_FOUND');
    await recordEvent(deps, tx, after, { name: 'school.update', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
    return toGroupSettings(school);
  });
}

const INVITE_TTL_MS = 14 * 86_400_000;

function inviteUrl(deps: AppDeps, code: string) {
  return `${deps.config.publicUrl}/school-invite-confirm/${code}`;
}

export async function inviteMember(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof inviteMemberInput>) {
  const code = newToken();
  const now = deps.now();
  return inTransaction(deps, async (tx, after) => {
    if (await isMemberEmail(tx, schoolId, input.email)) throw new AppError('ALREADY_MEMBER');
    await lockRecipient(tx, input.email);
    await closeExpiredInvites(tx, schoolId, input.email, now);
    const invite = await insertInvite(tx, schoolId, {
      email: input.email,
      role: input.role,
      invitedBy: userId,
      tokenHash: hashToken(code),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    if (!invite) throw new AppError('INVITE_EXISTS');
    const schoolName = await getSchoolName(tx, schoolId);
    // Over the hourly limit of invite mails to this address the invite still waits in the invitee's account.
    await after.mail('INVITE', schoolInviteMail(input.email, schoolName, inviteUrl(deps, code)));
    const data = { email: input.email, role: input.role };
    await recordEvent(deps, tx, after, { name: 'school.invite', schoolId, userId, entityType: 'invite', entityId: invite.id, data });
    return { id: invite.id };
  });
}

/** Pending invites with their expiry; an expired one stays listed (as expired) until it is resent or cancelled. */
export async function listPendingInvites(deps: AppDeps, schoolId: SchoolId) {
  const rows = await listPendingInviteRows(deps.db, schoolId);
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
  await inTransaction(deps, async (tx, after) => {
    const current = await findPendingInviteEmail(tx, schoolId, inviteId);
    if (!current) throw new AppError('NOT_FOUND');
    await lockRecipient(tx, current);
    if (!(await hasMailQuota(tx, 'INVITE', current, now))) return;
    const email = await renewInvite(tx, schoolId, inviteId, hashToken(code), new Date(now.getTime() + INVITE_TTL_MS));
    if (!email) throw new AppError('NOT_FOUND');
    const schoolName = await getSchoolName(tx, schoolId);
    await after.mail('INVITE', schoolInviteMail(email, schoolName, inviteUrl(deps, code)));
    await recordEvent(deps, tx, after, { name: 'school.resendInvite', schoolId, userId, entityType: 'invite', entityId: inviteId });
  });
  return { ok: true as const };
}

export async function cancelInvite(deps: AppDeps, schoolId: SchoolId, userId: string, inviteId: string) {
  await inTransaction(deps, async (tx, after) => {
    const email = await cancelInviteRow(tx, schoolId, inviteId, deps.now());
    if (!email) throw new AppError('NOT_FOUND');
    await recordEvent(deps, tx, after, { name: 'school.cancelInvite', schoolId, userId, entityType: 'invite', entityId: inviteId });
  });
  return { ok: true as const };
}

export async function removeMember(deps: AppDeps, schoolId: SchoolId, userId: string, memberId: string) {
  await inTransaction(deps, async (tx, after) => {
    const row = await deactivateMember(tx, schoolId, memberId);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.userId === userId) throw new AppError('FORBIDDEN', 'Sami sebe z autoškoly odebrat nemůžete.');
    const removedUserId = row.userId;
    if (removedUserId) {
      await clearActiveSchool(tx, removedUserId, schoolId);
      await after.invalidateSessions({ kind: 'member', userId: removedUserId, schoolId });
    }
    await recordEvent(deps, tx, after, { name: 'school.removeMember', schoolId, userId, entityType: 'member', entityId: memberId });
  });
  return { ok: true as const };
}
