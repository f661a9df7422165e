import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';

export const APP_VERSION = '2.1.0';

export const appInfoRouter = router({
  getServerConfig: publicProcedure.query(({ ctx }) => ({
    debug: ctx.config.debug,
    version: APP_VERSION,
    maximumNumberOfAttemptsPerExam: 3,
    dayPeerExamInactive: 7,
    publicUrl: ctx.config.publicUrl,
  })),
});
