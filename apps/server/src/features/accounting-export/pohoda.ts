// Pohoda XML (issue 21 §3): the school's documents of a period as a Stormware Pohoda data pack for its XML import
// (schemas version_2, vendored in ./xsd and checked in tests). Elements used, in the schemas' order:
//   dat:dataPack[@version=2.0 @id @ico @application @note]
//     dat:dataPackItem[@version=2.0 @id]
//       inv:invoice[@version=2.0]
//         inv:invoiceHeader: invoiceType (issuedInvoice | issuedCreditNotice), storno (cancelledDocument on a cancelled
//           document, cancelDocument on its credit note; Pohoda reads it on export only, it is there for the reader),
//           number/typ:numberRequested (our number, checkDuplicity), symVar, originalDocument (the credit note's
//           original), date, dateTax (VAT payers), dateDue, text, partnerIdentity/typ:address (company, name, street,
//           ico, dic), paymentType/typ:paymentType (draft | cash | creditcard), account (bank transfer), note, intNote
//         inv:invoiceDetail/inv:invoiceItem: text, quantity, payVAT (true: the unit price includes VAT), rateVAT
//           (none | low 12 % | high 21 %), homeCurrency/typ:unitPrice
//         inv:invoiceSummary: roundingDocument none, homeCurrency: priceNone, priceLow/priceLowVAT/priceLowSum,
//           priceHigh/priceHighVAT/priceHighSum
// Amounts are integer haléře printed by decimalAmount ('1234.50', xsd:double); the file is UTF-8 (declared).
import type { InvoiceKind, PaymentMethod, VatMode } from '@volant/shared/enums';
import type { VatRow } from '@volant/shared/invoice/totals';
import { decimalAmount } from '@volant/shared/money';

export const POHODA_NS = {
  dat: 'http://www.stormware.cz/schema/version_2/data.xsd',
  inv: 'http://www.stormware.cz/schema/version_2/invoice.xsd',
  typ: 'http://www.stormware.cz/schema/version_2/type.xsd',
} as const;

export interface PohodaLine {
  text: string;
  quantity: number;
  /** Haléře including VAT (negative on a credit note). */
  unitPrice: number;
  vatRate: number;
}

export interface PohodaDocument {
  id: string;
  number: string;
  kind: InvoiceKind;
  vatMode: VatMode;
  issuedOn: string;
  dueOn: string;
  taxableOn: string | null;
  variableSymbol: string;
  paymentMethod: PaymentMethod;
  customerName: string;
  customerCompanyNumber: string | null;
  customerVatId: string | null;
  customerAddress: string | null;
  supplierBankAccount: string | null;
  note: string | null;
  isCancelled: boolean;
  /** The original's number on a credit note. */
  creditNoteFor: string | null;
  /** The credit note's number on a cancelled document. */
  creditNote: string | null;
  lines: readonly PohodaLine[];
  vatRows: readonly VatRow[];
  /** Haléře. */
  total: number;
}

export interface PohodaPack {
  /** The data pack's id (≤ 64 characters): Pohoda checks duplicate imports by it and the items' ids. */
  id: string;
  /** The supplier's IČO: Pohoda refuses a pack meant for another company. */
  companyNumber: string | null;
  note: string;
  documents: readonly PohodaDocument[];
}

/** Whether XML 1.0 can carry the code point at all (no control characters but tab, LF, CR; no U+FFFE/U+FFFF). */
const isXmlChar = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return code >= 0x20 ? code !== 0xfffe && code !== 0xffff : code === 0x09 || code === 0x0a || code === 0x0d;
};

const escapeXml = (s: string) =>
  [...s].filter(isXmlChar).join('').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Cuts text to the schema's length (string64, string240, …) by code points. */
const cut = (s: string, max: number) => [...s].slice(0, max).join('');

type Node = { name: string; attrs?: Record<string, string>; children?: (Node | null)[]; text?: string };

const el = (name: string, content?: string | (Node | null)[], attrs?: Record<string, string>): Node =>
  typeof content === 'string' ? { name, text: content, attrs } : { name, children: content ?? [], attrs };

