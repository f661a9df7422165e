import type { IsolationTable, StudentIsolationTable } from '../../testing/isolation.ts';

const signIn = 'the public sign-in of /zak: names an address or a link’s token, never a school’s or a student’s id (student-login.int.test.ts)';
const studentOnly = { kind: 'student', why: 'the student’s own session names no id; the student half tries it student against student' } as const;

export const studentPortalIsolation: IsolationTable = {
  'studentPortal.getMe': studentOnly,
  'studentPortal.getProgress': studentOnly,
  'studentPortal.getRides': studentOnly,
  'studentPortal.getMoney': studentOnly,
  'studentPortal.getInvoicePdf': {
    kind: 'student',
    why: 'the invoice must be the proven student’s own; the student half and student-portal.views.int.test.ts try B’s and another school’s',
  },
  'studentPortal.getExams': studentOnly,
  'studentPortal.logout': { kind: 'student', why: 'ends the caller’s own session; the student half tries it student against student' },
  'studentLogin.requestLink': { kind: 'public', why: signIn },
  'studentLogin.signIn': { kind: 'public', why: signIn },
  'studentLogin.chooseSchool': { kind: 'public', why: `${signIn}; the school is one of the choice token’s own` },
};

export const studentPortalStudentIsolation: StudentIsolationTable = {
  // No input: the session alone says whose data it is.
  'studentPortal.getMe': (me) => me.as().studentPortal.getMe(),
  'studentPortal.getProgress': (me) => me.as().studentPortal.getProgress(),
  'studentPortal.getRides': (me) => me.as().studentPortal.getRides(),
  'studentPortal.getMoney': (me) => me.as().studentPortal.getMoney(),
  'studentPortal.getExams': (me) => me.as().studentPortal.getExams(),
  // The key names no invoice (the runner's students have none), so A asks for the ids it has of B and of the other
  // school's student: each is refused. A's own call answers the same refusal as a value (the control only needs it
  // to run); the test with real invoices of A, B and another school is in student-portal.views.int.test.ts.
  'studentPortal.getInvoicePdf': async (me, key) => {
    const answers = [];
    for (const invoiceId of [key.rideId, key.studentId, key.schoolId]) {
      answers.push(
        await me
          .as()
          .studentPortal.getInvoicePdf({ invoiceId })
          .catch((e: { code?: string }) => {
            if (key.studentId !== me.studentId) throw e;
            return e.code;
          }),
      );
    }
    return answers;
  },
  // A session of A's own each time (the mixes and the control each end one); B's and C's sessions stay live.
  'studentPortal.logout': async (me) => (await me.session()).studentPortal.logout(),
};
