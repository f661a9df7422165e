import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/crypto.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { getSchoolName, upsertMember } from '../school/school.queries.ts';
import { linkTeacherWithoutLogin } from '../school/teacher.queries.ts';
import type { SessionUser } from '../../gate/session.queries.ts';
import { setActiveSchool } from '../user/user.queries.ts';
import { claimInvite, declineInviteRow, findInviteByTokenHash, listOpenInvitesTo } from './school-invite.queries.ts';

/** Invites addressed to the user's e-mail that are neither used, declined nor expired. */
export function listUnusedInvites(deps: AppDeps, user: SessionUser) {
  return listOpenInvitesTo(deps.db, user.email, deps.now());
}

// The school of an invite's event is the invite's: declining or claiming an invite addressed to the user's own
// address (or carrying its code) is what proves the user's business with that school (docs/decisions/0007).
export async function declineInvite(deps: AppDeps, user: SessionUser, id: string) {
  await inTransaction(deps, async (tx, after) => {
    const schoolId = (await declineInviteRow(tx, id, user.email, deps.now())) as SchoolId | undefined;
    if (!schoolId) throw new AppError('NOT_FOUND');
    await recordEvent(deps, tx, after, { name: 'invite.decline', schoolId, userId: user.id, entityType: 'invite', entityId: id });
  });
  return { ok: true as const };
}

/**
 * Accept: claim the invite (only a confirmed account with the invited address can), become a member (or re-activate,
 * or take over the school's teacher without a login who has this e-mail), make the school active.
 */
export async function applyInvite(deps: AppDeps, user: SessionUser, where: { id: string } | { code: string }) {
  return inTransaction(deps, async (tx, after) => {
    const invite = await claimInvite(tx, user.id, 'id' in where ? { id: where.id } : { tokenHash: hashToken(where.code) }, deps.now());
    if (!invite) throw new AppError('INVALID_CODE');
    // A teacher the school added without a login, with this e-mail, becomes this account's membership.
    const linkedId = await linkTeacherWithoutLogin(tx, invite.schoolId, user.id, user.email, invite.role);
    if (!linkedId)
      await upsertMember(tx, {
        schoolId: invite.schoolId,
        userId: user.id,
        role: invite.role,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
      });
    // A membership that comes back may come back with another role.
    await after.invalidateSessions({ kind: 'member', userId: user.id, schoolId: invite.schoolId });
    await setActiveSchool(tx, user.id, invite.schoolId);
    const schoolId = invite.schoolId as SchoolId;
    await recordEvent(deps, tx, after, { name: 'invite.accept', schoolId, userId: user.id, entityType: 'invite', entityId: invite.id });
    const schoolName = await getSchoolName(tx, invite.schoolId);
    return { schoolId: invite.schoolId, schoolName };
  });
}

/** What the public invite page shows for a link. */
export async function describeInvite(deps: AppDeps, code: string) {
  const row = await findInviteByTokenHash(deps.db, hashToken(code));
  if (!row) throw new AppError('INVALID_CODE');
  const isExpired = row.expiresAt <= deps.now();
  return { schoolName: row.schoolName, email: row.email, isPending: !row.usedAt && !row.declinedAt && !isExpired, isExpired };
}
