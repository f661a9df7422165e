// 5. Faktura / doklad (INVOICE, issue 9): an invoice, receipt or credit note as issued — supplier and customer as
// copied at issue, number, dates, variable symbol, payment method, lines, the VAT recap of a payer ('Neplátce DPH'
// otherwise), the cancelled mark and the credit-note reference.
import type { DbOrTx } from '@volant/db/client';
import type { InvoiceKind, PaymentMethod, VatMode } from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { invoiceSpayd } from '@volant/shared/invoice/spayd';
import { invoiceTotals } from '@volant/shared/invoice/totals';
import { type InvoiceLayout, invoiceLayout } from '@volant/shared/pdf/layouts';
import type { InvoiceVm } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import type { Content } from 'pdfmake/interfaces.js';
import { findInvoice, findRelated, findStudentName, listLines } from './invoice.queries.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage, signatureLines } from '../../pdf/layout.ts';
import { subjectId } from '../../pdf/document.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<InvoiceVm> {
  const id = subjectId(subject.entityId, 'INVOICE_NOT_FOUND');
  const row = await findInvoice(db, schoolId, id);
  if (!row) throw new AppError('INVOICE_NOT_FOUND');
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
    iban: row.supplierBankIban,
    qrPayment: invoiceSpayd({
      invoiceKind: row.kind as InvoiceKind,
      paymentMethod: row.paymentMethod as PaymentMethod,
      iban: row.supplierBankIban,
      total: row.total,
      variableSymbol: row.variableSymbol,
      dueOn: row.dueOn,
      number: row.number,
      isCancelled: row.isCancelled,
    }),
    supplier: { name: row.supplierName, companyNumber: row.supplierCompanyNumber, vatId: row.supplierVatId, address: row.supplierAddress },
    customer: { name: row.customerName, companyNumber: row.customerCompanyNumber, vatId: row.customerVatId, address: row.customerAddress },
    student: student ? { registrationNumber: student.registrationNumber ?? '', name: fullName(student) } : null,
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

function party(p: InvoiceLayout['parties'][number]): Content {
  return {
    stack: [{ text: p.title, style: 'label' }, { text: p.name, bold: true, fontSize: 11, margin: [0, 2, 0, 2] }, ...p.lines.map((t) => ({ text: t }))],
  };
}

function render(vm: InvoiceVm) {
  const l = invoiceLayout(vm);
  const content: Content[] = [];
  if (l.cancelled)
    content.push({
      table: {
        widths: ['*'],
        body: [[{ text: [{ text: l.cancelled.label, bold: true, fontSize: 12 }, l.cancelled.text], color: '#c62828', margin: [4, 3, 4, 3] }]],
      },
      layout: { hLineColor: () => '#c62828', vLineColor: () => '#c62828' },
      margin: [0, 0, 0, 10],
    });
  content.push(
    { columns: l.parties.map(party), columnGap: 24, margin: [0, 0, 0, 10] },
    layoutGrid(l.grid),
    { text: l.items.title, style: 'h2' },
    layoutTable(l.items.table, [18, '*', 48, 80, ...(l.items.table.columns.length === 6 ? [34] : []), 80]),
  );
  if (l.vat)
    content.push(
      { text: l.vat.title, style: 'h2' },
      {
        columns: [
          { width: '*', text: '' },
          { width: 300, stack: [layoutTable(l.vat.table, [50, '*', '*', '*'])] },
        ],
      },
    );
  content.push(
    {
      margin: [0, 14, 0, 0],
      columns: [
        { width: '*', text: l.total.note, style: 'small', margin: [0, 6, 0, 0] },
        {
          width: 'auto',
          table: { body: [[{ text: [l.total.label, { text: l.total.amount, bold: true }], fontSize: 13, margin: [8, 5, 8, 5] }]] },
          layout: { fillColor: () => '#eeeeee', hLineColor: () => '#9a9a9a', vLineColor: () => '#9a9a9a' },
        },
      ],
    },
    ...(l.qr
      ? [
          {
            margin: [0, 14, 0, 0] as [number, number, number, number],
            unbreakable: true,
            columns: [
              { width: 'auto' as const, qr: l.qr.payload, fit: 110, eccLevel: 'M' as const },
              {
                width: '*' as const,
                margin: [10, 4, 0, 0] as [number, number, number, number],
                stack: [{ text: l.qr.title, style: 'label' }, ...l.qr.lines.map((t) => ({ text: t }))],
              },
            ],
          },
        ]
      : []),
    ...(l.note ? [{ text: l.note, margin: [0, 12, 0, 0] as [number, number, number, number] }] : []),
    signatureLines([l.signature]),
  );
  return documentPage(vm, content);
}

/** The file is named by the document's number (issue 17): faktura-20260007.pdf, prijmovy-doklad-…, opravny-doklad-…. */
const FILE_PREFIX: Record<InvoiceKind, string> = { INVOICE: 'faktura', RECEIPT: 'prijmovy-doklad', CREDIT_NOTE: 'opravny-doklad' };
const fileName = (vm: InvoiceVm) => `${FILE_PREFIX[vm.invoiceKind]}-${vm.number.replace(/[^0-9A-Za-z-]/g, '')}.pdf`;

export const invoiceDocument: PdfDocument<InvoiceVm> = { kind: 'INVOICE', load, render, fileName };
