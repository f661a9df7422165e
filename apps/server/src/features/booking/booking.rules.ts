// The school's 'Rezervace jízd' rules for booking (issue 19 §3): the one reader of the settings
// (booking-settings.queries.ts getBookingSettings: the saved row or the defaults), lengths in ascending order.
import type { DbOrTx } from '@volant/db/client';
import type { BookingRules } from '@volant/shared/booking/rules';
import type { SchoolId } from '../../lib/tenant.ts';
import { getBookingSettings } from '../booking-settings/booking-settings.queries.ts';

export async function readBookingRules(db: DbOrTx, schoolId: SchoolId): Promise<BookingRules> {
  const { reminderHours: _reminder, updatedAt: _updated, ...rules } = await getBookingSettings(db, schoolId);
  return { ...rules, rideLengths: [...rules.rideLengths].sort((x, y) => x - y) };
}
