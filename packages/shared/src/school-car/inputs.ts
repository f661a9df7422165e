// Vehicle inputs (spec §3 school car, §5 vehicle rules). Shared by the Vozidla settings form and the procedures.
import { z } from 'zod';
import { LICENCE_GROUPS } from '../enums.ts';
import { dateInput, requiredText, uuidInput } from '../validation.ts';

export const REG_NUMBER_MAX = 8;

export const schoolCarInput = z.object({
  carType: requiredText('Prosím zadejte značku vozidla!', 100, 'Značka může mít nejvýše 100 znaků'),
  regNumber: requiredText('Prosím zadejte SPZ!', 50)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().max(REG_NUMBER_MAX, 'Maximální délka SPZ je 8 znaků!')),
  targetGroup: z
    .array(z.enum(LICENCE_GROUPS, { error: 'Neznámá skupina' }), { error: 'Prosím zadajte skupiny!' })
    .min(1, 'Prosím zadajte skupiny!')
    .max(LICENCE_GROUPS.length),
  /** Technical inspection (STK) valid until; the office is warned before it lapses (legal-cz §8.1). */
  stkValidUntil: dateInput('Prosím zadejte datum!')
    .nullish()
    .transform((v) => v ?? null),
});
export type SchoolCarInput = z.input<typeof schoolCarInput>;

export const schoolCarIdInput = z.object({ schoolCarId: uuidInput });
