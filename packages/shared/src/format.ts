// Formatting for the whole product: dates D.M.YYYY, times HH:mm, money in CZK, Czech plurals, names and licence groups.
import { LICENCE_GROUP_LABELS, type LicenceGroup } from './enums.ts';
import { schoolWallClock } from './school-time.ts';

// Money lives in money.ts (the `Halere` type, its conversions and formatting); these names stay importable from here.
export { formatMoney, formatPrice, hasWholeHalere, toCzk, toHalere } from './money.ts';

const plural = new Intl.PluralRules('cs');

/** A calendar date 'YYYY-MM-DD' or an instant → 'D.M.YYYY'. Calendar dates are never shifted by a zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return `${d}.${m}.${y}`;
  }
  // The school's wall clock (school-time.ts), not Intl per call: a year of rides in one document formats 120,000 of these.
  const w = schoolWallClock(new Date(value));
  return `${w.day}.${w.month}.${w.year}`;
}

/** An instant → 'HH:mm' on the school's wall clock. */
export function formatTime(value: string | Date): string {
  const w = schoolWallClock(new Date(value));
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

export function formatDateTime(value: string | Date): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/**
 * Czech plural: pluralCs(n, ['lekce', 'lekce', 'lekcí']) → one / few / many. A number with decimals takes the
 * genitive singular ('1,5 hodiny'): give it as the fourth form where a count can have decimals (it defaults to many).
 */
export function pluralCs(n: number, forms: readonly [one: string, few: string, many: string, fraction?: string]): string {
  const rule = plural.select(n);
  if (rule === 'one') return forms[0];
  if (rule === 'few') return forms[1];
  if (rule === 'many') return forms[3] ?? forms[2];
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
