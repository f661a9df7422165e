// The school's booking rules (Nastavení → 'Rezervace jízd'). `getBookingSettings` is the one read every booking rule
// goes through (the booking feature imports it): the saved row, or BOOKING_DEFAULTS when the school saved none.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { BOOKING_DEFAULTS, type BookingSettings } from '@volant/shared/booking/settings';
import { eq } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { bookingSettings } = schema;

type Row = typeof bookingSettings.$inferSelect;

const toSettings = (row: Row): BookingSettings => ({
  enabled: row.enabled,
  horizonDays: row.horizonDays,
  bookBeforeHours: row.bookBeforeHours,
  freeCancelHours: row.freeCancelHours,
  maxFutureRides: row.maxFutureRides,
  requireNoOverdue: row.requireNoOverdue,
  teacherChoice: row.teacherChoice,
  rideLengths: [...row.rideLengths],
  reminderHours: row.reminderHours,
});

/** The school's booking rules: its saved row, or the defaults (booking off) when it has none. */
export async function getBookingSettings(db: DbOrTx, schoolId: SchoolId): Promise<BookingSettings & { updatedAt: Date | null }> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.schoolId, schoolId)).limit(1);
  return row ? { ...toSettings(row), updatedAt: row.updatedAt } : { ...BOOKING_DEFAULTS, rideLengths: [...BOOKING_DEFAULTS.rideLengths], updatedAt: null };
}

/** Saves the rules whole: inserts the school's row or replaces it. */
export async function upsertBookingSettings(tx: DbOrTx, schoolId: SchoolId, values: BookingSettings, now: Date) {
  const set = { ...values, updatedAt: now };
  await tx
    .insert(bookingSettings)
    .values({ schoolId, ...set })
    .onConflictDoUpdate({ target: bookingSettings.schoolId, set });
}
