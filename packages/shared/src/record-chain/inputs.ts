// Inputs of the record chain's screens (issue 22 §1): 'Opravy a rozpory' over a period. The student's own record chain
// takes no input (the session says whose).
import { z } from 'zod';
import { dateInput, uuidInput } from '../validation.ts';

export const CORRECTIONS_MESSAGES = {
  from: 'Prosím zadejte začátek období!',
  to: 'Prosím zadejte konec období!',
  order: 'Konec období musí být po začátku!',
} as const;

/** recordChain.getCorrections: the period, both days included (Prague days). */
export const correctionsInput = z
  .object({ schoolId: uuidInput, from: dateInput(CORRECTIONS_MESSAGES.from), to: dateInput(CORRECTIONS_MESSAGES.to) })
  .refine((v) => v.to >= v.from, { error: CORRECTIONS_MESSAGES.order, path: ['to'] });
export type CorrectionsInput = z.input<typeof correctionsInput>;