function render(node: Node, depth: number, out: string[]) {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (node.text !== undefined) {
    out.push(`${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  const children = (node.children ?? []).filter((c): c is Node => c !== null);
  if (children.length === 0) {
    out.push(`${pad}<${node.name}${attrs}/>`);
    return;
  }
  out.push(`${pad}<${node.name}${attrs}>`);
  for (const c of children) render(c, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

const RATE_VAT: Record<number, 'none' | 'low' | 'high'> = { 0: 'none', 12: 'low', 21: 'high' };

const PAYMENT_TYPE: Record<PaymentMethod, 'draft' | 'cash' | 'creditcard'> = { TRANSFER: 'draft', CASH: 'cash', CARD: 'creditcard' };

/** '19-2000145399/0800' → accountNo '19-2000145399', bankCode '0800'; a foreign IBAN has no Czech bank code. */
function account(bankAccount: string | null): Node | null {
  const m = bankAccount?.match(/^([\d-]+)\/(\d{4})$/);
  if (!m) return null;
  return el('inv:account', [el('typ:accountNo', m[1] as string), el('typ:bankCode', m[2] as string)]);
}

/** The address line 'Ulice 1, 110 00 Praha' → street and city parts; Pohoda has separate fields. */
function partner(d: PohodaDocument): Node {
  const [street, ...rest] = (d.customerAddress ?? '').split(',').map((s) => s.trim());
  const cityPart = rest.join(', ');
  const zip = cityPart.match(/^(\d{3} ?\d{2})\s+(.*)$/);
  const isCompany = d.customerCompanyNumber !== null;
  return el('inv:partnerIdentity', [
    el('typ:address', [
      isCompany ? el('typ:company', cut(d.customerName, 255)) : null,
      isCompany ? null : el('typ:name', cut(d.customerName, 64)),
      cityPart ? el('typ:city', cut(zip ? (zip[2] as string) : cityPart, 45)) : null,
      street ? el('typ:street', cut(street, 64)) : null,
      zip ? el('typ:zip', (zip[1] as string).replace(' ', '')) : null,
      d.customerCompanyNumber ? el('typ:ico', d.customerCompanyNumber) : null,
      d.customerVatId ? el('typ:dic', cut(d.customerVatId, 18)) : null,
    ]),
  ]);
}

function summary(d: PohodaDocument): Node {
  const sums: Node[] = [];
  if (d.vatMode === 'NON_PAYER') {
    sums.push(el('typ:priceNone', decimalAmount(d.total)));
  } else {
    const row = (rate: number) => d.vatRows.find((r) => r.rate === rate);
    const none = row(0);
    const low = row(12);
    const high = row(21);
    if (none) sums.push(el('typ:priceNone', decimalAmount(none.gross)));
    if (low)
      sums.push(el('typ:priceLow', decimalAmount(low.base)), el('typ:priceLowVAT', decimalAmount(low.vat)), el('typ:priceLowSum', decimalAmount(low.gross)));
    if (high)
      sums.push(
        el('typ:priceHigh', decimalAmount(high.base)),
        el('typ:priceHighVAT', decimalAmount(high.vat)),
        el('typ:priceHighSum', decimalAmount(high.gross)),
      );
  }
  return el('inv:invoiceSummary', [el('inv:roundingDocument', 'none'), el('inv:homeCurrency', sums)]);
}

function invoice(d: PohodaDocument): Node {
  const isCreditNote = d.kind === 'CREDIT_NOTE';
  const payer = d.vatMode === 'PAYER';
  const storno = isCreditNote ? 'cancelDocument' : d.isCancelled ? 'cancelledDocument' : null;
  const intNote = [
    d.kind === 'RECEIPT' ? 'Příjmový doklad' : null,
    d.isCancelled && d.creditNote ? `Stornován opravným dokladem č. ${d.creditNote}` : null,
    isCreditNote && d.creditNoteFor ? `Opravný doklad k dokladu č. ${d.creditNoteFor}` : null,
  ].filter(Boolean);
  const title = isCreditNote ? (payer ? 'Opravný daňový doklad' : 'Opravný doklad') : d.kind === 'RECEIPT' ? 'Příjmový doklad' : 'Faktura';
  return el(
    'inv:invoice',
    [
      el('inv:invoiceHeader', [
        el('inv:invoiceType', isCreditNote ? 'issuedCreditNotice' : 'issuedInvoice'),
        storno ? el('inv:storno', storno) : null,
        el('inv:number', [el('typ:numberRequested', d.number, { checkDuplicity: 'true' })]),
        el('inv:symVar', d.variableSymbol),
        isCreditNote && d.creditNoteFor ? el('inv:originalDocument', d.creditNoteFor) : null,
        el('inv:date', d.issuedOn),
        payer && d.taxableOn ? el('inv:dateTax', d.taxableOn) : null,
        el('inv:dateDue', d.dueOn),
        el('inv:text', cut(`${title} č. ${d.number}`, 240)),
        partner(d),
        el('inv:paymentType', [el('typ:paymentType', PAYMENT_TYPE[d.paymentMethod])]),
        d.paymentMethod === 'TRANSFER' ? account(d.supplierBankAccount) : null,
        d.note ? el('inv:note', d.note) : null,
        intNote.length > 0 ? el('inv:intNote', intNote.join('; ')) : null,
      ]),
      el(
        'inv:invoiceDetail',
        d.lines.map((l) =>
          el('inv:invoiceItem', [
            el('inv:text', cut(l.text, 90)),
            el('inv:quantity', String(l.quantity)),
            el('inv:payVAT', payer ? 'true' : 'false'),
            el('inv:rateVAT', payer ? (RATE_VAT[l.vatRate] ?? 'none') : 'none'),
            el('inv:homeCurrency', [el('typ:unitPrice', decimalAmount(l.unitPrice))]),
          ]),
        ),
      ),
      summary(d),
    ],
    { version: '2.0' },
  );
}

/** The data pack as XML text (UTF-8). A pack must hold at least one item: the caller refuses an empty period. */
export function pohodaXml(pack: PohodaPack): string {
  const root = el(
    'dat:dataPack',
    pack.documents.map((d) => el('dat:dataPackItem', [invoice(d)], { version: '2.0', id: cut(d.number, 64) })),
    {
      'xmlns:dat': POHODA_NS.dat,
      'xmlns:inv': POHODA_NS.inv,
      'xmlns:typ': POHODA_NS.typ,
      version: '2.0',
      id: cut(pack.id, 64),
      ...(pack.companyNumber ? { ico: pack.companyNumber } : {}),
      application: 'Volant',
      note: pack.note,
    },
  );
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, 0, out);
  return `${out.join('\n')}\n`;
}
