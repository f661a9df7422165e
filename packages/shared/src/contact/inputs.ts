// The contact form's input with the Czech messages of spec §5.
import { z } from 'zod';
import { emailInput, text } from '../validation.ts';

export const contactInput = z.object({
  email: emailInput,
  message: text('Prosím zadejte zprávu!')
    .trim()
    .min(1, { error: 'Prosím zadejte zprávu!', abort: true })
    .min(5, 'Zpráva musí mít alespoň 5 znaků')
    .max(1000, 'Zpráva může mít nejvýše 1000 znaků'),
});
export type ContactInput = z.infer<typeof contactInput>;
