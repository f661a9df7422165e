import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { listRecentSearches } from './user-search.queries.ts';
import { reportUserSearch } from './user-search.service.ts';

export const userSearchRouter = router({
  getUserLastSearch: schoolProcedure.query(({ ctx }) => listRecentSearches(ctx.db, ctx.school.id, ctx.user.id)),
});

/**
 * The search's write, whose path is `student.reportUserSearch` (spec §7): the app router merges it into the student
 * router, so `student` need not import this higher domain.
 */
export const userSearchStudentRouter = router({
  reportUserSearch: schoolProcedure
    .input(z.object({ studentId: uuidInput }))
    .mutation(({ ctx, input }) => reportUserSearch(ctx, ctx.school.id, ctx.user.id, input.studentId)),
});
