// 'Export pro účetní' (issue 21 §3): the school's documents and payments of a period, generated on request, as the
// files' text for the browser to save (the owing list's CSV pattern, here built on the server because the Pohoda
// pack needs every line and VAT row). Pohoda XML carries the documents (invoices, receipts, credit notes; cancelled
// ones marked); CSV gives two files, documents and payments. Amounts stay integer haléře until csvAmount/decimalAmount.
import type { DbOrTx } from '@volant/db/client';
import { accountingFileName, invoicesCsv, paymentsCsv } from '@volant/shared/accounting-export/csv';
import type { accountingExportInput } from '@volant/shared/accounting-export/inputs';
import type { InvoiceKind, PaymentMethod, VatMode } from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { invoiceTotals } from '@volant/shared/invoice/totals';
import { asHalere, sumHalere } from '@volant/shared/money';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { findCompanyNumber, listLinesOf, listPaymentDocuments, listPeriodInvoices, listPeriodPayments } from './accounting-export.queries.ts';
import { type PohodaDocument, pohodaXml } from './pohoda.ts';

export interface ExportFile {
  fileName: string;
  mimeType: string;
  content: string;
}

async function periodDocuments(db: DbOrTx, schoolId: SchoolId, from: string, to: string): Promise<PohodaDocument[]> {
  const rows = await listPeriodInvoices(db, schoolId, from, to);
  const lines = await listLinesOf(
    db,
    schoolId,
    rows.map((r) => r.invoice.id),
  );
  const byInvoice = Map.groupBy(lines, (l) => l.invoiceId);
  return rows.map(({ invoice: i, creditNoteFor, creditNote }) => {
    const own = byInvoice.get(i.id) ?? [];
    const vatMode = i.vatMode as VatMode;
    return {
      id: i.id,
      number: i.number,
      kind: i.kind as InvoiceKind,
      vatMode,
      issuedOn: i.issuedOn,
      dueOn: i.dueOn,
      taxableOn: i.taxableOn,
      variableSymbol: i.variableSymbol,
      paymentMethod: i.paymentMethod as PaymentMethod,
      customerName: i.customerName,
      customerCompanyNumber: i.customerCompanyNumber,
      customerVatId: i.customerVatId,
      customerAddress: i.customerAddress,
      supplierBankAccount: i.supplierBankAccount,
      note: i.note,
      isCancelled: i.isCancelled,
      creditNoteFor,
      creditNote,
      lines: own.map((l) => ({ text: l.text, quantity: l.quantity, unitPrice: l.unitPrice, vatRate: l.vatRate })),
      vatRows: invoiceTotals(own, vatMode).rows,
      total: i.total,
    };
  });
}

async function periodPayments(db: DbOrTx, schoolId: SchoolId, from: string, to: string) {
  const rows = await listPeriodPayments(db, schoolId, from, to);
  const docs = Map.groupBy(
    await listPaymentDocuments(
      db,
      schoolId,
      rows.map((r) => r.id),
    ),
    (d) => d.paymentItemId,
  );
  return rows.map((r) => ({
    paidOn: r.paidOn,
    studentName: fullName(r),
    registrationNumber: r.registrationNumber,
    method: r.method as PaymentMethod,
    amount: r.price,
    note: r.note,
    documents: (docs.get(r.id) ?? []).map((d) => d.number),
  }));
}

/** The export's files: one Pohoda XML pack, or the documents' and the payments' CSV. */
export async function getAccountingExport(deps: AppDeps, schoolId: SchoolId, input: z.output<typeof accountingExportInput>) {
  const { from, to } = input;
  if (input.format === 'POHODA') {
    const documents = await periodDocuments(deps.db, schoolId, from, to);
    // A Pohoda pack must hold at least one item (data.xsd).
    if (documents.length === 0) throw new AppError('ACCOUNTING_EXPORT_EMPTY');
    const content = pohodaXml({
      id: `volant-${from}-${to}`,
      companyNumber: await findCompanyNumber(deps.db, schoolId),
      note: `Doklady ${from} až ${to} z aplikace Volant`,
      documents,
    });
    const files: ExportFile[] = [{ fileName: accountingFileName('pohoda', from, to, 'xml'), mimeType: 'application/xml;charset=utf-8', content }];
    return { files, invoiceCount: documents.length, paymentCount: null };
  }
  const documents = await periodDocuments(deps.db, schoolId, from, to);
  const payments = await periodPayments(deps.db, schoolId, from, to);
  const invoiceRows = documents.map((d) => {
    const base = d.vatMode === 'PAYER' ? sumHalere(d.vatRows.map((r) => r.base)) : asHalere(d.total);
    return { ...d, base, vat: asHalere(d.total - base), total: d.total };
  });
  const files: ExportFile[] = [
    { fileName: accountingFileName('doklady', from, to, 'csv'), mimeType: 'text/csv;charset=utf-8', content: invoicesCsv(invoiceRows) },
    { fileName: accountingFileName('platby', from, to, 'csv'), mimeType: 'text/csv;charset=utf-8', content: paymentsCsv(payments) },
  ];
  return { files, invoiceCount: documents.length, paymentCount: payments.length };
}
