// Matching a bank statement's incoming payments to students (issue 21 §1), a pure rule shown to the office as
// 'Jak párujeme'. Credits only; first by variable symbol (the student's balance VS = their registration number's
// digits, or the variable symbol of one of the student's invoices): 'Spárováno'; otherwise by amount + the payer's
// name (the amount equals what the student owes or an invoice's total, and the payer's name contains the student's
// first and last name): 'Návrh'; otherwise 'Nespárováno'. A symbol or a name that fits several students matches none.
import type { Halere } from '../money.ts';

export const MATCH_STATES = ['MATCHED', 'SUGGESTED', 'UNMATCHED'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

export const MATCH_STATE_LABELS: Record<MatchState, string> = {
  MATCHED: 'Spárováno',
  SUGGESTED: 'Návrh',
  UNMATCHED: 'Nespárováno',
};

export const MATCH_RULE_TEXT = [
  'Párujeme jen příchozí platby.',
  'Spárováno: variabilní symbol platby je variabilní symbol žáka (číslice jeho evidenčního čísla, nejvýše 10 posledních) nebo variabilní symbol jeho dokladu.',
  'Návrh: bez shodného symbolu, ale částka se rovná tomu, co žák dluží, nebo částce jeho dokladu, a jméno plátce obsahuje jméno i příjmení žáka.',
  'Nespárováno: nic z toho, nebo symbol či jméno sedí na více žáků. Žáka pak vyberete sami, nebo platbu necháte stranou.',
] as const;

/** One incoming or outgoing item of a statement, as every parser gives it. */
export interface StatementTransaction {
  /** The bank's id of the transaction (GPC item id, camt AcctSvcrRef / NtryRef, CSV column): unique per account. */
  transactionId: string;
  /** YYYY-MM-DD. */
  bookedOn: string;
  /** Haléře, always positive; `credit` says the direction. */
  amount: Halere;
  credit: boolean;
  variableSymbol: string | null;
  counterAccount: string | null;
  counterName: string | null;
  message: string | null;
}

export interface MatchCandidate {
  studentId: string;
  firstName: string;
  lastName: string;
  /** balanceVariableSymbol(registrationNumber), or null. */
  balanceVariableSymbol: string | null;
  invoiceVariableSymbols: readonly string[];
  /** What they owe now and their invoices' totals: the amounts a payment by name may equal. */
  expectedAmounts: readonly Halere[];
}

export interface MatchResult {
  state: MatchState;
  studentId: string | null;
  reason: 'BALANCE_VS' | 'INVOICE_VS' | 'AMOUNT_NAME' | null;
}

/** A variable symbol as compared: digits only, without leading zeros (banks pad it to 10). */
export function normalizeVariableSymbol(vs: string | null | undefined): string | null {
  const digits = (vs ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return digits === '' ? null : digits;
}

/** A name as compared: lower case, no diacritics, words only. */
export function nameWords(name: string | null | undefined): string[] {
  return (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

export interface Matcher {
  match(t: StatementTransaction): MatchResult;
}

const add = (map: Map<string, Set<string>>, key: string | null, studentId: string) => {
  if (!key) return;
  const set = map.get(key) ?? new Set<string>();
  set.add(studentId);
  map.set(key, set);
};

/** Builds the lookups once (a statement of 5,000 items against a school's students): each match is then O(1) + names. */
export function createMatcher(candidates: readonly MatchCandidate[]): Matcher {
  const byBalanceVs = new Map<string, Set<string>>();
  const byInvoiceVs = new Map<string, Set<string>>();
  const byAmount = new Map<number, Set<string>>();
  const words = new Map<string, { first: string[]; last: string[] }>();
  for (const c of candidates) {
    add(byBalanceVs, normalizeVariableSymbol(c.balanceVariableSymbol), c.studentId);
    for (const vs of c.invoiceVariableSymbols) add(byInvoiceVs, normalizeVariableSymbol(vs), c.studentId);
    for (const amount of c.expectedAmounts) {
      if (amount <= 0) continue;
      const set = byAmount.get(amount) ?? new Set<string>();
      set.add(c.studentId);
      byAmount.set(amount, set);
    }
    words.set(c.studentId, { first: nameWords(c.firstName), last: nameWords(c.lastName) });
  }
  const only = (set: Set<string> | undefined) => (set && set.size === 1 ? [...set][0] : null);
  return {
    match(t) {
      if (!t.credit) return { state: 'UNMATCHED', studentId: null, reason: null };
      const vs = normalizeVariableSymbol(t.variableSymbol);
      if (vs) {
        const balance = byBalanceVs.get(vs);
        const invoice = byInvoiceVs.get(vs);
        const all = new Set([...(balance ?? []), ...(invoice ?? [])]);
        if (all.size === 1) {
          const studentId = [...all][0];
          return { state: 'MATCHED', studentId, reason: balance?.has(studentId) ? 'BALANCE_VS' : 'INVOICE_VS' };
        }
      }
      const payer = new Set(nameWords(t.counterName));
      if (payer.size > 0) {
        const fits = [...(byAmount.get(t.amount) ?? [])].filter((id) => {
          const w = words.get(id);
          return !!w && w.first.length > 0 && w.last.length > 0 && [...w.first, ...w.last].every((x) => payer.has(x));
        });
        const studentId = only(new Set(fits));
        if (studentId) return { state: 'SUGGESTED', studentId, reason: 'AMOUNT_NAME' };
      }
      return { state: 'UNMATCHED', studentId: null, reason: null };
    },
  };
}

/** Matches each transaction (see createMatcher). */
export function matchTransactions(transactions: readonly StatementTransaction[], candidates: readonly MatchCandidate[]): MatchResult[] {
  const m = createMatcher(candidates);
  return transactions.map((t) => m.match(t));
}
