import { router } from '../../trpc/init.ts';
import { memberProcedure } from '../../trpc/procedures.ts';
import { getAccount } from './account.queries.ts';

export const accountRouter = router({
  getTier: memberProcedure.query(({ ctx }) => getAccount(ctx.db, ctx.school.id, ctx.now())),
});
