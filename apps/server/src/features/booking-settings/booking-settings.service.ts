// Nastavení → 'Rezervace jízd' (issue 19 §3): the admin turns students' self-booking on and sets its rules.
import type { BookingSettings } from '@volant/shared/booking/settings';
import { recordEvent } from '../../events/record.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { getBookingSettings, upsertBookingSettings } from './booking-settings.queries.ts';

export const bookingSettingsMessage = (live: Live, schoolId: string) => live.toSchool(schoolId, { BookingSettingsMessage: { schoolId } });

export function readBookingSettings(deps: AppDeps, schoolId: SchoolId) {
  return getBookingSettings(deps.db, schoolId);
}

export async function updateBookingSettings(deps: AppDeps, schoolId: SchoolId, userId: string, input: BookingSettings) {
  await inTransaction(deps, async (tx, after) => {
    const before = await getBookingSettings(tx, schoolId);
    await upsertBookingSettings(tx, schoolId, input, deps.now());
    const { updatedAt: _updatedAt, ...previous } = before;
    await recordEvent(deps, tx, after, {
      name: 'bookingSettings.update',
      schoolId,
      userId,
      entityType: 'school',
      entityId: schoolId,
      data: { before: previous, after: input },
    });
  });
  return getBookingSettings(deps.db, schoolId);
}
