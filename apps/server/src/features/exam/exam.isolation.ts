import { type IsolationTable, school, type Victim } from '../../testing/isolation.ts';
import { entity } from '../../testing/isolation.ts';
import { createFinishedStudent } from './exam.testing.ts';

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
  'exam.setExamResult': entity(aSignUp, (c, schoolId, { examId, studentId }) =>
    c.exam.setExamResult({ schoolId, examId, studentId, type: 'PPV', group: 'B', result: 'SUCCESS' }),
  ),
  'exam.getStudentExams': entity(aSignUp, (c, schoolId, { studentId }) => c.exam.getStudentExams({ schoolId, studentId })),
};
