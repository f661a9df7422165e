import { schoolCarIdInput, schoolCarInput } from '@volant/shared/school-car/inputs';
import { router } from '../../trpc/init.ts';
import { adminProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import { createSchoolCar, getSchoolCars, removeSchoolCar, restoreSchoolCar, retireSchoolCar, updateSchoolCar } from './school-car.service.ts';

export const schoolCarRouter = router({
  /** Every car of the school, retired ones included (pickers offer only those with `retiredAt` null). */
  getSchoolCar: schoolProcedure.query(({ ctx }) => getSchoolCars(ctx, ctx.school.id)),
  createSchoolCar: adminProcedure.input(schoolCarInput).mutation(({ ctx, input }) => createSchoolCar(ctx, ctx.school.id, ctx.user.id, input)),
  updateSchoolCar: adminProcedure
    .input(schoolCarIdInput)
    .input(schoolCarInput)
    .mutation(({ ctx, input }) => updateSchoolCar(ctx, ctx.school.id, ctx.user.id, input.schoolCarId, input)),
  retireSchoolCar: adminProcedure.input(schoolCarIdInput).mutation(({ ctx, input }) => retireSchoolCar(ctx, ctx.school.id, ctx.user.id, input.schoolCarId)),
  restoreSchoolCar: adminProcedure.input(schoolCarIdInput).mutation(({ ctx, input }) => restoreSchoolCar(ctx, ctx.school.id, ctx.user.id, input.schoolCarId)),
  removeSchoolCar: adminProcedure.input(schoolCarIdInput).mutation(({ ctx, input }) => removeSchoolCar(ctx, ctx.school.id, ctx.user.id, input.schoolCarId)),
});
