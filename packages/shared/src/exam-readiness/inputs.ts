// Inputs of the readiness forecast (issue 22 §3): the card's student and the list's 'Brzy připraveni' window.
import { z } from 'zod';
import { uuidInput } from '../validation.ts';

export const READINESS_SOON_DAYS = [14, 30, 60, 90] as const;

export const studentForecastInput = z.object({ studentId: uuidInput });

/** 'Brzy připraveni': students whose forecast end of training is within `soonDays` days (30 unless told). */
export const readinessListInput = z.object({
  soonDays: z
    .number({ error: 'Zadejte počet dní' })
    .int('Počet dní musí být celé číslo')
    .min(1, 'Počet dní musí být alespoň 1')
    .max(365, 'Počet dní může být nejvýše 365')
    .default(30),
});
