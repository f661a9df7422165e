import { codeInput, uuidInput } from '@volant/shared/validation';
import { z } from 'zod';
import { router } from '../../trpc/init.ts';
import { authedProcedure, publicProcedure } from '../../trpc/procedures.ts';
import { applyInvite, declineInvite, describeInvite, listUnusedInvites } from './school-invite.service.ts';

const idInput = z.object({ id: uuidInput });

export const schoolInviteRouter = router({
  getUnusedInvites: authedProcedure.query(({ ctx }) => listUnusedInvites(ctx, ctx.user)),
  declineInvite: authedProcedure.input(idInput).mutation(({ ctx, input }) => declineInvite(ctx, ctx.user, input.id)),
  applyInviteInAccount: authedProcedure.input(idInput).mutation(({ ctx, input }) => applyInvite(ctx, ctx.user, { id: input.id })),
  // A mutation, so the code travels in the request body and never in a URL that access logs keep.
  describeInviteByCode: publicProcedure.input(codeInput).mutation(({ ctx, input }) => describeInvite(ctx, input.code)),
  applyInviteByCode: authedProcedure.input(codeInput).mutation(({ ctx, input }) => applyInvite(ctx, ctx.user, { code: input.code })),
});
