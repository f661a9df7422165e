// The school's bank account for payments by transfer (issue 17 item 9): entered in the Czech format
// `[prefix-]number/bank code` (e.g. 19-2000145399/0800) or as an IBAN, validated (the Czech mod-11 checks of prefix and
// number, the IBAN's mod-97 check) and kept normalized: the Czech form without leading zeros, or the IBAN in groups
// of four for a foreign account. The electronic IBAN (no spaces) is derived from it for the QR Platba (spayd.ts).
import { z } from 'zod';
import { text } from '../validation.ts';

export const BANK_ACCOUNT_MESSAGES = {
  format: 'Zadejte účet ve tvaru předčíslí-číslo/kód banky (např. 19-2000145399/0800) nebo jako IBAN',
  prefix: 'Neplatné předčíslí účtu (nesouhlasí kontrolní součet)',
  number: 'Neplatné číslo účtu (nesouhlasí kontrolní součet)',
  iban: 'Neplatný IBAN (nesouhlasí kontrolní číslice)',
  ibanLength: 'IBAN nemá správnou délku',
} as const;

export type BankAccountError = keyof typeof BANK_ACCOUNT_MESSAGES;

export interface BankAccount {
  /** As printed: '19-2000145399/0800', or a foreign IBAN in groups of four. */
  display: string;
  /** The electronic IBAN: 'CZ6508000000192000145399'. */
  iban: string;
  /** The Czech parts, for a Czech account. */
  czech: { prefix: string; number: string; bankCode: string } | null;
}

const PREFIX_WEIGHTS = [10, 5, 8, 4, 2, 1];
const NUMBER_WEIGHTS = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];

/** The Czech mod-11 check of a prefix (6 digits) or number (10 digits), padded with zeros on the left. */
function mod11(digits: string, weights: readonly number[]): boolean {
  const padded = digits.padStart(weights.length, '0');
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(padded[i]) * weights[i];
  return sum % 11 === 0;
}

/** A string of digits and capital letters (A = 10 … Z = 35) modulo 97, piece by piece (no big integers). */
function mod97(value: string): number {
  let rest = 0;
  for (const ch of value) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** IBAN lengths of the countries whose accounts a Czech school meets; other countries: 15 to 34. */
const IBAN_LENGTHS: Record<string, number> = { CZ: 24, SK: 24, AT: 20, DE: 22, PL: 28, HU: 28 };

const stripZeros = (s: string) => s.replace(/^0+(?=\d)/, '');

/** The IBAN of a Czech account: CZ, the check digits, the bank code, the prefix (6) and the number (10). */
export function czechIban(prefix: string, number: string, bankCode: string): string {
  const bban = `${bankCode}${prefix.padStart(6, '0')}${number.padStart(10, '0')}`;
  const check = 98 - mod97(`${bban}CZ00`);
  return `CZ${String(check).padStart(2, '0')}${bban}`;
}

function czech(prefix: string, number: string, bankCode: string): BankAccount | BankAccountError {
  if (!mod11(prefix, PREFIX_WEIGHTS)) return 'prefix';
  if (!mod11(number, NUMBER_WEIGHTS) || /^0+$/.test(number)) return 'number';
  const p = stripZeros(prefix);
  const n = stripZeros(number);
  return {
    display: `${p === '0' ? '' : `${p}-`}${n}/${bankCode}`,
    iban: czechIban(p, n, bankCode),
    czech: { prefix: p === '0' ? '' : p, number: n, bankCode },
  };
}

/** Parses an account in the Czech format or an IBAN (spaces allowed); the error's key when it is not valid. */
export function parseBankAccount(input: string): BankAccount | BankAccountError {
  const value = input.replace(/\s+/g, '');
  const local = /^(?:(\d{1,6})-)?(\d{2,10})\/(\d{4})$/.exec(value);
  if (local) return czech(local[1] ?? '0', local[2], local[3]);
  const iban = value.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return 'format';
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (length ? iban.length !== length : iban.length < 15 || iban.length > 34) return 'ibanLength';
  if (mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) !== 1) return 'iban';
  if (country === 'CZ') return czech(iban.slice(8, 14), iban.slice(14), iban.slice(4, 8));
  return { display: iban.replace(/(.{4})(?=.)/g, '$1 '), iban, czech: null };
}

/** The IBAN of a stored (normalized) account, or null when it is empty or not valid (an account saved before issue 17). */
export function bankAccountIban(account: string | null | undefined): string | null {
  if (!account) return null;
  const parsed = parseBankAccount(account);
  return typeof parsed === 'string' ? null : parsed.iban;
}

/**
 * The account field of the school's settings, shared by the form and the procedure: optional; a value must be a valid
 * Czech account or IBAN and comes out normalized (parsing the output again gives the same output).
 */
export const bankAccountInput = text()
  .trim()
  .max(50, 'Číslo účtu může mít nejvýše 50 znaků')
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const parsed = parseBankAccount(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: BANK_ACCOUNT_MESSAGES[parsed] });
      return z.NEVER;
    }
    return parsed.display;
  });
