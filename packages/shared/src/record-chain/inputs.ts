// Inputs of the record chain's screens (issue 22 §1): 'Opravy a rozpory' over a period. The student's own record chain
// takes no input (the session says whose).
import { z } from 'zod';
import { dateInput, optionalText, uuidInput } from '../validation.ts';

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

/**
 * 'Důvod opravy' (issue 22 §1): a change of a record already in the chain (a CORRECTION) is refused without a reason.
 * The server answers the field `correctionReason` with one of these; the forms then ask for it and send it again.
 */
export const CORRECTION_MESSAGES = {
  rideReasonRequired: 'Jízda je již zapsaná: prosím uveďte důvod opravy.',
  rideDeleteReasonRequired: 'Jízda je již zapsaná: prosím uveďte důvod smazání.',
  lessonReasonRequired: 'Hodina je již zapsána jako odučená: prosím uveďte důvod opravy.',
  reasonTooLong: 'Důvod opravy může mít nejvýše 500 znaků',
} as const;

/** The optional 'Důvod opravy' of every write that may correct a record of the chain. */
export const correctionReasonInput = optionalText(500, CORRECTION_MESSAGES.reasonTooLong);
