// Formatting for the whole product: dates D.M.YYYY, times HH:mm, money in CZK, Czech plurals, names and licence groups.
import { LICENCE_GROUP_LABELS, type LicenceGroup } from './enums.ts';
import { SCHOOL_TIME_ZONE } from './school-time.ts';

const dateFmt = new Intl.DateTimeFormat('cs-CZ', { timeZone: SCHOOL_TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('cs-CZ', { timeZone: SCHOOL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const moneyFmt = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK' });
const plural = new Intl.PluralRules('cs');

/** A calendar date 'YYYY-MM-DD' or an instant → 'D.M.YYYY'. Calendar dates are never shifted by a zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return `${d}.${m}.${y}`;
  }
  return dateFmt.format(new Date(value)).replace(/\s/g, '');
}

export function formatTime(value: string | Date): string {
  return timeFmt.format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

export function formatMoney(halere: number): string {
  return moneyFmt.format(halere / 100);
}

/** Czech plural: pluralCs(n, ['lekce', 'lekce', 'lekcí']) → one / few / many. */
export function pluralCs(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = plural.select(n);
  if (rule === 'one') return forms[0];
  if (rule === 'few') return forms[1];
  return forms[2];
}

/** Whole years between a birth date and a day, both 'YYYY-MM-DD'. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** 'B, B+E' */
export function groupsText(groups: readonly string[] | null | undefined): string {
  return (groups ?? []).map((g) => LICENCE_GROUP_LABELS[g as LicenceGroup] ?? g).join(', ');
}

export function fullName(s: { firstName: string; lastName: string; degree?: string | null }): string {
  return [s.degree, s.firstName, s.lastName].filter(Boolean).join(' ');
}

/** The Výuka tab's line under a section: 'Dokončeno' when nothing remains, else 'Zbývá 1 lekce' / '3 lekce' / '8 lekcí'. */
export function lessonsRemainingText(remaining: number): string {
  if (remaining <= 0) return 'Dokončeno';
  return `Zbývá ${remaining} ${pluralCs(remaining, ['lekce', 'lekce', 'lekcí'])}`;
}

/** Koruny (at most 2 decimals) → integer haléře, exactly: 1234.56 → 123456 (not 123455.99999…). */
export function toHalere(czk: number): number {
  return Math.round(czk * 100);
}

/** Integer haléře → koruny for a form field. */
export function toCzk(halere: number): number {
  return halere / 100;
}

/** Whether a koruna amount has at most two decimals (a haléř is the smallest unit). */
export function hasWholeHalere(czk: number): boolean {
  return Number.isFinite(czk) && Math.abs(czk * 100 - Math.round(czk * 100)) < 1e-6;
}
