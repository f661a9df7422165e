// The public application form (issue 11): the school's forms and applications (school-scoped; admins and assistants
// change them, every member reads) and the two public calls of the hosted page /apply/:formId.
import { admitApplicationInput, rejectApplicationInput, saveApplicationFormInput, submitApplicationInput } from '@volant/shared/application-form/inputs';
import { APPLICATION_STATUSES } from '@volant/shared/enums';
import { uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import type { Context } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { clockedInput, publicProcedure, roleProcedure, schoolProcedure } from '../../trpc/procedures.ts';
import {
  admitApplication,
  getApplicationForms,
  getApplications,
  getPendingApplicationCount,
  getPublicForm,
  rejectApplication,
  removeApplicationForm,
  saveApplicationForm,
  submitApplication,
} from './application-form.service.ts';

const officeProcedure = roleProcedure('ADMIN', 'ASSISTANT');

/** The app's own origins: the configured public address and the host the request came to. */
export function ownOrigins(ctx: Pick<Context, 'config' | 'host'>): string[] {
  const origins = [new URL(ctx.config.publicUrl).origin];
  if (ctx.host) origins.push(`http://${ctx.host}`, `https://${ctx.host}`);
  return origins;
}

export const applicationFormRouter = router({
  getApplicationForms: schoolProcedure.query(({ ctx }) => getApplicationForms(ctx, ctx.school.id)),
  saveApplicationForm: officeProcedure
    .input(saveApplicationFormInput)
    .mutation(({ ctx, input }) => saveApplicationForm(ctx, ctx.school.id, ctx.user.id, input)),
  removeApplicationForm: officeProcedure
    .input(z.object({ id: uuidInput }))
    .mutation(({ ctx, input }) => removeApplicationForm(ctx, ctx.school.id, ctx.user.id, input.id)),
  getApplications: schoolProcedure
    .input(z.object({ status: z.enum(APPLICATION_STATUSES).optional() }))
    .query(({ ctx, input }) => getApplications(ctx, ctx.school.id, input.status)),
  getPendingApplicationCount: schoolProcedure.query(({ ctx }) => getPendingApplicationCount(ctx, ctx.school.id)),
  admitApplication: officeProcedure.input(admitApplicationInput).mutation(({ ctx, input }) => admitApplication(ctx, ctx.school.id, ctx.user.id, input)),
  rejectApplication: officeProcedure.input(rejectApplicationInput).mutation(({ ctx, input }) => rejectApplication(ctx, ctx.school.id, ctx.user.id, input)),
  // Public: the hosted page (same origin) or a listed site; rate-limited per client address.
  getPublicForm: publicProcedure
    .input(z.object({ formId: uuidInput }))
    .query(({ ctx, input }) => getPublicForm(ctx, input.formId, ctx.origin, ownOrigins(ctx))),
  submitApplication: publicProcedure
    .concat(clockedInput(submitApplicationInput))
    .mutation(({ ctx, input }) => submitApplication(ctx, input, { ip: ctx.ip, origin: ctx.origin, ownOrigins: ownOrigins(ctx) })),
});
