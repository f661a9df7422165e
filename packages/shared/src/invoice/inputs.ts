// Doklady (issue 9): an invoice or a receipt for a student's course or payment, the school's list with filters, and
// cancelling, which issues a credit note. The form sends koruny; the parsed lines carry integer haléře.
import { z } from 'zod';
import { INVOICE_KINDS, PAYMENT_METHODS, type StaffRole, VAT_RATES } from '../enums.ts';
import { czkAmount } from '../payment-item/inputs.ts';
import { boundedText, dateInput, optionalText, requiredText, text, uuidInput } from '../validation.ts';

export const INVOICE_MESSAGES = {
  linesRequired: 'Doklad musí mít alespoň jednu položku',
  lineText: 'Prosím zadejte text položky!',
  quantity: 'Množství musí být 1 až 1000',
  vatRate: 'Neplatná sazba DPH',
  variableSymbol: 'Variabilní symbol může mít nejvýše 10 číslic',
  companyNumber: 'IČO musí mít 8 číslic',
  dueBeforeIssue: 'Datum splatnosti nemůže být před datem vystavení',
  cancelReason: 'Prosím zadejte důvod storna!',
  operatorMissing: 'Nejdříve vyplňte provozovatele v Nastavení → Provozovatel.',
  vatIdMissing: 'Plátce DPH musí mít vyplněné DIČ v Nastavení → Provozovatel.',
  bankAccountMissing: 'Pro doklad s platbou převodem vyplňte bankovní účet v Nastavení → Provozovatel.',
  bankAccountInvalid: 'Bankovní účet v Nastavení → Provozovatel není platný. Opravte ho, doklad s platbou převodem ho musí uvádět.',
  cancelled: 'Doklad je již stornován.',
  paymentHasInvoice: 'K platbě je vystaven doklad. Nejdříve ho stornujte.',
} as const;

/** Who issues and cancels documents: the school's admins and office staff (assistants); every member reads them. */
export const INVOICE_ISSUER_ROLES = ['ADMIN', 'ASSISTANT'] as const satisfies readonly StaffRole[];

/** Documents that can be issued by hand; a credit note is only ever issued by cancelling. */
export const ISSUABLE_INVOICE_KINDS = ['INVOICE', 'RECEIPT'] as const satisfies readonly (typeof INVOICE_KINDS)[number][];

export const invoiceLineInput = z.object({
  text: requiredText(INVOICE_MESSAGES.lineText, 200, 'Text položky může mít nejvýše 200 znaků'),
  quantity: z.int({ error: INVOICE_MESSAGES.quantity }).min(1, INVOICE_MESSAGES.quantity).max(1000, INVOICE_MESSAGES.quantity).default(1),
  /** Unit price including VAT, koruny → haléře. */
  unitPrice: czkAmount('Prosím zadejte cenu položky!'),
  vatRate: z
    .number({ error: INVOICE_MESSAGES.vatRate })
    .refine((v) => (VAT_RATES as readonly number[]).includes(v), INVOICE_MESSAGES.vatRate)
    .default(0),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

/** The customer when it is not the student: a company with IČO (DIČ optional). */
export const invoiceCompanyInput = z.object({
  name: boundedText('název firmy', 2, 200, 'Prosím zadejte název firmy!'),
  companyNumber: text('Prosím zadejte IČO!')
    .trim()
    .regex(/^\d{8}$/, INVOICE_MESSAGES.companyNumber),
  vatId: optionalText(14, 'DIČ může mít nejvýše 14 znaků'),
  address: requiredText('Prosím zadejte adresu firmy!', 300),
});

export const issueInvoiceInput = z
  .object({
    studentId: uuidInput,
    kind: z.enum(ISSUABLE_INVOICE_KINDS, { error: 'Neznámý druh dokladu' }).default('INVOICE'),
    /** A receipt confirms this payment; its amount and method become the default line. */
    paymentItemId: uuidInput.nullish().transform((v) => v ?? null),
    /** Null: the student is the customer. */
    company: invoiceCompanyInput.nullish().transform((v) => v ?? null),
    lines: z
      .array(invoiceLineInput, { error: INVOICE_MESSAGES.linesRequired })
      .min(1, INVOICE_MESSAGES.linesRequired)
      .max(50, 'Doklad může mít nejvýše 50 položek'),
    /** The school's today when left out. */
    issuedOn: dateInput('Prosím zadejte datum vystavení!')
      .nullish()
      .transform((v) => v ?? null),
    /** issuedOn + the school's due days when left out. */
    dueOn: dateInput('Prosím zadejte datum splatnosti!')
      .nullish()
      .transform((v) => v ?? null),
    taxableOn: dateInput('Prosím zadejte datum zdanitelného plnění!')
      .nullish()
      .transform((v) => v ?? null),
    /** The document number when left out. */
    variableSymbol: text()
      .trim()
      .regex(/^\d{0,10}$/, INVOICE_MESSAGES.variableSymbol)
      .nullish()
      .transform((v) => (v ? v : null)),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Prosím vyberte způsob platby!' }).default('TRANSFER'),
    note: optionalText(1000, 'Poznámka může mít nejvýše 1000 znaků'),
  })
  .refine((v) => !v.issuedOn || !v.dueOn || v.dueOn >= v.issuedOn, { error: INVOICE_MESSAGES.dueBeforeIssue, path: ['dueOn'] });
export type IssueInvoiceInput = z.input<typeof issueInvoiceInput>;

export const INVOICE_STATUSES = ['ACTIVE', 'CANCELLED'] as const;

/** The school's documents, newest number first, filtered; `cursor` is the last row's id of the previous page. */
export const invoicesInput = z.object({
  year: z.int().min(2000).max(2100).nullish(),
  kind: z.enum(INVOICE_KINDS).nullish(),
  status: z.enum(INVOICE_STATUSES).nullish(),
  studentId: uuidInput.nullish(),
  /** Number, customer name or variable symbol. */
  query: text().trim().max(100).nullish(),
  limit: z.int().min(1).max(200).default(50),
  cursor: uuidInput.nullish(),
});
export type InvoicesInput = z.input<typeof invoicesInput>;

export const invoiceIdInput = z.object({ id: uuidInput });

export const cancelInvoiceInput = z.object({
  id: uuidInput,
  reason: requiredText(INVOICE_MESSAGES.cancelReason, 500, 'Důvod storna může mít nejvýše 500 znaků'),
  /** The credit note's date; the school's today when left out. */
  issuedOn: dateInput('Prosím zadejte datum!')
    .nullish()
    .transform((v) => v ?? null),
});
