import { entity, type IsolationTable, school, theSchool, type Victim } from '../../testing/isolation.ts';
import { aStudent, createTestStudent, studentInput } from './student.testing.ts';

const address = { street: 'Nová', streetCode: '5', city: 'Praha', postCode: '11000' };

/** A student with a registration number of a pattern only this school uses, and the number suggested after it. */
async function numbered(_app: unknown, v: Victim) {
  const prefix = `IZOL-${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')}-`;
  await createTestStudent(v.caller, v.schoolId, { registrationNumber: `${prefix}41` });
  return { next: `${prefix}42` };
}

/** A student and the id of its first state log. */
async function withLog(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  const [log] = (await v.caller.student.student({ schoolId: v.schoolId, id: studentId })).logs;
  return { studentId, logId: log.id };
}

/** A student whose training has started. */
async function started(app: unknown, v: Victim) {
  const { studentId } = await aStudent(app, v);
  await v.caller.student.setDateOfInProgress({ schoolId: v.schoolId, studentsIds: [studentId] });
  return { studentId };
}

export const studentIsolation: IsolationTable = {
  'student.students': school(aStudent, (c, schoolId) => c.student.students({ schoolId })),
  'student.getNextRegistrationNumber': school(numbered, (c, schoolId) => c.student.getNextRegistrationNumber({ schoolId })),
  'student.createStudent': school(theSchool, (c, schoolId) => c.student.createStudent({ schoolId, ...studentInput() })),
  'student.student': entity(aStudent, (c, schoolId, { studentId }) => c.student.student({ schoolId, id: studentId })),
  'student.getStudentCardHeaderInfo': entity(aStudent, (c, schoolId, { studentId }) => c.student.getStudentCardHeaderInfo({ schoolId, id: studentId })),
  'student.getStudentDateOfInProgress': entity(aStudent, (c, schoolId, { studentId }) => c.student.getStudentDateOfInProgress({ schoolId, studentId })),
  'student.getStudentDateOfFinished': entity(aStudent, (c, schoolId, { studentId }) => c.student.getStudentDateOfFinished({ schoolId, studentId })),
  'student.updateStudent': entity(aStudent, (c, schoolId, { studentId }) => c.student.updateStudent({ schoolId, studentId, studentAddress: address })),
  'student.updateStudentLog': entity(withLog, (c, schoolId, { studentId, logId }) =>
    c.student.updateStudentLog({ schoolId, studentId, id: logId, date: '2026-01-01' }),
  ),
  'student.setStudentState': entity(aStudent, (c, schoolId, { studentId }) =>
    c.student.setStudentState({ schoolId, studentsIds: [studentId], state: 'STORNO' }),
  ),
  'student.setDateOfInProgress': entity(aStudent, (c, schoolId, { studentId }) => c.student.setDateOfInProgress({ schoolId, studentsIds: [studentId] })),
  // Short of the legal minimum (nothing attended): the early end with a reason.
  'student.setDateOfFinished': entity(started, (c, schoolId, { studentId }) =>
    c.student.setDateOfFinished({ schoolId, studentsIds: [studentId], endedEarly: true, earlyEndReason: 'Přestup do jiné autoškoly' }),
  ),
  'student.getLegalMinimum': entity(started, (c, schoolId, { studentId }) => c.student.getLegalMinimum({ schoolId, studentId })),
  'student.removeStudent': entity(aStudent, (c, schoolId, { studentId }) => c.student.removeStudent({ schoolId, studentId })),
  'student.reportUserSearch': entity(aStudent, (c, schoolId, { studentId }) => c.student.reportUserSearch({ schoolId, studentId })),
};
