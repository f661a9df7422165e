import { studentAccessInput } from '@volant/shared/student-portal/access';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { getAccess, inviteStudent, revokeStudentAccess } from './student-access.service.ts';

/** 'Přístup žáka' on the student card: staff procedures (the permission table says which roles). */
export const studentAccessRouter = router({
  getAccess: schoolProcedure.input(studentAccessInput).query(({ ctx, input }) => getAccess(ctx, ctx.school.id, input.studentId)),
  invite: schoolProcedure.input(studentAccessInput).mutation(({ ctx, input }) => inviteStudent(ctx, ctx.school.id, ctx.user.id, input.studentId)),
  revoke: schoolProcedure.input(studentAccessInput).mutation(({ ctx, input }) => revokeStudentAccess(ctx, ctx.school.id, ctx.user.id, input.studentId)),
});
