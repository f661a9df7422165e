import {
  createStudentPassSignatureInput,
  getStudentPassInput,
  ownPassSignatureInput,
  passCredentialsInput,
  sendStudentPassInfoInput,
  studentPassShareInfoInput,
} from '@volant/shared/student-pass/inputs';
import { router } from '../../trpc/init.ts';
import { adminProcedure, passProcedure, schoolOrPassProcedure, schoolProcedure, studentProcedure } from '../../trpc/procedures.ts';
import {
  createStudentPassSignature,
  getOwnPass,
  getSchoolPassCode,
  getStudentPass,
  getStudentPassShareInfo,
  getStudentPassSignature,
  regenerateSchoolPassCode,
  sendStudentPassInfo,
} from './student-pass.service.ts';

/**
 * The pass procedures whose paths are `student.*` (spec §7); the app router merges them into the student router.
 * The public calls carry the student's code: the pass page sends them as POST (tRPC's method override), so the code
 * is in no URL.
 */
export const studentPassStudentRouter = router({
  /** type 'app' through the session (the card's drawer), type 'web' with the link and the code; a refusal is a string. */
  getStudentPass: schoolOrPassProcedure(getStudentPassInput, { answerRefusal: true }).query(({ ctx, input }) => getStudentPass(ctx, ctx.reader, input)),
  getStudentPassShareInfo: schoolProcedure
    .input(studentPassShareInfoInput)
    .query(({ ctx, input }) => getStudentPassShareInfo(ctx, ctx.school.id, input.studentId)),
  sendStudentPassInfo: schoolProcedure
    .input(sendStudentPassInfoInput)
    .mutation(({ ctx, input }) => sendStudentPassInfo(ctx, ctx.school.id, ctx.user.id, input)),
});

/** The student's own signature on the pass (spec §7 studentPassSignature): opened by the code (the pass rung). */
export const studentPassSignatureRouter = router({
  getStudentPassSignature: passProcedure(passCredentialsInput).query(({ ctx }) => getStudentPassSignature(ctx, ctx.student)),
  createStudentPassSignature: passProcedure(createStudentPassSignatureInput).mutation(({ ctx, input }) => createStudentPassSignature(ctx, ctx.student, input)),
});

/** Nastavení → Průkazky: the school's code in every pass link; a new one ends every link shared so far. */
export const studentPassRouter = router({
  getSchoolPassCode: schoolProcedure.query(({ ctx }) => getSchoolPassCode(ctx, ctx.school.id)),
  regenerateSchoolPassCode: adminProcedure.mutation(({ ctx }) => regenerateSchoolPassCode(ctx, ctx.school.id, ctx.user.id)),
});

/**
 * The pass as a tab of 'Můj výcvik': the same reads and signature as the code-opened page, proven by the student's own
 * session (the student rung) instead of the codes.
 */
export const ownPassRouter = router({
  getPass: studentProcedure.query(({ ctx }) => getOwnPass(ctx, ctx.student)),
  getSignature: studentProcedure.query(({ ctx }) => getStudentPassSignature(ctx, ctx.student)),
  createSignature: studentProcedure.input(ownPassSignatureInput).mutation(({ ctx, input }) => createStudentPassSignature(ctx, ctx.student, input)),
});
