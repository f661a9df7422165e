import type { IsolationTable } from '../../testing/isolation.ts';
import { createTestStudent, crossTenant, studentInput } from './student.testing.ts';

const address = { street: 'Nová', streetCode: '5', city: 'Praha', postCode: '11000' };

export const studentIsolation: IsolationTable = {
  'student.students': { kind: 'attack', run: (a, v) => a.student.students({ schoolId: v.schoolId }) },
  'student.getNextRegistrationNumber': { kind: 'attack', run: (a, v) => a.student.getNextRegistrationNumber({ schoolId: v.schoolId }) },
  'student.createStudent': { kind: 'attack', run: (a, v) => a.student.createStudent({ schoolId: v.schoolId, ...studentInput() }) },
  'student.student': {
    kind: 'attack',
    run: async (a, v) => {
      const id = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.student({ schoolId, id }));
    },
  },
  'student.getStudentCardHeaderInfo': {
    kind: 'attack',
    run: async (a, v) => {
      const id = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.getStudentCardHeaderInfo({ schoolId, id }));
    },
  },
  'student.getStudentDateOfInProgress': {
    kind: 'attack',
    run: async (a, v) => {
      const studentId = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.getStudentDateOfInProgress({ schoolId, studentId }));
    },
  },
  'student.getStudentDateOfFinished': {
    kind: 'attack',
    run: async (a, v) => {
      const studentId = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.getStudentDateOfFinished({ schoolId, studentId }));
    },
  },
  'student.updateStudent': {
    kind: 'attack',
    run: async (a, v) => {
      const studentId = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.updateStudent({ schoolId, studentId, studentAddress: address }));
    },
  },
  'student.updateStudentLog': {
    kind: 'attack',
    run: async (a, v) => {
      const studentId = await createTestStudent(v.caller, v.schoolId);
      const [log] = (await v.caller.student.student({ schoolId: v.schoolId, id: studentId })).logs;
      return crossTenant(a, v.schoolId, (schoolId) => a.student.updateStudentLog({ schoolId, studentId, id: log.id, date: '2026-01-01' }));
    },
  },
  'student.setStudentState': {
    kind: 'attack',
    run: async (a, v) => {
      const id = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.setStudentState({ schoolId, studentsIds: [id], state: 'STORNO' }));
    },
  },
  'student.setDateOfInProgress': {
    kind: 'attack',
    run: async (a, v) => {
      const id = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.setDateOfInProgress({ schoolId, studentsIds: [id] }));
    },
  },
  'student.setDateOfFinished': {
    kind: 'attack',
    run: async (a, v) => {
      const id = await createTestStudent(v.caller, v.schoolId);
      await v.caller.student.setDateOfInProgress({ schoolId: v.schoolId, studentsIds: [id] });
      return crossTenant(a, v.schoolId, (schoolId) => a.student.setDateOfFinished({ schoolId, studentsIds: [id] }));
    },
  },
  'student.removeStudent': {
    kind: 'attack',
    run: async (a, v) => {
      const studentId = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.removeStudent({ schoolId, studentId }));
    },
  },
  'student.reportUserSearch': {
    kind: 'attack',
    run: async (a, v) => {
      const studentId = await createTestStudent(v.caller, v.schoolId);
      return crossTenant(a, v.schoolId, (schoolId) => a.student.reportUserSearch({ schoolId, studentId }));
    },
  },
};
