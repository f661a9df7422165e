import { DAY_PEER_EXAM_INACTIVE, MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM } from '@volant/shared/exam/rules';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';

export const APP_VERSION = '2.1.0';

export const appInfoRouter = router({
  getServerConfig: publicProcedure.query(({ ctx }) => ({
    debug: ctx.config.debug,
    version: APP_VERSION,
    maximumNumberOfAttemptsPerExam: MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM,
    dayPeerExamInactive: DAY_PEER_EXAM_INACTIVE,
    publicUrl: ctx.config.publicUrl,
    supportEmail: ctx.config.supportEmail,
    supportPhone: ctx.config.supportPhone,
  })),
});
