// A document with an expiry date (a car's STK, a teacher's licence, legal-cz §8): the office is warned a month ahead.
import { addDays, type CalendarDate } from './school-time.ts';

export const EXPIRY_WARNING_DAYS = 30;
export type ExpiryState = 'OK' | 'SOON' | 'EXPIRED';

/**
 * OK, SOON (lapses within 30 days of today) or EXPIRED (valid until yesterday or earlier); null without a date.
 * `today` is the school's calendar day (`schoolToday(now)`); a date is valid through its whole day.
 */
export function expiryState(validUntil: CalendarDate | null | undefined, today: CalendarDate): ExpiryState | null {
  if (!validUntil) return null;
  if (validUntil < today) return 'EXPIRED';
  if (validUntil <= addDays(today, EXPIRY_WARNING_DAYS)) return 'SOON';
  return 'OK';
}
