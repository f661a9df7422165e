import { addAbsenceInput, removeAbsenceInput, schoolAvailabilityInput, setCarsInput, setWeekInput, teacherIdInput } from '@volant/shared/availability/inputs';
import { router } from '../../trpc/init.ts';
import { schoolProcedure } from '../../trpc/procedures.ts';
import { addAbsence, type AvailabilityCaller, getAvailability, getSchoolAvailability, removeAbsence, setCars, setWeek } from './availability.service.ts';

type Ctx = { school: { id: AvailabilityCaller['schoolId']; role: AvailabilityCaller['role']; memberId: string }; user: { id: string } };
const caller = (ctx: Ctx): AvailabilityCaller => ({ schoolId: ctx.school.id, role: ctx.school.role, memberId: ctx.school.memberId, userId: ctx.user.id });

/**
 * A teacher's 'Dostupnost'. Every member reads any teacher's of the school; the office (ADMIN, ASSISTANT) writes any
 * teacher's, a teacher or paramedic only their own (the service refuses the rest with FORBIDDEN).
 */
export const availabilityRouter = router({
  get: schoolProcedure.input(teacherIdInput).query(({ ctx, input }) => getAvailability(ctx, ctx.school.id, input.teacherId)),
  /** Every teacher's week and the window's absences: the calendar's background (any member reads them). */
  getSchool: schoolProcedure.input(schoolAvailabilityInput).query(({ ctx, input }) => getSchoolAvailability(ctx, ctx.school.id, input)),
  setWeek: schoolProcedure.input(setWeekInput).mutation(({ ctx, input }) => setWeek(ctx, caller(ctx), input)),
  addAbsence: schoolProcedure.input(addAbsenceInput).mutation(({ ctx, input }) => addAbsence(ctx, caller(ctx), input)),
  removeAbsence: schoolProcedure.input(removeAbsenceInput).mutation(({ ctx, input }) => removeAbsence(ctx, caller(ctx), input)),
  setCars: schoolProcedure.input(setCarsInput).mutation(({ ctx, input }) => setCars(ctx, caller(ctx), input)),
});
