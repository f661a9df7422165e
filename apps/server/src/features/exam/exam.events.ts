// What the exams' events mean after commit (events/processors.ts): the term and its students refresh on open screens;
// a result rings the staff's bell, with the student's name and the attempt read after commit.
import { EXAM_RESULT_LABELS, type ExamResult, LICENCE_GROUP_LABELS, type LicenceGroup } from '@volant/shared/enums';
import type { EventDefinition, EventDefinitions } from '../../events/event.ts';
import { findHeaderInfo } from '../student/student.queries.ts';
import { studentInfoMessage } from '../student/student.service.ts';
import { examStudentIds, listStudentSignUps } from './exam.queries.ts';
import { examMessage } from './exam.service.ts';

/** A student's sign-up, sign-off or result: the term and the student. */
const refreshTermAndStudent: EventDefinition<{ examId: string }> = {
  live(live, { schoolId, entityId, data }) {
    if (!schoolId || !entityId || !data) return;
    examMessage(live, schoolId, data.examId);
    studentInfoMessage(live, schoolId, entityId);
  },
};

const refreshStudent: EventDefinition = {
  live(live, { schoolId, entityId }) {
    if (schoolId && entityId) studentInfoMessage(live, schoolId, entityId);
  },
};

type Result = { examId: string; type: string; group: string; result: ExamResult | null };

export const examEvents: EventDefinitions<{
  'exam.create': unknown;
  'exam.update': unknown;
  'exam.remove': { students: string[] };
  'exam.signUp': { examId: string };
  'exam.signOff': { examId: string };
  'exam.setResult': Result;
  'exam.recordRetraining': unknown;
  'exam.removeRetraining': unknown;
  'exam.waitlistAdd': { examId: string };
  'exam.waitlistRemove': { examId: string };
  'exam.proposalSkip': { examId: string };
}> = {
  'exam.create': {
    live(live, { schoolId, entityId }) {
      if (schoolId && entityId) examMessage(live, schoolId, entityId);
    },
  },
  'exam.update': {
    async live(live, { schoolId, entityId }, db) {
      if (!schoolId || !entityId) return;
      const students = await examStudentIds(db, schoolId, entityId);
      examMessage(live, schoolId, entityId);
      for (const s of students) studentInfoMessage(live, schoolId, s);
    },
  },
  'exam.remove': {
    live(live, { schoolId, entityId, data }) {
      if (!schoolId || !entityId) return;
      examMessage(live, schoolId, entityId);
      for (const s of data?.students ?? []) studentInfoMessage(live, schoolId, s);
    },
  },
  'exam.signUp': refreshTermAndStudent,
  'exam.signOff': refreshTermAndStudent,
  'exam.setResult': {
    ...refreshTermAndStudent,
    async notification(db, { schoolId, userId, entityId, data }) {
      if (!schoolId || !entityId || !data?.result) return null;
      const student = await findHeaderInfo(db, schoolId, entityId);
      const signUp = (await listStudentSignUps(db, schoolId, entityId)).find((s) => s.examId === data.examId && s.type === data.type && s.group === data.group);
      if (!student || !signUp) return null;
      return {
        schoolId,
        event: 'EXAM_RESULT',
        title: 'Výsledek zkoušky',
        message: `${student.firstName} ${student.lastName}: ${data.type} (${LICENCE_GROUP_LABELS[data.group as LicenceGroup]}) – ${EXAM_RESULT_LABELS[data.result]}, ${signUp.attempt}. pokus.`,
        link: `/app/student/${entityId}`,
        actorUserId: userId,
      };
    },
  },
  'exam.recordRetraining': refreshStudent,
  'exam.removeRetraining': refreshStudent,
  // Issue 22 §3: the term's waiting list and its proposals changed.
  'exam.waitlistAdd': refreshTermAndStudent,
  'exam.waitlistRemove': refreshTermAndStudent,
  'exam.proposalSkip': refreshTermAndStudent,
};
