// The CSV presets of 'Import výpisu' (issue 21 §1): mappings of the same type as the office's own columns
// ('Vlastní sloupce'), parsed by the same code. What was verified of each is in docs/decisions/0021-bank-statements.md.
import type { CsvColumns, CsvPreset } from './inputs.ts';

const none = {
  credit: null,
  debit: null,
  currency: null,
  variableSymbol: null,
  counterAccount: null,
  counterBankCode: null,
  payerName: null,
  message: null,
  transactionId: null,
  ownAccountColumn: null,
  ownAccountLine: null,
  ownBankCodeLine: null,
} satisfies Partial<CsvColumns>;

export const CSV_PRESET_MAPPINGS: Record<CsvPreset, CsvColumns> = {
  // Fio 'Pohyby na účtu' (the API's CSV): 'accountId' and 'bankId' lines above the header, ids in 'ID pohybu'.
  FIO: {
    ...none,
    delimiter: ';',
    encoding: 'AUTO',
    date: 'Datum',
    dateFormat: 'D.M.YYYY',
    amount: 'Objem',
    currency: 'Měna',
    variableSymbol: 'VS',
    counterAccount: 'Protiúčet',
    counterBankCode: 'Kód banky',
    payerName: 'Název protiúčtu',
    message: 'Zpráva pro příjemce',
    transactionId: 'ID pohybu',
    ownAccountLine: 'accountId',
    ownBankCodeLine: 'bankId',
  },
  // ČSOB-like (an assumed layout, unverified): no account line, so the statement's account cannot be checked.
  CSOB: {
    ...none,
    delimiter: ';',
    encoding: 'AUTO',
    date: 'datum zaúčtování',
    dateFormat: 'D.M.YYYY',
    amount: 'částka',
    variableSymbol: 'variabilní symbol',
    payerName: 'název protiúčtu',
    message: 'zpráva',
    transactionId: 'identifikace transakce',
  },
};

export const CSV_PRESET_LABELS: Record<CsvPreset, string> = { FIO: 'Fio banka', CSOB: 'ČSOB (rozložení jako ČSOB)' };

/** The header row's names as the parser compares them: trimmed, spaces collapsed, lower case. */
export const headerKey = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('cs');

/**
 * Splits CSV text into records (RFC 4180 quoting: the delimiter and line breaks inside quotes, "" for a quote), each
 * with the 1-based line it starts on. An unclosed quote is reported through `onUnclosed` with that line.
 */
export function csvRecords(text: string, delimiter: string, onUnclosed: (line: number) => never): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cur = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cur += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cur.trim());
      cur = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cur.trim());
      out.push({ line: start, cells });
      cells = [];
      cur = '';
      line++;
      start = line;
    } else cur += ch;
  }
  if (quoted) onUnclosed(start);
  if (cur !== '' || cells.length > 0) {
    cells.push(cur.trim());
    out.push({ line: start, cells });
  }
  return out;
}
