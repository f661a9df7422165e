// The accountant's CSV files (issue 21 §3), one for documents and one for payments, for Czech Excel: UTF-8 with a BOM
// (without it Excel reads cp1250 and breaks the diacritics), ';' between fields (a comma is the Czech decimal mark),
// CRLF line ends, every field quoted with quotes doubled, amounts with a decimal comma and no thousands separator
// (csvAmount: Excel reads a number), dates D.M.YYYY. Amounts are integer haléře until csvAmount prints them.
import { INVOICE_KIND_LABELS, type InvoiceKind, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../enums.ts';
import { formatDate } from '../format.ts';
import { csvAmount } from '../money.ts';
import type { CalendarDate } from '../school-time.ts';

export const CSV_BOM = '\uFEFF';

/**
 * A quoted field. Text a spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a leading
 * apostrophe, so a name typed as '=HYPERLINK(…)' stays text; numbers and dates are passed with isText false.
 */
export function csvField(value: string, isText = true): string {
  const safe = isText && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Rows of fields → the file's text: BOM, ';', CRLF, a final CRLF. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${CSV_BOM}${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;
}

export interface InvoiceCsvRow {
  number: string;
  kind: InvoiceKind;
  issuedOn: CalendarDate;
  dueOn: CalendarDate;
  taxableOn: CalendarDate | null;
  customerName: string;
  customerCompanyNumber: string | null;
  customerVatId: string | null;
  variableSymbol: string;
  paymentMethod: PaymentMethod;
  /** Haléře, negative on a credit note. */
  base: number;
  vat: number;
  total: number;
  isCancelled: boolean;
  /** The number of the document a credit note cancels. */
  creditNoteFor: string | null;
  /** The number of the credit note that cancels this document. */
  creditNote: string | null;
}

export const INVOICES_CSV_HEADER = [
  'Číslo',
  'Druh',
  'Stav',
  'Datum vystavení',
  'Datum splatnosti',
  'DUZP',
  'Odběratel',
  'IČO',
  'DIČ',
  'Variabilní symbol',
  'Způsob platby',
  'Základ (Kč)',
  'DPH (Kč)',
  'Celkem (Kč)',
  'Opravný doklad k',
  'Opravný doklad',
] as const;

/** 'Stornován' for a cancelled document, else 'Platný'. */
export const invoiceStatusLabel = (isCancelled: boolean) => (isCancelled ? 'Stornován' : 'Platný');

export function invoicesCsv(rows: readonly InvoiceCsvRow[]): string {
  return csvText([
    INVOICES_CSV_HEADER.map((h) => csvField(h)),
    ...rows.map((r) => [
      csvField(r.number, false),
      csvField(INVOICE_KIND_LABELS[r.kind]),
      csvField(invoiceStatusLabel(r.isCancelled)),
      csvField(formatDate(r.issuedOn), false),
      csvField(formatDate(r.dueOn), false),
      csvField(formatDate(r.taxableOn), false),
      csvField(r.customerName),
      csvField(r.customerCompanyNumber ?? ''),
      csvField(r.customerVatId ?? ''),
      csvField(r.variableSymbol, false),
      csvField(PAYMENT_METHOD_LABELS[r.paymentMethod]),
      csvField(csvAmount(r.base), false),
      csvField(csvAmount(r.vat), false),
      csvField(csvAmount(r.total), false),
      csvField(r.creditNoteFor ?? '', false),
      csvField(r.creditNote ?? '', false),
    ]),
  ]);
}

export interface PaymentCsvRow {
  paidOn: CalendarDate;
  studentName: string;
  registrationNumber: string | null;
  method: PaymentMethod;
  /** Haléře. */
  amount: number;
  note: string | null;
  /** Numbers of the (not cancelled) documents issued for the payment. */
  documents: readonly string[];
}

export const PAYMENTS_CSV_HEADER = ['Datum platby', 'Žák', 'Evidenční číslo', 'Způsob platby', 'Částka (Kč)', 'Doklad', 'Poznámka'] as const;

export function paymentsCsv(rows: readonly PaymentCsvRow[]): string {
  return csvText([
    PAYMENTS_CSV_HEADER.map((h) => csvField(h)),
    ...rows.map((r) => [
      csvField(formatDate(r.paidOn), false),
      csvField(r.studentName),
      csvField(r.registrationNumber ?? ''),
      csvField(PAYMENT_METHOD_LABELS[r.method]),
      csvField(csvAmount(r.amount), false),
      csvField(r.documents.join(', '), false),
      csvField(r.note ?? ''),
    ]),
  ]);
}

/** 'doklady-2026-01-01-2026-03-31.csv', 'platby-….csv', 'pohoda-….xml'. */
export const accountingFileName = (prefix: 'doklady' | 'platby' | 'pohoda', from: CalendarDate, to: CalendarDate, ext: 'csv' | 'xml') =>
  `${prefix}-${from}-${to}.${ext}`;
