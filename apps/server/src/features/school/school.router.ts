import { createSchoolInput, inviteMemberInput, teacherProfileInput, updateSchoolInput } from '@volant/shared/school/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { adminProcedure, authedProcedure, clockedInput, schoolProcedure } from '../../trpc/procedures.ts';
import { listMembers } from './school.queries.ts';
import { createTeacher, getSchoolTeachers, getStudentsForTrainingFields, updateTeacher } from './teacher.service.ts';
import { cancelInvite, createSchool, inviteMember, listPendingInvites, removeMember, resendInvite, updateSchool } from './school.service.ts';

export const schoolRouter = router({
  createSchool: authedProcedure.input(createSchoolInput).mutation(({ ctx, input }) => createSchool(ctx, ctx.user, input)),
  updateSchool: adminProcedure.input(updateSchoolInput).mutation(({ ctx, input }) => updateSchool(ctx, ctx.school.id, ctx.user.id, input)),
  getMembers: schoolProcedure.query(({ ctx }) => listMembers(ctx.db, ctx.school.id)),
  getPendingInvites: adminProcedure.query(({ ctx }) => listPendingInvites(ctx, ctx.school.id)),
  inviteMember: adminProcedure.input(inviteMemberInput).mutation(({ ctx, input }) => inviteMember(ctx, ctx.school.id, ctx.user.id, input)),
  cancelInvite: adminProcedure
    .input(z.object({ inviteId: uuidInput }))
    .mutation(({ ctx, input }) => cancelInvite(ctx, ctx.school.id, ctx.user.id, input.inviteId)),
  resendInvite: adminProcedure
    .input(z.object({ inviteId: uuidInput }))
    .mutation(({ ctx, input }) => resendInvite(ctx, ctx.school.id, ctx.user.id, input.inviteId)),
  removeMember: adminProcedure
    .input(z.object({ memberId: uuidInput }))
    .mutation(({ ctx, input }) => removeMember(ctx, ctx.school.id, ctx.user.id, input.memberId)),
  /** Active members who teach (ADMIN, TEACHER, PARAMEDIC), with or without a login; `id` is the member id. */
  getSchoolTeachers: schoolProcedure.query(({ ctx }) => getSchoolTeachers(ctx, ctx.school.id)),
  createTeacher: adminProcedure.concat(clockedInput(teacherProfileInput)).mutation(({ ctx, input }) => createTeacher(ctx, ctx.school.id, ctx.user.id, input)),
  updateTeacher: adminProcedure
    .concat(clockedInput(teacherProfileInput))
    .input(z.object({ memberId: uuidInput }))
    .mutation(({ ctx, input }) => updateTeacher(ctx, ctx.school.id, ctx.user.id, input.memberId, input)),
  getStudentsForTrainingFields: schoolProcedure.query(({ ctx }) => getStudentsForTrainingFields(ctx, ctx.school.id)),
});
