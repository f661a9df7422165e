// 'Podklady pro kontrolu' (issue 22 §2): the inspection pack of a range of days, built as a job into one ZIP. Admins
// only (INSPECTION_PACK_ROLES): the pack holds every student's personal data of the period.
import { z } from 'zod';
import type { StaffRole } from '../enums.ts';
import { dateInput } from '../validation.ts';

export const INSPECTION_PACK_ROLES = ['ADMIN'] as const satisfies readonly StaffRole[];

export const INSPECTION_PACK_STATUSES = ['NEW', 'PROCESSING', 'DONE', 'ERROR'] as const;
export type InspectionPackStatus = (typeof INSPECTION_PACK_STATUSES)[number];

export const INSPECTION_PACK_STATUS_LABELS: Record<InspectionPackStatus, string> = {
  NEW: 'Čeká',
  PROCESSING: 'Vytváří se',
  DONE: 'Hotovo',
  ERROR: 'Chyba',
};

/**
 * At most 366 days (a leap year, both ends included): an inspection looks at a year of records, and the bound keeps
 * one job's work (and the bench's one-year figure) what it is.
 */
export const INSPECTION_PACK_MAX_DAYS = 366;

export const INSPECTION_PACK_MESSAGES = {
  from: 'Prosím zadejte začátek období!',
  to: 'Prosím zadejte konec období!',
  order: 'Konec období nemůže být před jeho začátkem',
  tooLong: 'Období může mít nejvýše 366 dní',
} as const;

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;

/** 'Od' and 'Do', both days included. */
export const inspectionPackInput = z
  .object({
    from: dateInput(INSPECTION_PACK_MESSAGES.from),
    to: dateInput(INSPECTION_PACK_MESSAGES.to),
  })
  .refine((v) => v.to >= v.from, { error: INSPECTION_PACK_MESSAGES.order, path: ['to'] })
  .refine((v) => v.to < v.from || dayNumber(v.to) - dayNumber(v.from) < INSPECTION_PACK_MAX_DAYS, {
    error: INSPECTION_PACK_MESSAGES.tooLong,
    path: ['to'],
  });
export type InspectionPackInput = z.input<typeof inspectionPackInput>;

export const inspectionPackIdInput = z.object({ id: z.uuid({ error: 'Podklady nebyly nalezeny' }) });
