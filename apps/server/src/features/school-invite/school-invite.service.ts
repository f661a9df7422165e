import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { hashToken } from '../../lib/crypto.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { getSchoolName, upsertMember } from '../school/school.queries.ts';
import { linkTeacherWithoutLogin } from '../school/teacher.queries.ts';
import { teacherMessage } from '../school/teacher.service.ts';
import type { SessionUser } from '../../gate/session.queries.ts';
import { setActiveSchool } from '../user/user.queries.ts';
import { claimInvite, declineInviteRow, findInviteByTokenHash, listOpenInvitesTo } from './school-invite.queries.ts';
import { notifySchoolStaff } from '../notification/notify.ts';

/** Invites addressed to the user's e-mail that are neither used, declined nor expired. */
export function listUnusedInvites(deps: AppDeps, user: SessionUser) {
  return listOpenInvitesTo(deps.db, user.email, deps.now());
}

export async function declineInvite(deps: AppDeps, user: SessionUser, id: string) {
  await inTransaction(deps, async (tx) => {
    const schoolId = await declineInviteRow(tx, id, user.email, deps.now());
    if (!schoolId) throw new AppError('NOT_FOUND');
    await audit(tx, { schoolId, userId: user.id, action: 'invite.decline', entityType: 'invite', entityId: id });
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
    if (linkedId) after.live((live) => teacherMessage(live, invite.schoolId, linkedId));
    else
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
    await audit(tx, { schoolId: invite.schoolId, userId: user.id, action: 'invite.accept', entityType: 'invite', entityId: invite.id });
    const schoolName = await getSchoolName(tx, invite.schoolId);
    await notifySchoolStaff(deps, tx, after, {
      schoolId: invite.schoolId,
      event: 'INVITE_ACCEPTED',
      title: 'Přijatá pozvánka',
      message: `${user.firstName} ${user.lastName} (${user.email}) přijal(a) pozvánku do autoškoly.`,
      link: '/app/settings/teachers',
      staffRoles: ['ADMIN'],
      actorUserId: user.id,
    });
    after.live((live) => live.joinSchool(user.id, invite.schoolId));
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
