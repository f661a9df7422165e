// The operator's tools (user role ADMIN of spec §6): block a school, change its tier, notify, switch feature flags.
// They act on any school, so they take a plain school id (no membership is proven) behind the operator gate.
import type { FeatureFlag, NotificationType, Tier } from '@volant/shared/enums';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { settleTierUpgradeRequests } from '../account/tier-upgrade.queries.ts';
import { insertNotification, replaceFeatureFlag, updateSchoolStatus } from './operator.queries.ts';

export async function setSchoolBlocked(deps: AppDeps, userId: string, input: { targetSchoolId: string; isBlocked: boolean }) {
  await inTransaction(deps, async (tx, after) => {
    const schoolId = await updateSchoolStatus(tx, input.targetSchoolId, { isBlocked: input.isBlocked });
    if (!schoolId) throw new AppError('NOT_FOUND');
    await audit(tx, { schoolId, userId, action: 'operator.setSchoolBlocked', entityType: 'school', entityId: schoolId, data: input });
    await after.invalidateSessions({ kind: 'school', schoolId });
    after.live((live) => live.setSchoolBlocked(schoolId, input.isBlocked));
  });
  return { ok: true as const };
}

export async function setSchoolTier(deps: AppDeps, userId: string, input: { targetSchoolId: string; tier: Tier }) {
  await inTransaction(deps, async (tx, after) => {
    const schoolId = await updateSchoolStatus(tx, input.targetSchoolId, { tier: input.tier });
    if (!schoolId) throw new AppError('NOT_FOUND');
    await audit(tx, { schoolId, userId, action: 'operator.setSchoolTier', entityType: 'school', entityId: schoolId, data: input });
    await settleTierUpgradeRequests(tx, schoolId, input.tier, deps.now());
    after.live((live) => live.toSchool(schoolId, { TierChangedMessage: { schoolId } }));
  });
  return { ok: true as const };
}

/** A notification for one school's members or for one user. */
export async function createNotification(
  deps: AppDeps,
  input: { targetSchoolId?: string; targetUserId?: string; type: NotificationType; title: string; message: string },
) {
  if (!input.targetSchoolId === !input.targetUserId) throw new AppError('INVALID_INPUT', 'Zadejte buď autoškolu, nebo uživatele.');
  return inTransaction(deps, async (tx, after) => {
    const id = await insertNotification(tx, {
      schoolId: input.targetSchoolId ?? null,
      userId: input.targetUserId ?? null,
      type: input.type,
      title: input.title,
      message: input.message,
      // The unpaid notice is the admins' business (issue 11): the school's other staff do not see it.
      staffRoles: input.type === 'UNPAID_GROUP' && input.targetSchoolId ? ['ADMIN'] : null,
    });
    const message = { NotificationMessage: { id, type: input.type } };
    const { targetUserId, targetSchoolId } = input;
    if (targetUserId) after.live((live) => live.toUser(targetUserId, message));
    else if (targetSchoolId) after.live((live) => live.toSchool(targetSchoolId, message));
    return { id };
  });
}

/** Turns a feature flag on or off for everybody (no user) or for one user. */
export async function setFeatureFlag(deps: AppDeps, userId: string, input: { name: FeatureFlag; targetUserId?: string | null; isEnabled: boolean }) {
  await inTransaction(deps, async (tx, after) => {
    await replaceFeatureFlag(tx, input.name, input.targetUserId ?? null, input.isEnabled);
    await audit(tx, { schoolId: null, userId, action: 'operator.setFeatureFlag', entityType: 'featureFlag', data: input });
    // Open sessions reload their flags: the one user's, or everybody's for a flag of everybody.
    const { targetUserId } = input;
    const message = { FeatureFlagsMessage: {} };
    after.live((live) => (targetUserId ? live.toUser(targetUserId, message) : live.toEveryone(message)));
  });
  return { ok: true as const };
}
