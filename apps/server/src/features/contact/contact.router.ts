import { contactInput } from '@volant/shared/contact/inputs';
import { loadSession } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';
import { sendContactMessage } from './contact.service.ts';

export const contactRouter = router({
  // A logged-in sender is recorded with the message; the form works without a login too.
  sendContactMessage: publicProcedure
    .input(contactInput)
    .mutation(async ({ ctx, input }) => sendContactMessage(ctx, (await loadSession(ctx))?.user.id ?? null, input)),
});
