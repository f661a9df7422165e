// 'Čekací listina' (issue 19 §3): the student picks days they would like a ride on; when a ride of such a day is
// cancelled, each waiting student gets an e-mail with a link to 'Rezervace', and the first to book gets the slot.
import { addDays, type CalendarDate } from '../school-time.ts';

export const WAITLIST_TITLE = 'Čekací listina';
/** At most this many days on the list at once. */
export const WAITLIST_MAX_DAYS = 7;

export const WAITLIST_MESSAGES = {
  outside: 'Na čekací listinu lze přidat jen den, na který je možné rezervovat jízdu',
  tooMany: `Na čekací listině můžete mít nejvýše ${WAITLIST_MAX_DAYS} dní`,
} as const;

/** The days a student may put on the list: from the first bookable day to the end of the horizon (inclusive). */
export function waitlistRefusal(day: CalendarDate, firstDay: CalendarDate, today: CalendarDate, horizonDays: number, listed: number): string | null {
  if (day < firstDay || day > addDays(today, horizonDays)) return WAITLIST_MESSAGES.outside;
  if (listed >= WAITLIST_MAX_DAYS) return WAITLIST_MESSAGES.tooMany;
  return null;
}
