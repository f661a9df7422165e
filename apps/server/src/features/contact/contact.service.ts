// The public contact form: the message is kept and mailed to support, together.
import { inTransaction } from '../../lib/unit-of-work.ts';
import { contactMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { insertContactMessage } from './contact.queries.ts';

export async function sendContactMessage(deps: AppDeps, userId: string | null, input: { email: string; message: string }) {
  await inTransaction(deps, async (tx, after) => {
    await insertContactMessage(tx, { email: input.email, message: input.message, userId });
    await after.mail('CONTACT', contactMail(deps.config.supportEmail, input.email, input.message));
  });
  return { ok: true as const };
}
