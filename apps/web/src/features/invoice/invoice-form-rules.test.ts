import { issueInvoiceInput } from '@volant/shared/invoice/inputs';
import { describe, expect, it } from 'vitest';
import { courseLine, courseLineText, formTotals, invoiceLines, paymentLine, paymentsWithDocument, toIssueInput } from './invoice-form-rules.ts';

const STUDENT = '0b9f6c1e-6b1a-4f7e-9a55-2f1d1c0f0a01';
const PAYMENT = '0b9f6c1e-6b1a-4f7e-9a55-2f1d1c0f0a02';

describe('the lines a document starts with', () => {
  it('names the course by the student groups and training type', () => {
    expect(courseLineText({ group: ['B'], trainingType: 'COURSE' })).toBe('Výcvik skupiny B – kurz');
    expect(courseLineText({ group: ['B', 'BpE'], trainingType: 'ISP' })).toBe('Výcvik skupiny B, B+E – individuální studijní plán');
    expect(courseLineText({ group: [], trainingType: null })).toBe('Výcvik');
  });

  it('puts the price after the discount on one line of an invoice, in koruny', () => {
    expect(courseLine({ group: ['B'], trainingType: 'COURSE' }, { price: 2_000_000, discount: 200_050 }, 'NON_PAYER')).toEqual({
      text: 'Výcvik skupiny B – kurz',
      quantity: 1,
      unitPrice: 17_999.5,
      vatRate: 0,
    });
    expect(courseLine({ group: ['B'] }, { price: null, discount: 0 }, 'PAYER')).toMatchObject({ unitPrice: null, vatRate: 21 });
    expect(courseLine({ group: ['B'] }, { price: 100, discount: 500 }, 'NON_PAYER').unitPrice).toBe(0);
  });

  it('adds each extra charged to the student after the course, with its quantity and unit price', () => {
    const lines = invoiceLines(
      { group: ['B'], trainingType: 'COURSE' },
      { price: 1_500_000, discount: 0 },
      [{ label: 'Kondiční jízda (45 min)', quantity: 2, unitPrice: 75_050 }],
      'PAYER',
    );
    expect(lines).toEqual([
      { text: 'Výcvik skupiny B – kurz', quantity: 1, unitPrice: 15_000, vatRate: 21 },
      { text: 'Kondiční jízda (45 min)', quantity: 2, unitPrice: 750.5, vatRate: 21 },
    ]);
    expect(invoiceLines({ group: ['B'] }, null, undefined, 'NON_PAYER')).toHaveLength(1);
  });

  it('makes a receipt line of the payment with its date', () => {
    expect(paymentLine({ paidOn: '2026-02-03', price: 450_050 }, 'NON_PAYER')).toEqual({
      text: 'Platba za kurz – 3.2.2026',
      quantity: 1,
      unitPrice: 4500.5,
      vatRate: 0,
    });
  });
});

describe('the form values as the shared input', () => {
  it('sends the student as the customer and haléře after parsing', () => {
    const input = toIssueInput(
      STUDENT,
      { kind: 'INVOICE', customer: 'STUDENT', lines: [{ text: 'Kurz', quantity: 1, unitPrice: 15_000.5, vatRate: 21 }], variableSymbol: ' ', note: '' },
      'NON_PAYER',
    );
    const parsed = issueInvoiceInput.parse(input);
    expect(parsed).toMatchObject({ company: null, paymentItemId: null, variableSymbol: null, note: null, taxableOn: null });
    expect(parsed.lines).toEqual([{ text: 'Kurz', quantity: 1, unitPrice: 1_500_050, vatRate: 0 }]);
  });

  it('keeps the payment only for a receipt and the company only when chosen', () => {
    const data = {
      kind: 'RECEIPT' as const,
      paymentItemId: PAYMENT,
      customer: 'COMPANY' as const,
      company: { name: 'Firma s.r.o.', companyNumber: '12345678', vatId: '', address: 'Brno' },
      lines: [{ text: 'Platba', quantity: 2, unitPrice: 100, vatRate: 12 }],
      issuedOn: '2026-03-01',
      taxableOn: '2026-02-28',
    };
    const parsed = issueInvoiceInput.parse(toIssueInput(STUDENT, data, 'PAYER'));
    expect(parsed).toMatchObject({
      paymentItemId: PAYMENT,
      company: { name: 'Firma s.r.o.', companyNumber: '12345678', vatId: null },
      taxableOn: '2026-02-28',
    });
    expect(parsed.lines[0].vatRate).toBe(12);
    expect(issueInvoiceInput.parse(toIssueInput(STUDENT, { ...data, kind: 'INVOICE' }, 'PAYER')).paymentItemId).toBeNull();
  });

  it('reports the missing price and a bad IČO at their fields', () => {
    const result = issueInvoiceInput.safeParse(
      toIssueInput(
        STUDENT,
        {
          kind: 'INVOICE',
          customer: 'COMPANY',
          company: { name: 'Firma', companyNumber: '123', address: 'Brno' },
          lines: [{ text: 'Kurz', quantity: 1, unitPrice: null }],
        },
        'NON_PAYER',
      ),
    );
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues['lines.0.unitPrice']).toBe('Prosím zadejte cenu položky!');
    expect(issues['company.companyNumber']).toBe('IČO musí mít 8 číslic');
  });
});

describe('running total and used payments', () => {
  it('sums what is typed, with the VAT of a payer per rate', () => {
    expect(
      formTotals(
        [
          { quantity: 2, unitPrice: 100.5 },
          { quantity: 1, unitPrice: null },
        ],
        'NON_PAYER',
      ),
    ).toEqual({ total: 20_100, totalVat: 0, rows: [] });
    const payer = formTotals([{ quantity: 1, unitPrice: 121, vatRate: 21 }], 'PAYER');
    expect(payer.total).toBe(12_100);
    expect(payer.rows).toEqual([{ rate: 21, base: 10_000, vat: 2_100, gross: 12_100 }]);
  });

  it('counts a payment as used while its invoice or receipt is valid', () => {
    const used = paymentsWithDocument([
      { kind: 'RECEIPT', isCancelled: false, paymentItemId: 'a' },
      { kind: 'RECEIPT', isCancelled: true, paymentItemId: 'b' },
      { kind: 'CREDIT_NOTE', isCancelled: false, paymentItemId: 'b' },
      { kind: 'INVOICE', isCancelled: false, paymentItemId: null },
    ]);
    expect([...used]).toEqual(['a']);
  });
});
