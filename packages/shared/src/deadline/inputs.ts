// 'Upozornění na lhůty' (issue 22 §3): how many days before a student's deadline lapses the office is notified.
import { z } from 'zod';
import { DEADLINE_LEAD_DAYS_MAX, DEADLINE_LEADS_MAX } from './rules.ts';

export const DEADLINE_MESSAGES = {
  lead: `Počet dní musí být celé číslo 1 až ${DEADLINE_LEAD_DAYS_MAX}`,
  count: `Zadejte 1 až ${DEADLINE_LEADS_MAX} počty dní`,
} as const;

/** One to three lead times in days (1–90), kept sorted from the longest and without repeats. */
export const deadlineSettingsInput = z.object({
  leadDays: z
    .array(z.number({ error: DEADLINE_MESSAGES.lead }).refine((v) => Number.isInteger(v) && v >= 1 && v <= DEADLINE_LEAD_DAYS_MAX, DEADLINE_MESSAGES.lead))
    .min(1, DEADLINE_MESSAGES.count)
    .max(DEADLINE_LEADS_MAX, DEADLINE_MESSAGES.count)
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
});
export type DeadlineSettingsInput = z.input<typeof deadlineSettingsInput>;
