// The school's raise of one cell of the legal lesson plan (Osnova výuky settings): null removes it, and a figure below
// the law's is refused by the server with the law's number.
import { z } from 'zod';
import { LICENCE_GROUPS, TRAINING_KINDS } from '../enums.ts';
import { PLAN_ITEMS } from './law.ts';

export const LESSON_PLAN_MAX_HOURS = 1000;

export const lessonPlanRaiseInput = z.object({
  group: z.enum(LICENCE_GROUPS, { error: 'Neznámá skupina' }),
  kind: z.enum(TRAINING_KINDS, { error: 'Neznámý druh výcviku' }),
  variant: z.enum(['COURSE', 'ISP'], { error: 'Neznámá forma výuky' }),
  item: z.enum(PLAN_ITEMS, { error: 'Neznámá položka osnovy' }),
  hours: z
    .number({ error: 'Prosím zadejte počet hodin!' })
    .int('Počet hodin musí být celé číslo')
    .min(0, 'Počet hodin nesmí být záporný')
    .max(LESSON_PLAN_MAX_HOURS, `Počet hodin může být nejvýše ${LESSON_PLAN_MAX_HOURS}`)
    .nullable(),
});
export type LessonPlanRaiseInput = z.input<typeof lessonPlanRaiseInput>;

/** The server's refusal of a figure below the law's, with the law's number. */
export const belowLawMessage = (lawHours: number) => `Počet hodin nesmí být nižší, než stanoví zákon (${lawHours})`;
