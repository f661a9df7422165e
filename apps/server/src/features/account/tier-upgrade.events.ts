// What a tier request's events mean after commit (events/processors.ts): the school's tier card refreshes.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { WITHDRAW_ACTION } from './tier-upgrade.queries.ts';

export const refreshTier: EventDefinition = {
  live(live, { schoolId }) {
    if (schoolId) live.toSchool(schoolId, { TierChangedMessage: { schoolId } });
  },
};

export const tierUpgradeEvents: EventDefinitions = {
  'account.requestTierUpgrade': refreshTier,
  [WITHDRAW_ACTION]: refreshTier,
  'operator.rejectTierUpgradeRequest': refreshTier,
};
