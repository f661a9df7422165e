// What a dispute's events mean after commit (events/processors.ts): the student's card refreshes its disputes (the
// 'Rozporováno' / 'Vyřešeno' tags); a new dispute rings the office's bell (administrators and assistants: the roles
// that resolve it).
import { formatDate, formatDateTime } from '@volant/shared/format';
import type { EventDefinitions } from '../../events/event.ts';
import { findDisputeSubject } from './record-dispute.queries.ts';

type Data = { studentId: string };

export const recordDisputeEvents: EventDefinitions<{
  'recordDispute.create': Data & { recordKind: string; recordId: string };
  'recordDispute.resolve': Data;
}> = {
  'recordDispute.create': {
    live(live, { schoolId, data }) {
      if (schoolId && data) live.toSchool(schoolId, { RecordDisputeMessage: { schoolId, studentId: data.studentId } });
    },
    async notification(db, { schoolId, entityId }) {
      const subject = schoolId && entityId ? await findDisputeSubject(db, schoolId, entityId) : undefined;
      if (!schoolId || !subject) return null;
      const what =
        subject.recordKind === 'RIDE'
          ? `jízdou ${subject.startTime ? formatDateTime(subject.startTime) : ''}`
          : `lekcí teorie ${subject.date ? formatDate(subject.date) : ''}`;
      return {
        schoolId,
        event: 'RECORD_DISPUTED',
        title: 'Nesouhlas se záznamem',
        message: `${subject.firstName} ${subject.lastName} nesouhlasí se záznamem (${what.trim()}): „${subject.reason}“`,
        link: `/app/student/${subject.studentId}?activeTab=${subject.recordKind === 'RIDE' ? '3' : '2'}`,
        staffRoles: ['ADMIN', 'ASSISTANT'],
      };
    },
  },
  'recordDispute.resolve': {
    live(live, { schoolId, data }) {
      if (schoolId && data) live.toSchool(schoolId, { RecordDisputeMessage: { schoolId, studentId: data.studentId } });
    },
  },
};
