// Account inputs (login, registration, password reset) with the Czech messages of spec §5.
import { z } from 'zod';
import { emailInput, firstNameInput, lastNameInput, passwordInput, phoneInput, text } from '../validation.ts';

export const loginInput = z.object({
  email: text('Prosím zadejte e-mail!').trim().toLowerCase().min(1, { error: 'Prosím zadejte e-mail!', abort: true }).max(250),
  password: text('Prosím zadejte heslo!').trim().min(1, { error: 'Prosím zadejte heslo!', abort: true }).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  email: emailInput,
  firstName: firstNameInput,
  lastName: lastNameInput,
  phone: phoneInput,
  password: passwordInput,
});
export type RegisterInput = z.input<typeof registerInput>;

export const resetPasswordInput = z.object({ email: emailInput });
export const resetPasswordConfirmInput = z.object({
  code: text().trim().min(10).max(200),
  password: passwordInput,
});
