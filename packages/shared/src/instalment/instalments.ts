// Splátkový kalendář (issue 21 §2): a student's price split into instalments with due dates, and the payments
// allocated to them oldest first. Pure rules over integer haléře (money.ts): the parts always sum to the price exactly
// and none is negative.
import { addDays, type CalendarDate } from '../school-time.ts';

/** The most instalments one plan or template may have. */
export const INSTALMENTS_MAX = 24;
/** The furthest a template's offset reaches (days after the template is applied). */
export const INSTALMENT_OFFSET_MAX_DAYS = 3650;

/**
 * The price (haléře, ≥ 0) split into `count` parts (1 … INSTALMENTS_MAX): equal parts in whole koruny where the price
 * allows, the rest (the haléře and the koruny left over) in the first part, so sum(parts) === price and every part
 * is ≥ 0.
 */
export function splitPrice(price: number, count: number): number[] {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`Not a price in haléře: ${price}`);
  if (!Number.isInteger(count) || count < 1 || count > INSTALMENTS_MAX) throw new RangeError(`Not an instalment count: ${count}`);
  const wholeKoruny = Math.floor(price / 100);
  const each = Math.floor(wholeKoruny / count) * 100;
  const parts = Array.from({ length: count }, () => each);
  parts[0] = price - each * (count - 1);
  return parts;
}

/** A template's instalments: the offsets in days from the day it is applied (one per instalment). */
export interface PlannedInstalment {
  dueOn: CalendarDate;
  amount: number;
}

/** A template applied on `from` to the price: equal parts (splitPrice) due `from + offset` days, in offset order. */
export function planFromTemplate(price: number, offsets: readonly number[], from: CalendarDate): PlannedInstalment[] {
  const sorted = [...offsets].sort((a, b) => a - b);
  const parts = splitPrice(price, sorted.length);
  return sorted.map((offset, i) => ({ dueOn: addDays(from, offset), amount: parts[i] as number }));
}

export const INSTALMENT_STATES = ['PAID', 'PARTLY_PAID', 'DUE', 'OVERDUE'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];
export const INSTALMENT_STATE_LABELS: Record<InstalmentState, string> = {
  PAID: 'Zaplaceno',
  PARTLY_PAID: 'Částečně zaplaceno',
  DUE: 'K úhradě',
  OVERDUE: 'Po splatnosti',
};

export interface InstalmentLike {
  dueOn: CalendarDate;
  amount: number;
}

export type AllocatedInstalment<T extends InstalmentLike> = T & {
  /** Haléře of the payments allocated to this instalment. */
  paid: number;
  /** Haléře still to pay on it (amount − paid, ≥ 0). */
  remaining: number;
  state: InstalmentState;
};

/**
 * The payments (their sum, haléře) allocated to the instalments oldest due date first (the order given breaks ties):
 * each takes what it can until the money runs out. State: PAID when fully paid; otherwise OVERDUE once its due date
 * is before `today`, PARTLY_PAID when some is paid, else DUE. The result keeps the input order.
 */
export function allocatePayments<T extends InstalmentLike>(instalments: readonly T[], paid: number, today: CalendarDate): AllocatedInstalment<T>[] {
  const order = instalments
    .map((_, i) => i)
    .sort((a, b) => {
      const x = instalments[a] as T;
      const y = instalments[b] as T;
      return x.dueOn < y.dueOn ? -1 : x.dueOn > y.dueOn ? 1 : a - b;
    });
  let left = Math.max(0, paid);
  const allocated = new Array<number>(instalments.length).fill(0);
  for (const i of order) {
    const take = Math.min(left, Math.max(0, (instalments[i] as T).amount));
    allocated[i] = take;
    left -= take;
  }
  return instalments.map((inst, i) => {
    const got = allocated[i] as number;
    const remaining = Math.max(0, inst.amount - got);
    const state: InstalmentState = remaining === 0 ? 'PAID' : inst.dueOn < today ? 'OVERDUE' : got > 0 ? 'PARTLY_PAID' : 'DUE';
    return { ...inst, paid: got, remaining, state };
  });
}

/** What is overdue (due date before today, unpaid part) and what is due by today or later, in haléře. */
export function instalmentTotals(allocated: readonly AllocatedInstalment<InstalmentLike>[]) {
  let overdue = 0;
  let upcoming = 0;
  let nextDueOn: CalendarDate | null = null;
  for (const a of allocated) {
    if (a.state === 'OVERDUE') overdue += a.remaining;
    else if (a.remaining > 0) {
      upcoming += a.remaining;
      if (nextDueOn === null || a.dueOn < nextDueOn) nextDueOn = a.dueOn;
    }
  }
  return { overdue, upcoming, nextDueOn };
}

/** A payment reminder: N days before an instalment's due date, or N days after it while unpaid. */
export const PAYMENT_REMINDER_KINDS = ['BEFORE', 'OVERDUE'] as const;
export type PaymentReminderKind = (typeof PAYMENT_REMINDER_KINDS)[number];
export const PAYMENT_REMINDER_KIND_LABELS: Record<PaymentReminderKind, string> = { BEFORE: 'Před splatností', OVERDUE: 'Po splatnosti' };

/**
 * Which reminder an instalment gets on `today`, if any: BEFORE on dueOn − daysBefore, OVERDUE on dueOn + daysAfter,
 * only while something of it is unpaid. Null days turn that reminder off.
 */
export function reminderDue(
  inst: { dueOn: CalendarDate; remaining: number },
  settings: { daysBefore: number | null; daysAfter: number | null },
  today: CalendarDate,
): PaymentReminderKind | null {
  if (inst.remaining <= 0) return null;
  if (settings.daysBefore !== null && addDays(inst.dueOn, -settings.daysBefore) === today) return 'BEFORE';
  if (settings.daysAfter !== null && addDays(inst.dueOn, settings.daysAfter) === today) return 'OVERDUE';
  return null;
}

/**
 * 'Po splatnosti' of one student — ONE rule for the owing list, 'Přehled školy' and the student's place: what fell
 * due before today (the instalments of their Splátkový kalendář; without a plan, their issued invoices' due dates),
 * less everything they paid (payments cover the oldest due first, as `allocatePayments`), never more than they owe.
 * Null: nothing of theirs has a due date (no plan, no invoice), so nothing is claimed overdue, not even 0.
 */
export function overdueOfBalance(o: { fellDue: number | null; paid: number; due: number }): number | null {
  if (o.fellDue === null) return null;
  return Math.max(0, Math.min(o.due, o.fellDue - o.paid));
}

/** The sum of a plan's instalments due before `today` (what fell due by the plan). */
export const planFellDue = (instalments: readonly InstalmentLike[], today: CalendarDate) =>
  instalments.reduce((sum, i) => (i.dueOn < today ? sum + Math.max(0, i.amount) : sum), 0);
