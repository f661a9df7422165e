// A changed plan refreshes the student's Platba tab and the owing list (the payment item's live message).
import type { EventDefinitions } from '../../events/event.ts';
import { paymentItemMessage } from '../payment-item/payment-item.service.ts';

export const instalmentEvents: EventDefinitions = {
  'instalment.set': {
    live(live, { schoolId, entityId }) {
      if (schoolId && entityId) paymentItemMessage(live, schoolId, entityId);
    },
  },
};
