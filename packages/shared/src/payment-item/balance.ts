// A student's balance (issue 9 'Balance and overdue'): what they owe is the course price after the discount plus the
// extras charged to them; what is due is that less what they paid, never below 0. The owing list's "since" is the day
// from which the running balance has stayed positive; the SQL of the owing list does the same over the same timeline.
import { type LicenceGroup, TRAINING_KIND_LABELS, TRAINING_TYPE_LABELS, type TrainingKind, type TrainingType } from '../enums.ts';
import { groupsText } from '../format.ts';
import type { CalendarDate } from '../school-time.ts';

/**
 * Where a student's course price comes from: their own price ('STUDENT'), the school's price list ('PRICE_LIST', read
 * now or copied when training started), or nowhere: the price list has no price for their group, training kind and
 * type ('MISSING'), which is not a price of 0 Kč.
 */
export const PRICE_SOURCES = ['STUDENT', 'PRICE_LIST', 'MISSING'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/**
 * What the Platba tab and Nedoplatky say for a missing price: 'Ceník nemá cenu pro skupinu B, Základní, Kurz'
 * (the student's first group, training kind and type: the price list's key).
 */
export function missingPriceText(m: { group: LicenceGroup | string | null; kind: TrainingKind; variant: TrainingType }): string {
  if (!m.group) return 'Žák nemá zadanou skupinu, cenu z ceníku nelze určit';
  return `Ceník nemá cenu pro skupinu ${groupsText([m.group])}, ${TRAINING_KIND_LABELS[m.kind]}, ${TRAINING_TYPE_LABELS[m.variant]}`;
}

export interface BalanceParts {
  /** Sum of the payments (haléře). */
  paid: number;
  /** The course price (haléře) or null when the student has none. */
  price: number | null;
  /** The discount off the course price (haléře). */
  discount: number;
  /** Sum of the extras charged (quantity × unit price, haléře). */
  charges: number;
}

/**
 * The Platba summary and the card circle: owed = price − discount + charges, due = max(0, owed − paid), the circle's
 * per cent of owed that is paid (100 when nothing is owed). Null owed, due and per cent when there is nothing to pay
 * against (no price and no charges).
 */
export function paymentSummary({ paid, price, discount, charges }: BalanceParts) {
  if (price === null && charges === 0) return { paid, charges, owed: null, due: null, percent: null };
  const owed = Math.max(0, (price ?? 0) - discount) + charges;
  return { paid, charges, owed, due: Math.max(0, owed - paid), percent: owed === 0 ? 100 : Math.min(100, Math.floor((paid * 100) / owed)) };
}

/** One move of the balance: + the course price (from the training start) or a charge, − a payment. */
export interface BalanceEvent {
  day: CalendarDate;
  /** Haléře; positive raises what is owed, negative (a payment) lowers it. */
  amount: number;
}

/**
 * The day from which the balance has been positive without a break: the first day after the last day that ended at
 * or below zero (or the first day of the timeline when none did). Null when the balance now is not positive.
 * Events of one day count together (a payment on the day of the charge it settles leaves no debt that day).
 */
export function owingSince(events: readonly BalanceEvent[]): CalendarDate | null {
  const byDay = new Map<CalendarDate, number>();
  for (const e of events) byDay.set(e.day, (byDay.get(e.day) ?? 0) + e.amount);
  let balance = 0;
  let since: CalendarDate | null = null;
  for (const day of [...byDay.keys()].sort()) {
    balance += byDay.get(day) ?? 0;
    if (balance <= 0) since = null;
    else since ??= day;
  }
  return balance > 0 ? since : null;
}

/** Whole days from `since` to `today` (0 when since is today or later). */
export function daysSince(since: CalendarDate, today: CalendarDate): number {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, days);
}
