import type { IsolationTable, StudentIsolationTable } from '../../testing/isolation.ts';

const signIn = 'the public sign-in of /zak: names an address or a link’s token, never a school’s or a student’s id (student-login.int.test.ts)';

export const studentPortalIsolation: IsolationTable = {
  'studentPortal.getMe': { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' },
  'studentPortal.logout': { kind: 'student', why: 'ends the caller’s own session; the student half tries it student against student' },
  'studentLogin.requestLink': { kind: 'public', why: signIn },
  'studentLogin.signIn': { kind: 'public', why: signIn },
  'studentLogin.chooseSchool': { kind: 'public', why: `${signIn}; the school is one of the choice token’s own` },
};

export const studentPortalStudentIsolation: StudentIsolationTable = {
  // No input: the session alone says whose data it is.
  'studentPortal.getMe': (me) => me.as().studentPortal.getMe(),
  // A session of A's own each time (the mixes and the control each end one); B's and C's sessions stay live.
  'studentPortal.logout': async (me) => (await me.session()).studentPortal.logout(),
};
