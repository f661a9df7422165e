import { asHalere } from '@volant/shared/money';
import { describe, expect, it } from 'vitest';
import { type PohodaDocument, pohodaXml } from './pohoda.ts';
import { pohodaSchemaErrors } from './pohoda-schema.testing.ts';

const doc = (over: Partial<PohodaDocument> = {}): PohodaDocument => ({
  id: 'a',
  number: '20260001',
  kind: 'INVOICE',
  vatMode: 'NON_PAYER',
  issuedOn: '2026-03-02',
  dueOn: '2026-03-16',
  taxableOn: null,
  variableSymbol: '20260001',
  paymentMethod: 'TRANSFER',
  customerName: 'Jan Novák & syn <s.r.o.>',
  customerCompanyNumber: null,
  customerVatId: null,
  customerAddress: 'Dlouhá 12, 110 00 Praha',
  supplierBankAccount: '19-2000145399/0800',
  note: null,
  isCancelled: false,
  creditNoteFor: null,
  creditNote: null,
  lines: [{ text: 'Výcvik B', quantity: 1, unitPrice: asHalere(123450), vatRate: 0 }],
  vatRows: [],
  total: asHalere(123450),
  ...over,
});

describe('pohodaXml', () => {
  it('builds a data pack with the Stormware namespaces, exact amounts and escaped text', () => {
    const xml = pohodaXml({ id: 'volant-2026-03', companyNumber: '12345678', note: 'Export', documents: [doc({ note: 'Zvonek\u0007 a\ttab' })] });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<dat:dataPack')).toBe(true);
    expect(xml).toContain('xmlns:dat="http://www.stormware.cz/schema/version_2/data.xsd"');
    expect(xml).toContain('xmlns:inv="http://www.stormware.cz/schema/version_2/invoice.xsd"');
    expect(xml).toContain('xmlns:typ="http://www.stormware.cz/schema/version_2/type.xsd"');
    expect(xml).toContain('ico="12345678"');
    expect(xml).toContain('<typ:unitPrice>1234.50</typ:unitPrice>');
    expect(xml).toContain('<typ:priceNone>1234.50</typ:priceNone>');
    expect(xml).toContain('<typ:name>Jan Novák &amp; syn &lt;s.r.o.&gt;</typ:name>');
    expect(xml).toContain('<inv:note>Zvonek a\ttab</inv:note>');
    expect(xml).toContain('<typ:zip>11000</typ:zip>');
    expect(xml).toContain('<typ:accountNo>19-2000145399</typ:accountNo>');
    expect(xml).toContain('<typ:numberRequested checkDuplicity="true">20260001</typ:numberRequested>');
  });

  it('marks a cancelled document and its credit note (negative amounts, the original named)', () => {
    const xml = pohodaXml({
      id: 'x',
      companyNumber: null,
      note: 'Export',
      documents: [
        doc({
          isCancelled: true,
          creditNote: '20260002',
          vatMode: 'PAYER',
          taxableOn: '2026-03-02',
          vatRows: [{ rate: 21, base: 102025, vat: 21425, gross: 123450 }],
        }),
        doc({
          id: 'b',
          number: '20260002',
          kind: 'CREDIT_NOTE',
          vatMode: 'PAYER',
          taxableOn: '2026-03-05',
          creditNoteFor: '20260001',
          lines: [{ text: 'Výcvik B', quantity: 1, unitPrice: asHalere(-123450), vatRate: 21 }],
          vatRows: [{ rate: 21, base: -102025, vat: -21425, gross: -123450 }],
          total: asHalere(-123450),
        }),
      ],
    });
    expect(xml).toContain('<inv:storno>cancelledDocument</inv:storno>');
    expect(xml).toContain('<inv:invoiceType>issuedCreditNotice</inv:invoiceType>');
    expect(xml).toContain('<inv:storno>cancelDocument</inv:storno>');
    expect(xml).toContain('<inv:originalDocument>20260001</inv:originalDocument>');
    expect(xml).toContain('<inv:text>Opravný daňový doklad č. 20260002</inv:text>');
    expect(xml).toContain('<typ:unitPrice>-1234.50</typ:unitPrice>');
    expect(xml).toContain('<typ:priceHighSum>-1234.50</typ:priceHighSum>');
    expect(xml).toContain('<inv:rateVAT>high</inv:rateVAT>');
  });

  it("is accepted by Stormware's data.xsd", async () => {
    const xml = pohodaXml({
      id: 'volant-2026-03',
      companyNumber: '12345678',
      note: 'Export',
      documents: [
        doc(),
        doc({ id: 'c', number: '20260003', kind: 'RECEIPT', paymentMethod: 'CASH', customerCompanyNumber: '87654321', customerVatId: 'CZ87654321' }),
        doc({
          id: 'd',
          number: '20260004',
          vatMode: 'PAYER',
          taxableOn: '2026-03-02',
          vatRows: [{ rate: 21, base: 102025, vat: 21425, gross: 123450 }],
          lines: [{ text: 'x', quantity: 2, unitPrice: asHalere(61725), vatRate: 21 }],
        }),
      ],
    });
    expect(await pohodaSchemaErrors(xml)).toEqual([]);
  });

  it('the schema check catches a broken pack', async () => {
    const xml = pohodaXml({ id: 'x', companyNumber: null, note: 'n', documents: [doc()] }).replace(
      '<inv:invoiceType>issuedInvoice',
      '<inv:invoiceType>nonsense',
    );
    expect((await pohodaSchemaErrors(xml)).join('\n')).toContain('invoiceType');
  });
});
