// What Platba's events mean after commit (events/processors.ts): the student's payments, charges or price refresh on
// open screens; a price-list change moves every default price.
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { paymentItemMessage, priceListMessage } from './payment-item.service.ts';

/** A payment or a charge: its data names the student. */
const refreshStudentOf: EventDefinition<{ studentId: string }> = {
  live(live, { schoolId, data }) {
    if (schoolId && data) paymentItemMessage(live, schoolId, data.studentId);
  },
};

const refreshPriceList: EventDefinition = {
  live(live, { schoolId }) {
    if (schoolId) priceListMessage(live, schoolId);
  },
};

export const paymentItemEvents: EventDefinitions = {
  'paymentItem.create': refreshStudentOf,
  'paymentItem.remove': refreshStudentOf,
  'paymentItem.addCharge': refreshStudentOf,
  'paymentItem.removeCharge': refreshStudentOf,
  // An automatic charge trimmed to fewer units (features/instalment/auto-charges.ts).
  'paymentItem.changeCharge': refreshStudentOf,
  'paymentItem.setStudentPrice': {
    live(live, { schoolId, entityId }) {
      if (schoolId && entityId) paymentItemMessage(live, schoolId, entityId);
    },
  },
  'paymentItem.setPriceListItem': refreshPriceList,
  'paymentItem.setPriceExtra': refreshPriceList,
};
