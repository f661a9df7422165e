// What leaves the server about tier upgrade requests.
import type { Tier, TierUpgradeStatus } from '@volant/shared/enums';

export interface TierUpgradeRequestDto {
  id: string;
  requestedTier: Tier;
  note: string | null;
  /** PENDING: waits for the operator; DONE: the tier was changed to the requested one; CANCELLED: the operator said no. */
  status: TierUpgradeStatus;
  createdAt: Date;
  resolvedAt: Date | null;
  requestedByName: string | null;
}

/** The Tarif page's request: a request the school withdrew itself is no outcome to show, so it reads as none. */
export function toTierUpgradeRequestDto(row: (TierUpgradeRequestDto & { isWithdrawn: boolean }) | undefined): TierUpgradeRequestDto | null {
  if (!row || (row.status === 'CANCELLED' && row.isWithdrawn)) return null;
  const { isWithdrawn: _withdrawn, ...dto } = row;
  return dto;
}
