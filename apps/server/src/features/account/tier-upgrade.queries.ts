// A school's requests for another tier (Tarif page), settled when the operator changes the tier.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { Tier } from '@volant/shared/enums';
import { and, eq } from 'drizzle-orm';

const { tierUpgradeRequests } = schema;

/**
 * The operator set the school's tier: its open request is done when it asked for that tier, and cancelled otherwise
 * (the operator decided differently; the school may ask again).
 */
export async function settleTierUpgradeRequests(db: DbOrTx, schoolId: string, tier: Tier, now: Date) {
  const open = and(eq(tierUpgradeRequests.schoolId, schoolId), eq(tierUpgradeRequests.status, 'PENDING'));
  const [pending] = await db.select({ id: tierUpgradeRequests.id, requestedTier: tierUpgradeRequests.requestedTier }).from(tierUpgradeRequests).where(open);
  if (!pending) return;
  await db
    .update(tierUpgradeRequests)
    .set({ status: pending.requestedTier === tier ? 'DONE' : 'CANCELLED', resolvedAt: now })
    .where(eq(tierUpgradeRequests.id, pending.id));
}
