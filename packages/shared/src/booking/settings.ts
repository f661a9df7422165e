// The school's rules for rides students book themselves (Nastavení → 'Rezervace jízd', issue 19 §3). One schema,
// shared by the settings tab and bookingSettings.update; BOOKING_DEFAULTS hold when the school has saved nothing
// (booking off). The bounds are the database's checks (packages/db/src/schema/booking.ts).
import { z } from 'zod';
import { BOOKING_TEACHER_CHOICES, type BookingTeacherChoice } from '../enums.ts';

/** The ride lengths a school may offer its students, minutes. */
export const BOOKING_RIDE_LENGTHS = [30, 45, 60, 90, 120, 135, 180] as const;

export const BOOKING_TEACHER_CHOICE_LABELS: Record<BookingTeacherChoice, string> = {
  DEFAULT_TEACHER: 'Jen s vlastním učitelem výcviku',
  ANY_TEACHER: 'S kterýmkoli učitelem',
};

export const BOOKING_LIMITS = {
  horizonDays: { min: 1, max: 365 },
  bookBeforeHours: { min: 0, max: 720 },
  freeCancelHours: { min: 0, max: 720 },
  maxFutureRides: { min: 1, max: 50 },
  reminderHours: { min: 1, max: 168 },
  rideLengths: { min: 1, max: 6 },
} as const;

export interface BookingSettings {
  enabled: boolean;
  horizonDays: number;
  bookBeforeHours: number;
  freeCancelHours: number;
  maxFutureRides: number;
  requireNoOverdue: boolean;
  teacherChoice: BookingTeacherChoice;
  rideLengths: number[];
  /** Hours before a ride or theory lesson the student is reminded; null = no reminder. */
  reminderHours: number | null;
}

export const BOOKING_DEFAULTS: Readonly<BookingSettings> = Object.freeze({
  enabled: false,
  horizonDays: 14,
  bookBeforeHours: 24,
  freeCancelHours: 24,
  maxFutureRides: 3,
  requireNoOverdue: false,
  teacherChoice: 'DEFAULT_TEACHER',
  rideLengths: [90],
  reminderHours: 24,
});

const whole = (key: Exclude<keyof typeof BOOKING_LIMITS, 'rideLengths'>, what: string) => {
  const { min, max } = BOOKING_LIMITS[key];
  const message = `${what} musí být celé číslo od ${min} do ${max}.`;
  return z.int({ error: message }).min(min, message).max(max, message);
};

export const bookingSettingsInput = z.object({
  enabled: z.boolean({ error: 'Neplatná hodnota.' }),
  horizonDays: whole('horizonDays', 'Počet dní dopředu'),
  bookBeforeHours: whole('bookBeforeHours', 'Počet hodin před začátkem'),
  freeCancelHours: whole('freeCancelHours', 'Počet hodin pro zrušení zdarma'),
  maxFutureRides: whole('maxFutureRides', 'Počet naplánovaných jízd'),
  requireNoOverdue: z.boolean({ error: 'Neplatná hodnota.' }),
  teacherChoice: z.enum(BOOKING_TEACHER_CHOICES, { error: 'Prosím vyberte, s kým si žák může jízdu rezervovat.' }),
  rideLengths: z
    .array(
      z.int({ error: 'Neplatná délka jízdy.' }).refine((v) => (BOOKING_RIDE_LENGTHS as readonly number[]).includes(v), 'Neplatná délka jízdy.'),
      { error: 'Prosím vyberte délky jízd.' },
    )
    .min(1, 'Vyberte alespoň jednu délku jízdy.')
    .max(BOOKING_LIMITS.rideLengths.max, 'Vyberte nejvýše 6 délek jízdy.')
    .transform((v) => [...new Set(v)].sort((a, b) => a - b)),
  reminderHours: whole('reminderHours', 'Počet hodin před připomenutím').nullable(),
});
export type BookingSettingsInput = z.input<typeof bookingSettingsInput>;
