// QR Platba (issue 17 item 9): the Czech banks' Short Payment Descriptor (SPAYD 1.0, qr-platba.cz), the text a
// banking app reads from the QR code on an invoice. No npm package builds it (stack-notes 'QR Platba'); see
// docs/decisions/0004-qr-platba.md. Fields: ACC (the IBAN), AM (the amount, a dot and two decimals), CC (CZK), DT (the
// due date), X-VS (the variable symbol) and MSG (a message for the payee); '*' separates fields, so a value's '*' is
// written %2A (and '%' itself %25, so that a bank decoding the escapes reads the text as written).

export interface SpaydPayment {
  /** The electronic IBAN, e.g. CZ6508000000192000145399. */
  iban: string;
  /** Integer haléře, more than 0. */
  amount: number;
  /** Digits only, at most 10. */
  variableSymbol?: string | null;
  /** 'YYYY-MM-DD'. */
  dueOn?: string | null;
  /** At most 60 characters are kept. */
  message?: string | null;
}

/** SPAYD limits: AM has at most 10 characters (9 999 999.99), MSG at most 60, X-VS at most 10 digits. */
export const SPAYD_MAX_AMOUNT = 999_999_999;
const MSG_MAX = 60;

/** Escapes a value: '%' → %25, '*' → %2A. */
export function spaydValue(value: string): string {
  return value.replace(/%/g, '%25').replace(/\*/g, '%2A');
}

/** Integer haléře → '480.50'. */
export function spaydAmount(halere: number): string {
  if (!Number.isInteger(halere) || halere <= 0 || halere > SPAYD_MAX_AMOUNT) throw new RangeError(`SPAYD amount out of range: ${halere}`);
  return `${Math.floor(halere / 100)}.${String(halere % 100).padStart(2, '0')}`;
}

/** Whether an amount can be paid by a QR Platba (a credit note's negative total, a zero invoice cannot). */
export const spaydPayable = (halere: number) => Number.isInteger(halere) && halere > 0 && halere <= SPAYD_MAX_AMOUNT;

/** The SPAYD text of a payment: SPD*1.0*ACC:…*AM:…*CC:CZK*DT:…*X-VS:…*MSG:… */
export function spayd(p: SpaydPayment): string {
  const iban = p.iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) throw new RangeError(`SPAYD needs an IBAN: ${p.iban}`);
  const fields = ['SPD', '1.0', `ACC:${iban}`, `AM:${spaydAmount(p.amount)}`, 'CC:CZK'];
  if (p.dueOn) fields.push(`DT:${p.dueOn.replace(/-/g, '')}`);
  const vs = p.variableSymbol?.replace(/\D/g, '');
  if (vs) fields.push(`X-VS:${vs.slice(0, 10)}`);
  const message = p.message?.replace(/\s+/g, ' ').trim();
  if (message) fields.push(`MSG:${spaydValue([...message].slice(0, MSG_MAX).join(''))}`);
  return fields.join('*');
}

/** What of a document decides its QR Platba. */
export interface InvoicePaymentInfo {
  invoiceKind: 'INVOICE' | 'RECEIPT' | 'CREDIT_NOTE';
  paymentMethod: 'CASH' | 'CARD' | 'TRANSFER';
  iban: string | null;
  /** Haléře. */
  total: number;
  variableSymbol: string;
  dueOn: string;
  number: string;
  isCancelled: boolean;
}

/**
 * The QR Platba of a document: only an invoice still to be paid by transfer to an account with an IBAN, with an
 * amount to pay (not a receipt, which confirms a payment, nor a credit note, nor a cancelled invoice).
 */
export function invoiceSpayd(i: InvoicePaymentInfo): string | null {
  if (i.invoiceKind !== 'INVOICE' || i.paymentMethod !== 'TRANSFER' || !i.iban || i.isCancelled || !spaydPayable(i.total)) return null;
  return spayd({ iban: i.iban, amount: i.total, variableSymbol: i.variableSymbol, dueOn: i.dueOn, message: `Faktura ${i.number}` });
}
