// Doklady (issue 9): invoices and receipts for a student's course or payment, numbered per school and year without
// gaps, with the supplier (the school's operator) and the customer copied at issue. Cancelling keeps the document,
// marked cancelled, and issues a credit note (opravný doklad) with the next number that negates its lines.
import type { DbOrTx } from '@volant/db/client';
import type { InvoiceKind, PaymentMethod, VatMode } from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { asHalere, type Halere } from '@volant/shared/money';
import type { cancelInvoiceInput, invoicesInput, issueInvoiceInput } from '@volant/shared/invoice/inputs';
import { invoiceNumber, invoiceTotals, lineTotal } from '@volant/shared/invoice/totals';
import { addressLine } from '@volant/shared/pdf/view-models';
import { addDays, schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { hasActivePaymentDocument } from '../payment-item/payment-item.queries.ts';
import { lockStudents } from '../student/student.queries.ts';
import {
  findInvoice,
  findOperator,
  findRelated,
  findStudentName,
  findStudentPayment,
  type InvoiceLineRow,
  type InvoiceLineValues,
  type InvoiceRow,
  type InvoiceValues,
  insertInvoice,
  listInvoices,
  listInvoiceYears,
  listLines,
  lockInvoice,
  markCancelled,
  nextSeriesNumber,
} from './invoice.queries.ts';

const invoiceNotFound = () => new AppError('INVOICE_NOT_FOUND');
const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

/** Tells the school's open screens (the list, the student's Platba tab) that a document was issued or cancelled. */
export const invoiceMessage = (live: Live, schoolId: SchoolId, invoiceId: string, studentId: string) =>
  live.toSchool(schoolId, { InvoiceMessage: { schoolId, invoiceId, studentId } });

const yearOf = (day: string) => Number(day.slice(0, 4));

const toLine = (l: InvoiceLineRow) => ({
  position: l.position,
  text: l.text,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  vatRate: l.vatRate,
  total: l.total,
});

/** A document with its lines, VAT rows and the documents it is linked to. */
function toInvoice(
  i: InvoiceRow,
  lines: InvoiceLineRow[],
  related: Awaited<ReturnType<typeof findRelated>>,
  student: { firstName: string; lastName: string; degree: string | null; registrationNumber: string | null } | undefined,
) {
  return {
    id: i.id,
    kind: i.kind as InvoiceKind,
    year: i.year,
    seq: i.seq,
    number: i.number,
    studentId: i.studentId,
    student: student ? { id: i.studentId, name: fullName(student), registrationNumber: student.registrationNumber } : null,
    paymentItemId: i.paymentItemId,
    supplier: {
      name: i.supplierName,
      companyNumber: i.supplierCompanyNumber,
      vatId: i.supplierVatId,
      address: i.supplierAddress,
      bankAccount: i.supplierBankAccount,
      bankIban: i.supplierBankIban,
    },
    customer: { name: i.customerName, companyNumber: i.customerCompanyNumber, vatId: i.customerVatId, address: i.customerAddress },
    vatMode: i.vatMode as VatMode,
    issuedOn: i.issuedOn,
    dueOn: i.dueOn,
    taxableOn: i.taxableOn,
    variableSymbol: i.variableSymbol,
    paymentMethod: i.paymentMethod as PaymentMethod,
    lines: lines.map(toLine),
    total: i.total,
    totalVat: i.totalVat,
    vatRows: invoiceTotals(lines, i.vatMode as VatMode).rows,
    note: i.note,
    isCancelled: i.isCancelled,
    cancelledAt: i.cancelledAt,
    cancelReason: i.cancelReason,
    /** The document this credit note cancels. */
    creditNoteFor: related.creditNoteFor,
    /** The credit note that cancels this document. */
    creditNote: related.creditNote,
    createdAt: i.createdAt,
  };
}
export type InvoiceDto = ReturnType<typeof toInvoice>;

async function loadInvoice(db: DbOrTx, schoolId: SchoolId, row: InvoiceRow) {
  // One after another: inside a transaction the statements share one connection.
  const lines = await listLines(db, schoolId, row.id);
  const related = await findRelated(db, schoolId, row);
  return toInvoice(row, lines, related, await findStudentName(db, schoolId, row.studentId));
}

/** Lines as stored: a non-payer's lines carry no VAT rate; each line's total is quantity × unit price. */
function storedLines(lines: { text: string; quantity: number; unitPrice: Halere; vatRate: number }[], vatMode: VatMode): InvoiceLineValues[] {
  return lines.map((l) => {
    const vatRate = vatMode === 'PAYER' ? l.vatRate : 0;
    return { text: l.text, quantity: l.quantity, unitPrice: l.unitPrice, vatRate, total: lineTotal(l) };
  });
}

export function issueInvoice(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof issueInvoiceInput>) {
  return inTransaction(deps, async (tx, after) => {
    // The student's lock orders this issue with others for the student and with removing their payments.
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    if (input.paymentItemId) {
      const payment = await findStudentPayment(tx, schoolId, student.id, input.paymentItemId);
      if (!payment) throw new AppError('PAYMENT_ITEM_NOT_FOUND');
      if (await hasActivePaymentDocument(tx, schoolId, payment.id)) throw new AppError('INVOICE_PAYMENT_HAS_DOCUMENT');
    }
    const operator = await findOperator(tx, schoolId);
    if (!operator?.name || !operator.companyNumber || !operator.street || !operator.streetCode || !operator.city || !operator.postCode) {
      throw new AppError('INVOICE_OPERATOR_MISSING');
    }
    if (operator.vatPayer && !operator.vatId) throw new AppError('INVOICE_VAT_ID_MISSING');
    // A transfer needs an account to pay to (issue 17): the document prints it with the variable symbol and a QR Platba.
    if (input.paymentMethod === 'TRANSFER' && !operator.bankIban) {
      throw new AppError(operator.bankAccount ? 'INVOICE_BANK_ACCOUNT_INVALID' : 'INVOICE_BANK_ACCOUNT_MISSING');
    }
    const vatMode: VatMode = operator.vatPayer ? 'PAYER' : 'NON_PAYER';
    const issuedOn = input.issuedOn ?? schoolToday(deps.now());
    const dueOn = input.dueOn ?? addDays(issuedOn, operator.invoiceDueDays);
    if (dueOn < issuedOn) throw AppError.field('INVALID_DATE', 'dueOn', 'Datum splatnosti nemůže být před datem vystavení');
    const lines = storedLines(input.lines, vatMode);
    const totals = invoiceTotals(lines, vatMode);
    const year = yearOf(issuedOn);
    const seq = await nextSeriesNumber(tx, schoolId, year);
    const number = invoiceNumber(year, seq);
    const company = input.company;
    const values: InvoiceValues = {
      kind: input.kind,
      year,
      seq,
      number,
      studentId: student.id,
      paymentItemId: input.paymentItemId,
      creditNoteForId: null,
      supplierName: operator.name,
      supplierCompanyNumber: operator.companyNumber,
      supplierVatId: operator.vatPayer ? operator.vatId : null,
      supplierAddress: addressLine(operator),
      supplierBankAccount: operator.bankAccount,
      supplierBankIban: operator.bankIban,
      customerName: company?.name ?? fullName(student),
      customerCompanyNumber: company?.companyNumber ?? null,
      customerVatId: company?.vatId ?? null,
      customerAddress: company?.address ?? addressLine(student),
      vatMode,
      issuedOn,
      dueOn,
      taxableOn: vatMode === 'PAYER' ? (input.taxableOn ?? issuedOn) : null,
      variableSymbol: input.variableSymbol ?? number,
      paymentMethod: input.paymentMethod,
      total: totals.total,
      totalVat: totals.totalVat,
      note: input.note,
      createdBy: userId,
    };
    const row = await insertInvoice(tx, schoolId, values, lines);
    await recordEvent(deps, tx, after, { name: 'invoice.issue', schoolId, userId, entityType: 'invoice', entityId: row.id, data: { ...values, lines } });
    return loadInvoice(tx, schoolId, row);
  });
}

export async function getInvoices(deps: AppDeps, schoolId: SchoolId, input: z.output<typeof invoicesInput>) {
  const rows = await listInvoices(deps.db, schoolId, { ...input, limit: input.limit + 1 });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      number: r.number,
      kind: r.kind as InvoiceKind,
      year: r.year,
      issuedOn: r.issuedOn,
      dueOn: r.dueOn,
      customerName: r.customerName,
      customerCompanyNumber: r.customerCompanyNumber,
      studentId: r.studentId,
      studentName: fullName({ firstName: r.studentFirstName, lastName: r.studentLastName, degree: r.studentDegree }),
      paymentItemId: r.paymentItemId,
      paymentMethod: r.paymentMethod as PaymentMethod,
      variableSymbol: r.variableSymbol,
      total: r.total,
      isCancelled: r.isCancelled,
      creditNoteFor: r.creditNoteForId && r.creditNoteForNumber ? { id: r.creditNoteForId, number: r.creditNoteForNumber } : null,
      creditNote: r.creditNoteId && r.creditNoteNumber ? { id: r.creditNoteId, number: r.creditNoteNumber } : null,
    })),
    /** The last row's id, to pass as `cursor` for the next page; null on the last page. */
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
export type InvoiceListItem = Awaited<ReturnType<typeof getInvoices>>['items'][number];

