import { accountRouter } from '../features/account/account.router.ts';
import { appInfoRouter } from '../features/app/app.router.ts';
import { contactRouter } from '../features/contact/contact.router.ts';
import { operatorRouter } from '../features/operator/operator.router.ts';
import { schoolInviteRouter } from '../features/school-invite/school-invite.router.ts';
import { schoolRouter } from '../features/school/school.router.ts';
import { userRouter } from '../features/user/user.router.ts';
import { router } from './init.ts';

export const appRouter = router({
  app: appInfoRouter,
  user: userRouter,
  school: schoolRouter,
  schoolInvite: schoolInviteRouter,
  account: accountRouter,
  contact: contactRouter,
  operator: operatorRouter,
});

export type AppRouter = typeof appRouter;
