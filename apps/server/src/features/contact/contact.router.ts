import { schema } from '@volant/db/schema';
import { contactInput } from '@volant/shared/validation';
import { enqueueMail } from '../../mail/outbox.queries.ts';
import { contactMail } from '../../mail/templates.ts';
import { loadSession } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';

export const contactRouter = router({
  sendContactMessage: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    const userId = (await loadSession(ctx))?.user.id ?? null;
    await ctx.db.transaction(async (tx) => {
      await tx.insert(schema.contactMessages).values({ email: input.email, message: input.message, userId });
      await enqueueMail(tx, 'CONTACT', contactMail(ctx.config.supportEmail, input.email, input.message), ctx.now());
    });
    ctx.outbox.wake();
    return { ok: true as const };
  }),
});
