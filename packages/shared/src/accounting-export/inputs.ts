// 'Export pro účetní' (issue 21 §3): the school's documents and payments of a period, as Pohoda XML or as CSV for
// Czech Excel. Admins and assistants export (the office that hands the books to the accountant).
import { z } from 'zod';
import type { StaffRole } from '../enums.ts';
import { dateInput } from '../validation.ts';

export const ACCOUNTING_EXPORT_ROLES = ['ADMIN', 'ASSISTANT'] as const satisfies readonly StaffRole[];

export const ACCOUNTING_EXPORT_FORMATS = ['POHODA', 'CSV'] as const;
export type AccountingExportFormat = (typeof ACCOUNTING_EXPORT_FORMATS)[number];

export const ACCOUNTING_EXPORT_FORMAT_LABELS: Record<AccountingExportFormat, string> = {
  POHODA: 'Pohoda XML',
  CSV: 'CSV (Excel)',
};

/** At most a little over a year in one export (a year's books plus a margin); keeps one answer bounded. */
export const ACCOUNTING_EXPORT_MAX_DAYS = 400;

export const ACCOUNTING_EXPORT_MESSAGES = {
  from: 'Prosím zadejte začátek období!',
  to: 'Prosím zadejte konec období!',
  order: 'Konec období nemůže být před jeho začátkem',
  tooLong: 'Období může mít nejvýše 400 dní',
  format: 'Prosím vyberte formát exportu!',
} as const;

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** The period (both days included, by issue date of a document and payment date of a payment) and the format. */
export const accountingExportInput = z
  .object({
    from: dateInput(ACCOUNTING_EXPORT_MESSAGES.from),
    to: dateInput(ACCOUNTING_EXPORT_MESSAGES.to),
    format: z.enum(ACCOUNTING_EXPORT_FORMATS, { error: ACCOUNTING_EXPORT_MESSAGES.format }),
  })
  .refine((v) => v.to >= v.from, { error: ACCOUNTING_EXPORT_MESSAGES.order, path: ['to'] })
  .refine((v) => v.to < v.from || dayNumber(v.to) - dayNumber(v.from) < ACCOUNTING_EXPORT_MAX_DAYS, {
    error: ACCOUNTING_EXPORT_MESSAGES.tooLong,
    path: ['to'],
  });
export type AccountingExportInput = z.input<typeof accountingExportInput>;
