// The school's 'Rezervace jízd' rules with the defaults when it has no row (issue 19 §3). The avail helper writes the
// settings screen and a reader of its own; the two fold into one at merge.
import type { DbOrTx } from '@volant/db/client';
import { type BookingRules, DEFAULT_BOOKING_RULES } from '@volant/shared/booking/rules';
import type { SchoolId } from '../../lib/tenant.ts';
import { findBookingSettingsRow } from './booking.queries.ts';

export async function readBookingRules(db: DbOrTx, schoolId: SchoolId): Promise<BookingRules> {
  const row = await findBookingSettingsRow(db, schoolId);
  if (!row) return { ...DEFAULT_BOOKING_RULES, rideLengths: [...DEFAULT_BOOKING_RULES.rideLengths] };
  return { ...row, rideLengths: [...row.rideLengths].sort((x, y) => x - y) };
}
