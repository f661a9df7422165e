import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { listRecentSearches } from './user-search.queries.ts';

export const userSearchRouter = router({
  getUserLastSearch: schoolProcedure.query(({ ctx }) => listRecentSearches(ctx.db, ctx.school.id, ctx.user.id)),
});
