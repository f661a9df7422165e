// Tier upgrade requests: a school admin asks the operator for another tier, may withdraw it; the operator approves
// (the tier changes through operator.setSchoolTier, which settles the request) or rejects it.
import { TIER_LABELS, type Tier } from '@volant/shared/enums';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { tierUpgradeMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findEmailRecipient } from '../notification/notification.queries.ts';
import { notifyUser } from '../notification/notify.ts';
import { setSchoolTier } from '../operator/operator.service.ts';
import { toTierUpgradeRequestDto } from './tier-upgrade.dto.ts';
import {
  cancelPendingTierUpgradeRequest,
  findCurrentTierUpgradeRequest,
  findRequester,
  findSchoolTier,
  insertTierUpgradeRequest,
  listOperatorRecipients,
  listTierUpgradeRequests,
  lockPendingTierUpgradeRequest,
  SETTLED_SHOWN_DAYS,
  WITHDRAW_ACTION,
} from './tier-upgrade.queries.ts';

/** Where the operator settles requests: the operator panel of the Debug page. */
const OPERATOR_LINK = '/app/debug';
const PENDING_KEY = 'tier_upgrade_requests_pending_key';

const settledSince = (now: Date) => new Date(now.getTime() - SETTLED_SHOWN_DAYS * 86_400_000);

export async function getTierUpgradeRequest(deps: AppDeps, schoolId: SchoolId) {
  return toTierUpgradeRequestDto(await findCurrentTierUpgradeRequest(deps.db, schoolId, settledSince(deps.now())));
}

export async function requestTierUpgrade(deps: AppDeps, schoolId: SchoolId, userId: string, input: { tier: Tier; note?: string | null }) {
  try {
    return await inTransaction(deps, async (tx, after) => {
      const school = await findSchoolTier(tx, schoolId);
      if (!school) throw new AppError('NOT_FOUND');
      if (school.tier === input.tier) throw new AppError('TIER_UPGRADE_SAME');
      // Settled since now: none, so only an open request is found.
      const open = await findCurrentTierUpgradeRequest(tx, schoolId, deps.now());
      if (open?.status === 'PENDING') throw new AppError('TIER_UPGRADE_PENDING');
      const note = input.note?.trim() || null;
      const row = await insertTierUpgradeRequest(tx, schoolId, { requestedTier: input.tier, note, requestedBy: userId });

      const requester = await findRequester(tx, userId);
      const requestedBy = requester ? `${requester.name ?? ''} <${requester.email}>`.trim() : 'neznámý uživatel';
      const [from, to] = [TIER_LABELS[school.tier], TIER_LABELS[input.tier]];
      const message = `${school.name} (č. ${school.number}) žádá o změnu tarifu z ${from} na ${to}. Požádal(a): ${requestedBy}.${note ? ` Poznámka: ${note}` : ''}`;
      // The operators' bells and mails are not the school staff's bell of the event processors: they stay here.
      for (const operator of await listOperatorRecipients(tx)) {
        await notifyUser(deps, tx, after, { userId: operator.id, event: 'TIER_UPGRADE_REQUEST', title: 'Žádost o změnu tarifu', message, link: OPERATOR_LINK });
        // An operator who gets this event by e-mail already has one from the notification: one mail per request.
        if (await findEmailRecipient(tx, operator.id, 'TIER_UPGRADE_REQUEST')) continue;
        await after.mail(
          'TIER_UPGRADE',
          tierUpgradeMail(operator.email, {
            schoolName: school.name,
            schoolNumber: school.number,
            currentTier: from,
            requestedTier: to,
            requestedBy,
            note,
            url: `${deps.config.publicUrl}${OPERATOR_LINK}`,
          }),
        );
      }
      const event = { name: 'account.requestTierUpgrade', schoolId, userId, entityType: 'tierUpgradeRequest', entityId: row.id, data: input };
      await recordEvent(deps, tx, after, event);
      return { id: row.id };
    });
  } catch (err) {
    // Two admins asking at once: the partial unique index lets one request stay open.
    if (isUniqueViolation(err, PENDING_KEY)) throw new AppError('TIER_UPGRADE_PENDING');
    throw err;
  }
}

/** Withdraws the school's open request; nothing to withdraw (already settled, another tab) is no error. */
export async function cancelTierUpgradeRequest(deps: AppDeps, schoolId: SchoolId, userId: string) {
  return inTransaction(deps, async (tx, after) => {
    const id = await cancelPendingTierUpgradeRequest(tx, schoolId, deps.now());
    if (!id) return { isCancelled: false };
    await recordEvent(deps, tx, after, { name: WITHDRAW_ACTION, schoolId, userId, entityType: 'tierUpgradeRequest', entityId: id });
    return { isCancelled: true };
  });
}

export async function listTierUpgradeRequestsForOperator(deps: AppDeps) {
  const rows = await listTierUpgradeRequests(deps.db, settledSince(deps.now()));
  return rows.map(({ isWithdrawn, ...r }) => ({
    ...r,
    /** How it ended, for the operator's list: open, the tier changed, rejected by an operator, withdrawn by the school. */
    outcome:
      r.status === 'PENDING'
        ? ('PENDING' as const)
        : r.status === 'DONE'
          ? ('APPROVED' as const)
          : isWithdrawn
            ? ('WITHDRAWN' as const)
            : ('REJECTED' as const),
  }));
}

/** Approves (the school's tier becomes the requested one) or rejects an open request. */
export async function resolveTierUpgradeRequest(deps: AppDeps, operatorId: string, input: { requestId: string; approve: boolean }) {
  return inTransaction(deps, async (tx, after) => {
    const request = await lockPendingTierUpgradeRequest(tx, input.requestId);
    if (!request) throw new AppError('NOT_FOUND', 'Žádost nebyla nalezena nebo už byla vyřízena.');
    if (input.approve) {
      // Joins this transaction: changes the tier, settles the request as DONE and tells the school.
      await setSchoolTier(deps, operatorId, { targetSchoolId: request.schoolId, tier: request.requestedTier });
      return { status: 'DONE' as const };
    }
    await cancelPendingTierUpgradeRequest(tx, request.schoolId, deps.now(), request.id);
    await recordEvent(deps, tx, after, {
      name: 'operator.rejectTierUpgradeRequest',
      // The operator gate reaches every school; the request's school is read from the locked request.
      schoolId: request.schoolId as SchoolId,
      userId: operatorId,
      entityType: 'tierUpgradeRequest',
      entityId: request.id,
    });
    return { status: 'CANCELLED' as const };
  });
}
