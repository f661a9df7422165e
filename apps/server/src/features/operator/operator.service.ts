// The operator's tools (user role ADMIN of spec §6): block a school, change its tier, notify, switch feature flags.
// They act on any school, so they take a plain school id (no membership is proven) behind the operator gate; the id
// an update returned is the event's school (the school exists and the operator reaches every school).
import type { FeatureFlag, NotificationType, Tier } from '@volant/shared/enums';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { settleTierUpgradeRequests } from '../account/tier-upgrade.queries.ts';
import { insertNotification, replaceFeatureFlag, updateSchoolStatus } from './operator.queries.ts';

export async function setSchoolBlocked(deps: AppDeps, userId: string, input: { targetSchoolId: string; isBlocked: boolean }) {
  await inTransaction(deps, async (tx, after) => {
    const schoolId = (await updateSchoolStatus(tx, input.targetSchoolId, { isBlocked: input.isBlocked })) as SchoolId | undefined;
    if (!schoolId) throw new AppError('NOT_FOUND');
    await after.invalidateSessions({ kind: 'school', schoolId });
    await recordEvent(deps, tx, after, { name: 'operator.setSchoolBlocked', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
  });
  return { ok: true as const };
}

export async function setSchoolTier(deps: AppDeps, userId: string, input: { targetSchoolId: string; tier: Tier }) {
  await inTransaction(deps, async (tx, after) => {
    const schoolId = (await updateSchoolStatus(tx, input.targetSchoolId, { tier: input.tier })) as SchoolId | undefined;
    if (!schoolId) throw new AppError('NOT_FOUND');
    await settleTierUpgradeRequests(tx, schoolId, input.tier, deps.now());
    await recordEvent(deps, tx, after, { name: 'operator.setSchoolTier', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
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
    await recordEvent(deps, tx, after, { name: 'operator.setFeatureFlag', schoolId: null, userId, entityType: 'featureFlag', data: input });
  });
  return { ok: true as const };
}
