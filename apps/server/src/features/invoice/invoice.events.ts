// What a document's events mean after commit (events/processors.ts): the list and the student's Platba tab refresh.
// A cancellation names the original and its credit note; the student is read from the original.
import type { EventDefinitions } from '../../events/event.ts';
import { findInvoice } from './invoice.queries.ts';
import { invoiceMessage } from './invoice.service.ts';

export const invoiceEvents: EventDefinitions<{
  'invoice.issue': { studentId: string };
  'invoice.cancel': { creditNoteId: string };
}> = {
  'invoice.issue': {
    live(live, { schoolId, entityId, data }) {
      if (schoolId && entityId && data) invoiceMessage(live, schoolId, entityId, data.studentId);
    },
  },
  'invoice.cancel': {
    async live(live, { schoolId, entityId, data }, db) {
      if (!schoolId || !entityId || !data) return;
      const original = await findInvoice(db, schoolId, entityId);
      if (!original) return;
      invoiceMessage(live, schoolId, original.id, original.studentId);
      invoiceMessage(live, schoolId, data.creditNoteId, original.studentId);
    },
  },
};
