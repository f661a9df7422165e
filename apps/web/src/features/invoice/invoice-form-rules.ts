// The 'Vystavení dokladu' form without React (issue 9): the lines it starts with (the course price after the discount
// for an invoice, the payment for a receipt), its values as the shared issueInvoiceInput reads them, the running total,
// and which payments already have a document.
import type { InvoiceKind, PaymentMethod, TrainingType, VatMode } from '@volant/shared/enums';
import { formatDate, groupsText, toCzk, toHalere } from '@volant/shared/format';
import type { IssueInvoiceInput } from '@volant/shared/invoice/inputs';
import { invoiceTotals } from '@volant/shared/invoice/totals';

/** A payer's default rate: driving courses are taxed at the basic rate. */
export const DEFAULT_VAT_RATE = 21;

export interface LineValues {
  text?: string;
  quantity?: number | null;
  /** Koruny, as typed. */
  unitPrice?: number | null;
  vatRate?: number | null;
}

export type CustomerChoice = 'STUDENT' | 'COMPANY';

/** The form's values with the dates already as 'YYYY-MM-DD' (the component converts its pickers). */
export interface InvoiceFormData {
  kind: 'INVOICE' | 'RECEIPT';
  paymentItemId?: string | null;
  customer: CustomerChoice;
  company?: { name?: string; companyNumber?: string; vatId?: string; address?: string };
  issuedOn?: string;
  dueOn?: string;
  taxableOn?: string;
  variableSymbol?: string;
  paymentMethod?: PaymentMethod;
  note?: string;
  lines?: LineValues[];
}

const TRAINING_TYPE_WORDS: Record<TrainingType, string> = { COURSE: 'kurz', ISP: 'individuální studijní plán', VRP: 'VRP' };

/** 'Výcvik skupiny B – kurz': the course the student's price is for. */
export function courseLineText(study: { group?: readonly string[] | null; trainingType?: TrainingType | null } | null | undefined): string {
  const groups = groupsText(study?.group);
  const type = study?.trainingType ? TRAINING_TYPE_WORDS[study.trainingType] : null;
  return [groups ? `Výcvik skupiny ${groups}` : 'Výcvik', type].filter(Boolean).join(' – ');
}

/** An invoice starts with one line: the course at the student's price after the discount (empty without a price). */
export function courseLine(
  study: Parameters<typeof courseLineText>[0],
  price: { price: number | null; discount: number } | null | undefined,
  vatMode: VatMode,
): LineValues {
  const due = price && price.price !== null ? Math.max(0, price.price - price.discount) : null;
  return { text: courseLineText(study), quantity: 1, unitPrice: due === null ? null : toCzk(due), vatRate: vatMode === 'PAYER' ? DEFAULT_VAT_RATE : 0 };
}

/**
 * An invoice's lines: the course (as `courseLine`), then each extra charged to the student (kondiční jízda, opravná
 * zkouška …) with its quantity and unit price, so the invoice bills everything the student owes for.
 */
export function invoiceLines(
  study: Parameters<typeof courseLineText>[0],
  price: { price: number | null; discount: number } | null | undefined,
  charges: readonly { label: string; quantity: number; unitPrice: number }[] | null | undefined,
  vatMode: VatMode,
): LineValues[] {
  const rate = vatMode === 'PAYER' ? DEFAULT_VAT_RATE : 0;
  return [
    courseLine(study, price, vatMode),
    ...(charges ?? []).map((c) => ({ text: c.label, quantity: c.quantity, unitPrice: toCzk(c.unitPrice), vatRate: rate })),
  ];
}

/** A receipt's line: 'Platba za kurz – 3.2.2026' with the amount paid. */
export function paymentLine(payment: { paidOn: string; price: number }, vatMode: VatMode): LineValues {
  return {
    text: `Platba za kurz – ${formatDate(payment.paidOn)}`,
    quantity: 1,
    unitPrice: toCzk(payment.price),
    vatRate: vatMode === 'PAYER' ? DEFAULT_VAT_RATE : 0,
  };
}

const blankToNull = (v: string | null | undefined) => (v?.trim() ? v : null);

/** The form's values as `issueInvoiceInput` reads them (koruny; the schema turns them into haléře). */
export function toIssueInput(studentId: string, data: InvoiceFormData, vatMode: VatMode): IssueInvoiceInput {
  const payer = vatMode === 'PAYER';
  return {
    studentId,
    kind: data.kind,
    paymentItemId: data.kind === 'RECEIPT' ? (data.paymentItemId ?? null) : null,
    company:
      data.customer === 'COMPANY'
        ? {
            name: data.company?.name ?? '',
            companyNumber: data.company?.companyNumber ?? '',
            vatId: blankToNull(data.company?.vatId),
            address: data.company?.address ?? '',
          }
        : null,
    lines: (data.lines ?? []).map((l) => ({
      text: l.text ?? '',
      quantity: l.quantity ?? (undefined as unknown as number),
      unitPrice: l.unitPrice ?? (undefined as unknown as number),
      vatRate: payer ? (l.vatRate ?? DEFAULT_VAT_RATE) : 0,
    })),
    issuedOn: data.issuedOn ?? null,
    dueOn: data.dueOn ?? null,
    taxableOn: payer ? (data.taxableOn ?? null) : null,
    variableSymbol: blankToNull(data.variableSymbol),
    paymentMethod: data.paymentMethod,
    note: blankToNull(data.note),
  };
}

/** The total of the lines typed so far (haléře); a line without a number yet counts as nothing. */
export function formTotals(lines: readonly LineValues[] | undefined, vatMode: VatMode) {
  const valid = (lines ?? [])
    .filter((l) => typeof l.unitPrice === 'number' && Number.isFinite(l.unitPrice) && typeof l.quantity === 'number' && Number.isFinite(l.quantity))
    .map((l) => ({
      quantity: l.quantity as number,
      unitPrice: toHalere(l.unitPrice as number),
      vatRate: vatMode === 'PAYER' ? (l.vatRate ?? DEFAULT_VAT_RATE) : 0,
    }));
  return invoiceTotals(valid, vatMode);
}

/** The payments that already have a valid invoice or receipt (a payment gets one document; cancelling frees it). */
export function paymentsWithDocument(documents: readonly { kind: InvoiceKind; isCancelled: boolean; paymentItemId: string | null }[]): Set<string> {
  return new Set(documents.filter((d) => d.kind !== 'CREDIT_NOTE' && !d.isCancelled && d.paymentItemId).map((d) => d.paymentItemId as string));
}
