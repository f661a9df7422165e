import type { IsolationTable, StudentIsolationTable } from '../../testing/isolation.ts';

export const studentPortalIsolation: IsolationTable = {
  'studentPortal.getMe': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
};

export const studentPortalStudentIsolation: StudentIsolationTable = {
  // No input: the session alone says whose data it is.
  'studentPortal.getMe': (me) => me.as().studentPortal.getMe(),
};
