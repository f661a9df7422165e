// What 'Převod žáka' events mean after commit (events/processors.ts): an import changes what the student's card
// counts, so the card refreshes; an export changes nothing shown (it is in the audit log).
import type { EventDefinitions } from '../../events/event.ts';
import { studentInfoMessage } from '../student/student.service.ts';

export const transferEvents: EventDefinitions<{
  'transfer.export': { documentId: string; keyFingerprint: string };
  'transfer.import': unknown;
}> = {
  'transfer.export': {},
  'transfer.import': {
    live(live, { schoolId, entityId }) {
      if (schoolId && entityId) studentInfoMessage(live, schoolId, entityId);
    },
  },
};
