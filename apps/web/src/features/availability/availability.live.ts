// A teacher's Dostupnost and the school's booking rules: live reactions (composed by lib/live.ts, and applied by the
// forms themselves on their answers).
import type { QueryFilters } from '@tanstack/react-query';
import type { LiveQueries } from '../../lib/live-queries.ts';
import { trpcOptions as t } from '../../lib/trpc.ts';

/** The teacher's Dostupnost (Učitelé, Uživatelské Nastavení). */
export const availabilityQueries = (schoolId: string, teacherId: string): QueryFilters[] => [t.availability.get.queryFilter({ schoolId, teacherId })];

/** Nastavení → Rezervace jízd. */
export const bookingSettingsQueries = (schoolId: string): QueryFilters[] => [t.bookingSettings.get.queryFilter({ schoolId })];

export const availabilityLive = {
  AvailabilityMessage: ({ schoolId, teacherId }) => availabilityQueries(schoolId, teacherId),
  BookingSettingsMessage: ({ schoolId }) => bookingSettingsQueries(schoolId),
} satisfies LiveQueries<'AvailabilityMessage' | 'BookingSettingsMessage'>;