export function getInvoiceYears(deps: AppDeps, schoolId: SchoolId) {
  return listInvoiceYears(deps.db, schoolId);
}

export async function getInvoice(deps: AppDeps, schoolId: SchoolId, id: string) {
  const row = await findInvoice(deps.db, schoolId, id);
  if (!row) throw invoiceNotFound();
  return loadInvoice(deps.db, schoolId, row);
}

/**
 * Cancels a document: it stays, marked cancelled, and a credit note with the next number of its issue date's year
 * negates its lines (same supplier and customer copies) and names it.
 */
export function cancelInvoice(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof cancelInvoiceInput>) {
  return inTransaction(deps, async (tx, after) => {
    const original = await lockInvoice(tx, schoolId, input.id);
    if (!original) throw invoiceNotFound();
    if (original.kind === 'CREDIT_NOTE') throw new AppError('INVOICE_CREDIT_NOTE_NOT_CANCELLABLE');
    if (original.isCancelled) throw new AppError('INVOICE_CANCELLED');
    const now = deps.now();
    await markCancelled(tx, schoolId, original.id, { cancelledAt: now, cancelledBy: userId, cancelReason: input.reason });
    const vatMode = original.vatMode as VatMode;
    const lines = (await listLines(tx, schoolId, original.id)).map((l) => {
      const unitPrice = asHalere(-l.unitPrice);
      return { text: l.text, quantity: l.quantity, unitPrice, vatRate: l.vatRate, total: lineTotal({ ...l, unitPrice }) };
    });
    const totals = invoiceTotals(lines, vatMode);
    // By default today, or the document's own date when that is still ahead.
    const today = schoolToday(now);
    const issuedOn = input.issuedOn ?? [today, original.issuedOn].sort()[1];
    if (issuedOn < original.issuedOn) throw AppError.field('INVALID_DATE', 'issuedOn', 'Opravný doklad nemůže mít datum před vystavením dokladu');
    const year = yearOf(issuedOn);
    const seq = await nextSeriesNumber(tx, schoolId, year);
    const number = invoiceNumber(year, seq);
    const values: InvoiceValues = {
      kind: 'CREDIT_NOTE',
      year,
      seq,
      number,
      studentId: original.studentId,
      paymentItemId: original.paymentItemId,
      creditNoteForId: original.id,
      supplierName: original.supplierName,
      supplierCompanyNumber: original.supplierCompanyNumber,
      supplierVatId: original.supplierVatId,
      supplierAddress: original.supplierAddress,
      supplierBankAccount: original.supplierBankAccount,
      supplierBankIban: original.supplierBankIban,
      customerName: original.customerName,
      customerCompanyNumber: original.customerCompanyNumber,
      customerVatId: original.customerVatId,
      customerAddress: original.customerAddress,
      vatMode,
      issuedOn,
      dueOn: issuedOn,
      taxableOn: vatMode === 'PAYER' ? issuedOn : null,
      variableSymbol: original.variableSymbol,
      paymentMethod: original.paymentMethod,
      total: totals.total,
      totalVat: totals.totalVat,
      note: `Opravný doklad k dokladu č. ${original.number}: ${input.reason}`,
      createdBy: userId,
    };
    const creditNote = await insertInvoice(tx, schoolId, values, lines);
    await recordEvent(deps, tx, after, {
      name: 'invoice.cancel',
      schoolId,
      userId,
      entityType: 'invoice',
      entityId: original.id,
      data: { reason: input.reason, creditNoteId: creditNote.id, creditNoteNumber: number },
    });
    const cancelled = await lockInvoice(tx, schoolId, original.id);
    return { invoice: await loadInvoice(tx, schoolId, cancelled ?? original), creditNote: await loadInvoice(tx, schoolId, creditNote) };
  });
}
