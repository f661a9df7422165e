// 5. Faktura / doklad (INVOICE, issue 9): an invoice, receipt or credit note as issued — supplier and customer as
// copied at issue, number, dates, variable symbol, payment method, lines, the VAT recap of a payer ('Neplátce DPH'
// otherwise), the cancelled mark and the credit-note reference.
import type { DbOrTx } from '@volant/db/client';
import { type InvoiceKind, PAYMENT_METHOD_LABELS, type PaymentMethod, type VatMode } from '@volant/shared/enums';
import { formatDate, formatMoney, fullName } from '@volant/shared/format';
import { invoiceTotals } from '@volant/shared/invoice/totals';
import { documentSubtitle, documentTitle, type InvoicePartyVm, type InvoiceVm } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import type { Content } from 'pdfmake/interfaces.js';
import { findInvoice, findRelated, findStudentName, listLines } from '../../features/invoice/invoice.queries.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../document.ts';
import { fieldGrid, page, signatureLines, table } from '../layout.ts';
import { subjectId } from './school-and-student.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<InvoiceVm> {
  const id = subjectId(subject.entityId, 'INVOICE_NOT_FOUND');
  const row = await findInvoice(db, schoolId, id);
  if (!row) throw new AppError('INVOICE_NOT_FOUND', 'NOT_FOUND');
  const lines = await listLines(db, schoolId, id);
  const related = await findRelated(db, schoolId, row);
  const student = await findStudentName(db, schoolId, row.studentId);
  const vatMode = row.vatMode as VatMode;
  return {
    kind: 'INVOICE',
    invoiceKind: row.kind as InvoiceKind,
    number: row.number,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    taxableOn: row.taxableOn,
    variableSymbol: row.variableSymbol,
    paymentMethod: row.paymentMethod as PaymentMethod,
    bankAccount: row.supplierBankAccount,
    supplier: { name: row.supplierName, companyNumber: row.supplierCompanyNumber, vatId: row.supplierVatId, address: row.supplierAddress },
    customer: { name: row.customerName, companyNumber: row.customerCompanyNumber, vatId: row.customerVatId, address: row.customerAddress },
    student: student ? { registrationNumber: student.registrationNumber, name: fullName(student) } : null,
    vatMode,
    lines: lines.map((l) => ({ text: l.text, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: l.vatRate, total: l.total })),
    total: row.total,
    totalVat: row.totalVat,
    vatRows: invoiceTotals(lines, vatMode).rows,
    note: row.note,
    cancelled: row.isCancelled ? { at: row.cancelledAt?.toISOString() ?? null, reason: row.cancelReason } : null,
    creditNoteFor: related.creditNoteFor?.number ?? null,
    creditNote: related.creditNote?.number ?? null,
    generatedOn: schoolToday(now),
  };
}

function party(title: string, p: InvoicePartyVm, extra: string[] = []): Content {
  return {
    stack: [
      { text: title, style: 'label' },
      { text: p.name, bold: true, fontSize: 11, margin: [0, 2, 0, 2] },
      ...(p.address ? [{ text: p.address }] : []),
      ...(p.companyNumber ? [{ text: `IČO: ${p.companyNumber}` }] : []),
      ...(p.vatId ? [{ text: `DIČ: ${p.vatId}` }] : []),
      ...extra.map((t) => ({ text: t })),
    ],
  };
}

