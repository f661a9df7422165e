// Money (issue 17): one type end to end. Every amount the product stores, computes, sends or receives after parsing is
// an integer of haléře (1 Kč = 100 haléřů), the branded `Halere`. Koruny exist only at the two edges:
// - in: a form field holds koruny (at most two decimals); the zod primitive `czkInput` checks them and turns them into
//   haléře, so EVERY parsed money input (payment, price list, the student's price and discount, charges and extras,
//   invoice lines, the application form's course price) carries haléře and no service ever sees koruny;
// - out: `formatMoney` / `formatPrice` print haléře as Czech koruny, `toCzk` fills a form field from haléře.
import { z } from 'zod';

declare const HALERE: unique symbol;
/** An integer amount of haléře (may be negative: a credit note's line). */
export type Halere = number & { readonly [HALERE]: true };

export const HALERE_PER_CZK = 100;
/** Spec §5: a price or payment is at most 1,000,000 Kč. */
export const MONEY_MAX_CZK = 1_000_000;

/** An integer of haléře as `Halere`; anything else is a programming error (a koruna amount, a float). */
export function asHalere(value: number): Halere {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of haléře: ${value}`);
  return value as Halere;
}

/** The sum of haléře amounts. */
export function sumHalere(values: Iterable<number>): Halere {
  let sum = 0;
  for (const v of values) sum += v;
  return asHalere(sum);
}

/** Koruny (at most 2 decimals) → integer haléře, exactly: 1234.56 → 123456 (not 123455.99999…). */
export function toHalere(czk: number): Halere {
  return Math.round(czk * HALERE_PER_CZK) as Halere;
}

/** Integer haléře → koruny for a form field. */
export function toCzk(halere: number): number {
  return halere / HALERE_PER_CZK;
}

/** Whether a koruna amount has at most two decimals (a haléř is the smallest unit). */
export function hasWholeHalere(czk: number): boolean {
  return Number.isFinite(czk) && Math.abs(czk * HALERE_PER_CZK - Math.round(czk * HALERE_PER_CZK)) < 1e-6;
}

const moneyFmt = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' });
const wholeFmt = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 });

/** Haléře → '22 899,50 Kč' (always two decimals: statements, invoices, the Platba tab). */
export function formatMoney(halere: number): string {
  return moneyFmt.format(halere / HALERE_PER_CZK);
}

/** Haléře → a price as offered: '22 900 Kč' when whole koruny, '22 899,50 Kč' otherwise (course cards, lists). */
export function formatPrice(halere: number): string {
  return halere % HALERE_PER_CZK === 0 ? wholeFmt.format(halere / HALERE_PER_CZK) : formatMoney(halere);
}

/** Haléře → '12345,50' for a spreadsheet: decimal comma, no grouping, so Czech Excel reads a number. */
export function csvAmount(halere: number): string {
  const sign = halere < 0 ? '-' : '';
  const abs = Math.abs(halere);
  return `${sign}${Math.trunc(abs / HALERE_PER_CZK)},${String(abs % HALERE_PER_CZK).padStart(2, '0')}`;
}

export interface CzkInputOptions {
  /** The message for a missing amount. */
  required: string;
  /** Least koruny (0 unless said). */
  min?: number;
  /** Most koruny (1,000,000 unless said). */
  max?: number;
  /** The message when out of [min, max]. */
  range: string;
  /** The message when below min, if it differs from `range`. */
  belowMin?: string;
  /** The message for a third decimal. */
  decimals?: string;
}

export const MONEY_DECIMALS_MESSAGE = 'Částka může mít nejvýše 2 desetinná místa';

/**
 * THE money input: koruny from a form (min..max, at most 2 decimals) → integer haléře in the parsed input. A schema's
 * z.input is koruny, its z.output `Halere`; the procedure's service stores the output as it is.
 */
export function czkInput({ required, min = 0, max = MONEY_MAX_CZK, range, belowMin, decimals = MONEY_DECIMALS_MESSAGE }: CzkInputOptions) {
  return z
    .number({ error: required })
    .refine((v) => Number.isFinite(v), { error: required, abort: true })
    .refine((v) => v >= min, { error: belowMin ?? range, abort: true })
    .refine((v) => v <= max, { error: range, abort: true })
    .refine(hasWholeHalere, decimals)
    .transform(toHalere);
}

/** Haléře → '12345.50' for a machine format (Pohoda XML's xsd:double amounts): decimal point, no grouping, exact. */
export function decimalAmount(halere: number): string {
  return csvAmount(halere).replace(',', '.');
}
