import { interpreterInput } from '@volant/shared/interpreter/inputs';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { clockedInput, schoolProcedure } from '../../trpc/procedures.ts';
import { createInterpreter, getInterpreters, removeInterpreter, updateInterpreter } from './interpreter.service.ts';

const byInterpreterId = z.object({ interpreterId: uuidInput });

export const interpreterRouter = router({
  getInterpreters: schoolProcedure.query(({ ctx }) => getInterpreters(ctx, ctx.school.id)),
  createInterpreter: schoolProcedure
    .concat(clockedInput(interpreterInput))
    .mutation(({ ctx, input }) => createInterpreter(ctx, ctx.school.id, ctx.user.id, input)),
  updateInterpreter: schoolProcedure
    .concat(clockedInput(interpreterInput))
    .input(byInterpreterId)
    .mutation(({ ctx, input }) => updateInterpreter(ctx, ctx.school.id, ctx.user.id, input.interpreterId, input)),
  removeInterpreter: schoolProcedure
    .input(byInterpreterId)
    .mutation(({ ctx, input }) => removeInterpreter(ctx, ctx.school.id, ctx.user.id, input.interpreterId)),
});
