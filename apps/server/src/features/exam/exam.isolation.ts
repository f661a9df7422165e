import { type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { entity } from '../../testing/isolation.ts';
import { createFinishedStudent, createStudentNeedingRetraining, dayFromToday } from './exam.testing.ts';

/** A term of the victim's school (PPV and ZP on 2030-05-14 at a place only it holds). */
async function anExam(_app: unknown, v: Victim) {
  const { id } = await v.caller.exam.createExam({ schoolId: v.schoolId, date: '2030-05-14', place: `Magistrát ${v.schoolId}`, types: ['PPV', 'ZP'] });
  return { examId: id };
}

/** A FINISHED student (B) of the victim's school. */
async function aFinishedStudent(_app: unknown, v: Victim) {
  return { studentId: await createFinishedStudent(v.caller, v.schoolId) };
}

/** A term and a FINISHED student of the victim's school. */
async function aTermAndStudent(app: unknown, v: Victim) {
  return { ...(await anExam(app, v)), ...(await aFinishedStudent(app, v)) };
}

/** The student signed up for PPV B on the term. */
async function aSignUp(app: unknown, v: Victim) {
  const ids = await aTermAndStudent(app, v);
  await v.caller.exam.addStudentToExam({ schoolId: v.schoolId, examId: ids.examId, studentId: ids.studentId, newType: { type: 'PPV', group: 'B' } });
  return ids;
}

/** The student signed up for PPV B on a term of today (results can be written from the term's day on). */
async function aSignUpToday(_app: unknown, v: Victim) {
  const { id: examId } = await v.caller.exam.createExam({ schoolId: v.schoolId, date: dayFromToday(0), place: `Magistrát ${v.schoolId}`, types: ['PPV'] });
  const { studentId } = await aFinishedStudent(_app, v);
  await v.caller.exam.addStudentToExam({ schoolId: v.schoolId, examId, studentId, newType: { type: 'PPV', group: 'B' } });
  return { examId, studentId };
}

/** A student who failed PPV B three times: new teaching/training is needed. */
async function aStudentNeedingRetraining(_app: unknown, v: Victim) {
  return { studentId: (await createStudentNeedingRetraining(v.caller, v.schoolId)).studentId };
}

/** The same student with the new teaching/training recorded (and no sign-up since). */
async function aRetraining(app: unknown, v: Victim) {
  const { studentId } = await aStudentNeedingRetraining(app, v);
  const { id } = await v.caller.exam.recordRetraining({
    schoolId: v.schoolId,
    studentId,
    type: 'PPV',
    group: 'B',
    completedOn: dayFromToday(0),
    note: 'Kondiční jízdy',
  });
  return { studentId, retrainingId: id };
}

/** A term with a FINISHED student put on its waiting list ('Čekatelé'). */
async function aListed(app: unknown, v: Victim) {
  const ids = await aTermAndStudent(app, v);
  await v.caller.exam.addToWaitlist({ schoolId: v.schoolId, examId: ids.examId, studentId: ids.studentId });
  return ids;
}

/** A withdrawal from the term: its vacancy proposes a second FINISHED student. */
async function aVacancy(app: unknown, v: Victim) {
  const { examId, studentId: withdrawn } = await aSignUp(app, v);
  const { studentId } = await aFinishedStudent(app, v);
  await v.caller.exam.addStudentToExam({ schoolId: v.schoolId, examId, studentId: withdrawn, toRemoveType: { type: 'PPV', group: 'B' } });
  const list = await v.caller.exam.getWaitlist({ schoolId: v.schoolId, id: examId });
  const vacancy = list.vacancies[0];
  if (vacancy?.proposal?.studentId !== studentId) throw new Error('the seed expected the second student proposed');
  return { examId, studentId, vacancyId: vacancy.id };
}

export const examIsolation: IsolationTable = {
  'exam.exams': school(anExam, (c, schoolId) => c.exam.exams({ schoolId, dateGte: '2000-01-01' })),
  'exam.getExam': entity(anExam, (c, schoolId, { examId }) => c.exam.getExam({ schoolId, id: examId })),
  'exam.createExam': school(anExam, (c, schoolId) => c.exam.createExam({ schoolId, date: '2030-06-01', place: 'Brno', types: ['OP'] })),
  'exam.updateExam': entity(anExam, (c, schoolId, { examId }) =>
    c.exam.updateExam({ schoolId, id: examId, date: '2030-06-02', place: 'Praha', types: ['OP'] }),
  ),
  'exam.removeExam': entity(anExam, (c, schoolId, { examId }) => c.exam.removeExam({ schoolId, id: examId })),
  'exam.addStudentToExam': entity(aTermAndStudent, (c, schoolId, { examId, studentId }) =>
    c.exam.addStudentToExam({ schoolId, examId, studentId, newType: { type: 'PPV', group: 'B' } }),
  ),
  'exam.setExamResult': entity(aSignUpToday, (c, schoolId, { examId, studentId }) =>
    c.exam.setExamResult({ schoolId, examId, studentId, type: 'PPV', group: 'B', result: 'SUCCESS' }),
  ),
  'exam.getStudentExams': entity(aSignUp, (c, schoolId, { studentId }) => c.exam.getStudentExams({ schoolId, studentId })),
  'exam.recordRetraining': entity(aStudentNeedingRetraining, (c, schoolId, { studentId }) =>
    c.exam.recordRetraining({ schoolId, studentId, type: 'PPV', group: 'B', completedOn: dayFromToday(0) }),
  ),
  'exam.removeRetraining': entity(aRetraining, (c, schoolId, { studentId, retrainingId }) =>
    c.exam.removeRetraining({ schoolId, studentId, id: retrainingId }),
  ),
  // A FINISHED student with no sign-up: their application deadline is listed.
  'exam.getApplicationDeadlines': school(aFinishedStudent, (c, schoolId) => c.exam.getApplicationDeadlines({ schoolId })),
  'exam.getWaitlist': entity(aListed, (c, schoolId, { examId }) => c.exam.getWaitlist({ schoolId, id: examId })),
  'exam.addToWaitlist': entity(aTermAndStudent, (c, schoolId, { examId, studentId }) => c.exam.addToWaitlist({ schoolId, examId, studentId })),
  'exam.removeFromWaitlist': entity(aListed, (c, schoolId, { examId, studentId }) => c.exam.removeFromWaitlist({ schoolId, examId, studentId })),
  'exam.signUpProposed': entity(aVacancy, (c, schoolId, { vacancyId, studentId }) => c.exam.signUpProposed({ schoolId, vacancyId, studentId })),
  'exam.skipProposed': entity(aVacancy, (c, schoolId, { vacancyId, studentId }) => c.exam.skipProposed({ schoolId, vacancyId, studentId })),
};
