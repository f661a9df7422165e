// Czech alphabetical order (ČSN 97 6030) for names, the same on PGlite, PostgreSQL and in the browser.
//
// PGlite has no Czech ICU collation and PostgreSQL's depends on how the server was built, so names are ordered by a
// sort key compared byte by byte (collation "C", i.e. by code point): the server builds the key in SQL from the
// tables below (lib/czech-order.ts), `czechSortKey` builds the same key in JavaScript. The key has three levels:
//   1. primary: letters in the Czech alphabet (… c, č, d …, h, ch, i …, r, ř, s, š …, z, ž), accents of á é ě í ó
//      ú ů ý ď ť ň and case ignored: each letter becomes one ASCII code in alphabet order (A = a … e = ž);
//   2. the name in lower case: the same letters without an accent before with one (Novak < Novák);
//   3. the name itself (case).
// Characters the tables do not know (other scripts) keep their code point and sort after ž.

/** Letters in Czech alphabetical order; each group shares one primary weight (its first letter is the base). */
const ALPHABET: readonly string[] = [
  'aáäàâãåą',
  'b',
  'cćç',
  'č',
  'dďđ',
  'eéěëèêę',
  'f',
  'g',
  'h',
  'ch',
  'iíìîï',
  'j',
  'k',
  'lĺľł',
  'm',
  'nňńñ',
  'oóôöőòõø',
  'p',
  'q',
  'rŕ',
  'ř',
  'sś',
  'š',
  'tťţ',
  'uúůüűùû',
  'v',
  'w',
  'x',
  'yýÿ',
  'zźż',
  'ž',
];

/** One ASCII code per letter of ALPHABET, ascending (31 letters: A–Z then a–e). */
const CODES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcde';

/** 'ch' is one letter: it is replaced by its code before the other letters are translated. */
const CH_CODE = CODES[ALPHABET.indexOf('ch')];

const lowerLetters = ALPHABET.filter((g) => g !== 'ch').join('');

/** Upper-case letters the key folds to lower case (translate: UPPER[i] → LOWER[i]). */
export const CZECH_KEY_UPPER = [...lowerLetters].map((c) => c.toUpperCase()).join('');
export const CZECH_KEY_LOWER = lowerLetters;

/** Lower-case letters (after the 'ch' replacement) and their primary codes (translate: FROM[i] → TO[i]). */
export const CZECH_KEY_PRIMARY_FROM = lowerLetters;
export const CZECH_KEY_PRIMARY_TO = [...lowerLetters].map((c) => CODES[ALPHABET.findIndex((g) => g !== 'ch' && g.includes(c))]).join('');
export const CZECH_KEY_CH_CODE = CH_CODE;

/** Separates the levels of the key; lower than any character of a name. */
export const CZECH_KEY_SEPARATOR = '\u0001';

function translate(s: string, from: string, to: string): string {
  let out = '';
  for (const c of s) {
    const i = from.indexOf(c);
    out += i < 0 ? c : to[i];
  }
  return out;
}

/** The sort key of a name; compare keys with `compareCodePoints` (the database compares them under collation "C"). */
export function czechSortKey(name: string): string {
  const lower = translate(name, CZECH_KEY_UPPER, CZECH_KEY_LOWER);
  const primary = translate(lower.replaceAll('ch', CH_CODE), CZECH_KEY_PRIMARY_FROM, CZECH_KEY_PRIMARY_TO);
  return `${primary}${CZECH_KEY_SEPARATOR}${lower}${CZECH_KEY_SEPARATOR}${name}`;
}

/** Orders strings by code point, as PostgreSQL's collation "C" orders UTF-8 text. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Compares two names in Czech alphabetical order, exactly as the server's ORDER BY does. */
export function compareCzech(a: string, b: string): number {
  return compareCodePoints(czechSortKey(a), czechSortKey(b));
}
