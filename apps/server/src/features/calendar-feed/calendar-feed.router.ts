// 'Odkaz pro kalendář' (issue 19 §4). Staff: the calling member's own feed in a school (their day as the teacher);
// every staff role may have one (any member may teach a ride; a member with none gets an empty calendar). Students:
// their own feed, on the student rung (the session alone says whose).
import { router } from '../../trpc/init.ts';
import { schoolProcedure, studentProcedure } from '../../trpc/procedures.ts';
import { getMemberFeed, getStudentFeed, rotateMemberFeed, rotateStudentFeed } from './calendar-feed.service.ts';

export const calendarFeedRouter = router({
  getMine: schoolProcedure.query(({ ctx }) => getMemberFeed(ctx, ctx.school.id, ctx.school.memberId)),
  rotateMine: schoolProcedure.mutation(({ ctx }) => rotateMemberFeed(ctx, ctx.school.id, ctx.school.memberId, ctx.user.id)),
  getMyFeed: studentProcedure.query(({ ctx }) => getStudentFeed(ctx, ctx.student)),
  rotateMyFeed: studentProcedure.mutation(({ ctx }) => rotateStudentFeed(ctx, ctx.student)),
});
