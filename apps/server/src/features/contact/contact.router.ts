import { schema } from '@volant/db/schema';
import { contactInput } from '@volant/shared/validation';
import { contactMail } from '../../mail/templates.ts';
import { loadSession } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { publicProcedure } from '../../trpc/procedures.ts';

export const contactRouter = router({
  sendContactMessage: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    await ctx.db.insert(schema.contactMessages).values({ email: input.email, message: input.message, userId: (await loadSession(ctx))?.user.id ?? null });
    await ctx.mailer.send(contactMail(ctx.config.supportEmail, input.email, input.message));
    return { ok: true as const };
  }),
});
