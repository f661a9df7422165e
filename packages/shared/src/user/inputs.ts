// Account inputs (login, registration, password reset) with the Czech messages of spec §5.
import { z } from 'zod';
import { CALENDAR_VIEWS, LANDING_PAGES, NOTIFICATION_EVENTS, TIERS } from '../enums.ts';
import { emailInput, firstNameInput, lastNameInput, optionalText, passwordInput, phoneInput, text, uuidInput } from '../validation.ts';

export const loginInput = z.object({
  email: text('Prosím zadejte e-mail!').trim().toLowerCase().min(1, { error: 'Prosím zadejte e-mail!', abort: true }).max(250),
  password: text('Prosím zadejte heslo!').trim().min(1, { error: 'Prosím zadejte heslo!', abort: true }).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  email: emailInput,
  firstName: firstNameInput,
  lastName: lastNameInput,
  phone: phoneInput,
  password: passwordInput,
});
export type RegisterInput = z.input<typeof registerInput>;

export const resetPasswordInput = z.object({ email: emailInput });
export const resetPasswordConfirmInput = z.object({
  code: text().trim().min(10).max(200),
  password: passwordInput,
});

// ——— user settings (issue 11) ———

/** Own name and phone. */
export const updateProfileInput = z.object({
  firstName: firstNameInput,
  lastName: lastNameInput,
  phone: phoneInput,
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** Current password and the new one (spec §5 rule). The form asks for the new one twice; the procedure gets it once. */
export const changePasswordInput = z.object({
  currentPassword: text('Prosím zadejte současné heslo!').trim().min(1, { error: 'Prosím zadejte současné heslo!', abort: true }).max(200),
  newPassword: passwordInput,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** Landing page, calendar view and which notification events also arrive by e-mail. */
export const userPreferencesInput = z.object({
  landingPage: z.enum(LANDING_PAGES).nullable(),
  calendarView: z.enum(CALENDAR_VIEWS).nullable(),
  emailNotificationEvents: z
    .array(z.enum(NOTIFICATION_EVENTS))
    .max(NOTIFICATION_EVENTS.length)
    .transform((list) => [...new Set(list)]),
});
export type UserPreferencesInput = z.input<typeof userPreferencesInput>;

/** A school asks the operator for another tier (Tarif page). */
export const requestTierUpgradeInput = z.object({
  tier: z.enum(TIERS, { error: 'Prosím vyberte tarif!' }),
  note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
});
export type RequestTierUpgradeInput = z.input<typeof requestTierUpgradeInput>;

/** 'Ranní přehled dne e-mailem' (issue 19 §4): the member's morning agenda of the day, in the active school. */
export const morningAgendaInput = z.object({ enabled: z.boolean() });
export type MorningAgendaInput = z.input<typeof morningAgendaInput>;

/** Kalendář's remembered filters (issue 20 §4): the teachers' or the cars'. */
export const CALENDAR_FILTERS = ['TEACHERS', 'CARS'] as const;
export type CalendarFilterKind = (typeof CALENDAR_FILTERS)[number];
/** The most ids a remembered filter holds. */
export const CALENDAR_FILTER_MAX = 100;

/** The member's choice in one of Kalendář's filters; [] is 'Všichni učitelé' / 'Všechna vozidla'. */
export const calendarFilterInput = z.object({
  filter: z.enum(CALENDAR_FILTERS),
  ids: z.array(uuidInput).max(CALENDAR_FILTER_MAX, { error: `Vyberte nejvýše ${CALENDAR_FILTER_MAX} položek.` }),
});
export type CalendarFilterInput = z.input<typeof calendarFilterInput>;
