// What an imported statement means after commit: the credited students' payments and the owing list refresh live.
import type { EventDefinitions } from '../../events/event.ts';
import { paymentItemMessage, priceListMessage } from '../payment-item/payment-item.service.ts';

export const bankStatementEvents: EventDefinitions = {
  'bankStatement.confirm': {
    live(live, { schoolId, data }) {
      if (!schoolId) return;
      const studentIds = (data as { studentIds?: string[] } | undefined)?.studentIds ?? [];
      // Many students at once: one message that refreshes every payment view (as a price-list change does).
      if (studentIds.length > 20) priceListMessage(live, schoolId);
      else for (const studentId of studentIds) paymentItemMessage(live, schoolId, studentId);
    },
  },
};
