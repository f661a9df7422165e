import { studentInvoicePdfInput } from '@volant/shared/student-portal/views';
import { router } from '../../trpc/init.ts';
import { studentProcedure } from '../../trpc/procedures.ts';
import { logoutStudent } from '../../gate/student-login.ts';
import { getMe } from './student-portal.service.ts';
import { getExams, getInvoicePdf, getMoney, getProgress, getRides } from './student-portal.views.ts';

/** The student's own procedures: the caller is a student with a session of their own (the student rung), never staff. */
export const studentPortalRouter = router({
  getMe: studentProcedure.query(({ ctx }) => getMe(ctx, ctx.student)),
  /** 'Průběh': theory and practice against the legal minimum of the student's groups; 'Připraven ke zkoušce' when met. */
  getProgress: studentProcedure.query(({ ctx }) => getProgress(ctx, ctx.student)),
  /** 'Jízdy': rides and lessons, upcoming and past, each state in words, with teacher, car, signatures and server times. */
  getRides: studentProcedure.query(({ ctx }) => getRides(ctx, ctx.student)),
  /** 'Platby': price, paid, due, payments, charges, invoices and the QR Platba of what is due. */
  getMoney: studentProcedure.query(({ ctx }) => getMoney(ctx, ctx.student)),
  /** One of the student's own invoices as a PDF (base64). */
  getInvoicePdf: studentProcedure.input(studentInvoicePdfInput).mutation(({ ctx, input }) => getInvoicePdf(ctx, ctx.student, input.invoiceId)),
  /** 'Zkoušky': terms, results and attempts used of 3. */
  getExams: studentProcedure.query(({ ctx }) => getExams(ctx, ctx.student)),
  /** 'Odhlásit se': ends this session only. */
  logout: studentProcedure.mutation(({ ctx }) => logoutStudent(ctx, ctx.studentSessionId)),
});
