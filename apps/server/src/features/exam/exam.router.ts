import { cachedRead } from '../../trpc/cached-read.ts';
import {
  addStudentToExamInput,
  createExamInput,
  examIdInput,
  examProposalInput,
  examWaitlistInput,
  examsInput,
  recordRetrainingInput,
  removeRetrainingInput,
  setExamResultInput,
  studentExamsInput,
  updateExamInput,
} from '@volant/shared/exam/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import {
  addStudentToExam,
  createExam,
  getApplicationDeadlines,
  getExam,
  getExams,
  getStudentExams,
  recordRetraining,
  removeExam,
  removeRetraining,
  setExamResult,
  updateExam,
} from './exam.service.ts';
import { addToWaitlist, getWaitlist, removeFromWaitlist, signUpProposed, skipProposed } from './exam-waitlist.service.ts';

export const examRouter = router({
  /** spec §7: the school's terms from dateGte on, ascending by date. */
  exams: schoolProcedure.input(examsInput).query(({ ctx, input }) => getExams(ctx, ctx.school.id, input.dateGte)),
  getExam: schoolProcedure
    .input(examIdInput)
    .use(cachedRead())
    .query(({ ctx, input }) => getExam(ctx, ctx.school.id, input.id)),
  createExam: schoolProcedure.input(createExamInput).mutation(({ ctx, input }) => createExam(ctx, ctx.school.id, ctx.user.id, input)),
  updateExam: schoolProcedure.input(updateExamInput).mutation(({ ctx, input }) => updateExam(ctx, ctx.school.id, ctx.user.id, input)),
  removeExam: schoolProcedure.input(examIdInput).mutation(({ ctx, input }) => removeExam(ctx, ctx.school.id, ctx.user.id, input.id)),
  /** spec §7: newType signs up, toRemoveType signs off; answers the student's exams. */
  addStudentToExam: schoolProcedure.input(addStudentToExamInput).mutation(({ ctx, input }) => addStudentToExam(ctx, ctx.school.id, ctx.user.id, input)),
  setExamResult: schoolProcedure.input(setExamResultInput).mutation(({ ctx, input }) => setExamResult(ctx, ctx.school.id, ctx.user.id, input)),
  getStudentExams: schoolProcedure.input(studentExamsInput).query(({ ctx, input }) => getStudentExams(ctx, ctx.school.id, input.studentId)),
  /** legal-cz §7.4: new teaching/training of a part whose cycle of attempts failed opens the next cycle. */
  recordRetraining: schoolProcedure.input(recordRetrainingInput).mutation(({ ctx, input }) => recordRetraining(ctx, ctx.school.id, ctx.user.id, input)),
  removeRetraining: schoolProcedure.input(removeRetrainingInput).mutation(({ ctx, input }) => removeRetraining(ctx, ctx.school.id, ctx.user.id, input)),
  /** legal-cz §7.2: students whose exam application is due (15 days after training ends), by deadline. */
  getApplicationDeadlines: schoolProcedure.query(({ ctx }) => getApplicationDeadlines(ctx, ctx.school.id)),
  /** Issue 22 §3 'Čekatelé': the term's listed and ready students and, after a withdrawal, who is proposed. */
  getWaitlist: schoolProcedure.input(examIdInput).query(({ ctx, input }) => getWaitlist(ctx, ctx.school.id, input.id)),
  addToWaitlist: schoolProcedure.input(examWaitlistInput).mutation(({ ctx, input }) => addToWaitlist(ctx, ctx.school.id, ctx.user.id, input)),
  removeFromWaitlist: schoolProcedure.input(examWaitlistInput).mutation(({ ctx, input }) => removeFromWaitlist(ctx, ctx.school.id, ctx.user.id, input)),
  /** 'Přihlásit': signs the proposed student up through addStudentToExam's own path. */
  signUpProposed: schoolProcedure.input(examProposalInput).mutation(({ ctx, input }) => signUpProposed(ctx, ctx.school.id, ctx.user.id, input)),
  /** 'Přeskočit': proposes the next ready student. */
  skipProposed: schoolProcedure.input(examProposalInput).mutation(({ ctx, input }) => skipProposed(ctx, ctx.school.id, ctx.user.id, input)),
});