function render(vm: InvoiceVm) {
  const payer = vm.vatMode === 'PAYER';
  const content: Content[] = [];
  if (vm.cancelled)
    content.push({
      table: {
        widths: ['*'],
        body: [
          [
            {
              text: [
                { text: 'STORNOVÁNO', bold: true, fontSize: 12 },
                `${vm.cancelled.at ? ` dne ${formatDate(vm.cancelled.at)}` : ''}${vm.cancelled.reason ? ` · důvod: ${vm.cancelled.reason}` : ''}${vm.creditNote ? ` · opravný doklad č. ${vm.creditNote}` : ''}`,
              ],
              color: '#c62828',
              margin: [4, 3, 4, 3],
            },
          ],
        ],
      },
      layout: { hLineColor: () => '#c62828', vLineColor: () => '#c62828' },
      margin: [0, 0, 0, 10],
    });
  content.push(
    {
      columns: [
        party('Dodavatel', vm.supplier, payer ? [] : ['Neplátce DPH']),
        party('Odběratel', vm.customer, vm.student && vm.customer.name !== vm.student.name ? [`Žák: ${vm.student.name}`] : []),
      ],
      columnGap: 24,
      margin: [0, 0, 0, 10],
    },
    fieldGrid(
      [
        { label: 'Datum vystavení', value: formatDate(vm.issuedOn) },
        { label: 'Datum splatnosti', value: formatDate(vm.dueOn) },
        {
          label: payer ? 'Datum uskutečnění zdanitelného plnění' : 'Evidenční číslo žáka',
          value: payer ? formatDate(vm.taxableOn) : (vm.student?.registrationNumber ?? null),
        },
        { label: 'Variabilní symbol', value: vm.variableSymbol },
        { label: 'Způsob úhrady', value: PAYMENT_METHOD_LABELS[vm.paymentMethod] },
        { label: 'Bankovní účet', value: vm.bankAccount },
        ...(vm.creditNoteFor ? [{ label: 'Opravný doklad k dokladu', value: `č. ${vm.creditNoteFor}`, span: 3 }] : []),
      ],
      3,
    ),
    { text: 'Položky', style: 'h2' },
    table(
      [
        { header: 'Č.', width: 18, align: 'right' },
        { header: 'Označení dodávky', width: '*' },
        { header: 'Množství', width: 48, align: 'right' },
        { header: payer ? 'Cena za jednotku s DPH' : 'Cena za jednotku', width: 80, align: 'right' },
        ...(payer ? [{ header: 'DPH', width: 34, align: 'right' as const }] : []),
        { header: 'Celkem', width: 80, align: 'right' },
      ],
      vm.lines.map((l, i) => [String(i + 1), l.text, String(l.quantity), formatMoney(l.unitPrice), ...(payer ? [`${l.vatRate} %`] : []), formatMoney(l.total)]),
    ),
  );
  if (payer && vm.vatRows.length)
    content.push(
      { text: 'Rekapitulace DPH', style: 'h2' },
      {
        columns: [
          { width: '*', text: '' },
          {
            width: 300,
            stack: [
              table(
                [
                  { header: 'Sazba', width: 50, align: 'right' },
                  { header: 'Základ', width: '*', align: 'right' },
                  { header: 'DPH', width: '*', align: 'right' },
                  { header: 'Celkem', width: '*', align: 'right' },
                ],
                vm.vatRows.map((r) => [`${r.rate} %`, formatMoney(r.base), formatMoney(r.vat), formatMoney(r.gross)]),
              ),
            ],
          },
        ],
      },
    );
  content.push(
    {
      margin: [0, 14, 0, 0],
      columns: [
        { width: '*', text: payer ? `z toho DPH ${formatMoney(vm.totalVat)}` : 'Dodavatel není plátcem DPH.', style: 'small', margin: [0, 6, 0, 0] },
        {
          width: 'auto',
          table: {
            body: [
              [
                {
                  text: [vm.invoiceKind === 'RECEIPT' ? 'Přijato celkem: ' : 'Celkem k úhradě: ', { text: formatMoney(vm.total), bold: true }],
                  fontSize: 13,
                  margin: [8, 5, 8, 5],
                },
              ],
            ],
          },
          layout: { fillColor: () => '#eeeeee', hLineColor: () => '#9a9a9a', vLineColor: () => '#9a9a9a' },
        },
      ],
    },
    ...(vm.note ? [{ text: vm.note, margin: [0, 12, 0, 0] as [number, number, number, number] }] : []),
    signatureLines([vm.invoiceKind === 'RECEIPT' ? 'Přijal (razítko a podpis)' : 'Vystavil (razítko a podpis)']),
  );
  return page({
    title: documentTitle(vm),
    subtitle: documentSubtitle(vm),
    generatedOn: vm.generatedOn,
    content,
  });
}

export const invoiceDocument: PdfDocument<InvoiceVm> = { kind: 'INVOICE', load, render };
