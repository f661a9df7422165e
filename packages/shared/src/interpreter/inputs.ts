// Interpreter inputs with the Czech messages of spec §5. Shared by the form and the procedures.
import { z } from 'zod';
import { addressInput, birthDateInput, firstNameInput, lastNameInput, optionalText, phoneInput } from '../validation.ts';

export const interpreterInput = (now: Date) =>
  z.object({
    interpreterInfo: z.object({
      firstName: firstNameInput,
      lastName: lastNameInput,
      degree: optionalText(50, 'Titul může mít nejvýše 50 znaků'),
      birthDate: birthDateInput(now),
      phone: phoneInput,
    }),
    address: addressInput,
  });
export type InterpreterInput = z.input<ReturnType<typeof interpreterInput>>;
