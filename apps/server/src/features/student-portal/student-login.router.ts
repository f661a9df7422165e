import { requestStudentLinkInput, studentChooseSchoolInput, studentSignInInput } from '@volant/shared/student-portal/access';
import { chooseStudentSchool, requestStudentLink, signInStudent } from '../../gate/student-login.ts';
import { AppError } from '../../lib/app-error.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';

/**
 * The public sign-in of 'Můj výcvik' (/zak): mutations only, so a token travels in a POST body, never in a URL (the
 * request log keeps URLs). Rate-limited per client address (the public rung, and the login limiter for the mails);
 * the per-recipient limit is the links' own (gate/student-login.queries.ts).
 */
export const studentLoginRouter = router({
  requestLink: publicProcedure.input(requestStudentLinkInput).mutation(({ ctx, input }) => {
    if (!ctx.limits.login.hit(`student-link|${ctx.ip}`)) throw new AppError('RATE_LIMITED');
    return requestStudentLink(ctx, input.email);
  }),
  signIn: publicProcedure.input(studentSignInInput).mutation(({ ctx, input }) => signInStudent(ctx, input.token)),
  chooseSchool: publicProcedure.input(studentChooseSchoolInput).mutation(({ ctx, input }) => chooseStudentSchool(ctx, input.choiceToken, input.schoolId)),
});
