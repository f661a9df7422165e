// What the operator's events mean after commit (events/processors.ts): a blocked school's sockets learn it, a changed
// tier refreshes the school's tier card, open sessions reload their feature flags (the one user's, or everybody's
// for a flag of everybody).
import type { EventDefinitions } from '../../events/event.ts';
import { refreshTier } from '../account/tier-upgrade.events.ts';

export const operatorEvents: EventDefinitions<{
  'operator.setSchoolBlocked': { isBlocked: boolean };
  'operator.setSchoolTier': unknown;
  'operator.setFeatureFlag': { targetUserId?: string | null };
}> = {
  'operator.setSchoolBlocked': {
    live(live, { schoolId, data }) {
      if (schoolId && data) live.setSchoolBlocked(schoolId, data.isBlocked);
    },
  },
  'operator.setSchoolTier': refreshTier,
  'operator.setFeatureFlag': {
    live(live, { data }) {
      const message = { FeatureFlagsMessage: {} };
      if (data?.targetUserId) live.toUser(data.targetUserId, message);
      else live.toEveryone(message);
    },
  },
};
