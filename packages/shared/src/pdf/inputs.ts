// Inputs of the PDF exports (spec §7: exportReportClassBook / exportReportVehicleDrivingTraining carry schoolId,
// studentId and the client's code; the result arrives later as OnPdfFileChanged with the same clientCode).
import { z } from 'zod';
import { PDF_KINDS, PDF_STATUSES } from '../enums.ts';
import { text, uuidInput } from '../validation.ts';

/** Chosen by the client per request (e.g. a random id); only its own notice listens for it. */
export const clientCodeInput = text('Chybí kód požadavku')
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Neplatný kód požadavku');

export const exportStudentDocumentInput = z.object({ studentId: uuidInput, clientCode: clientCodeInput });

/** The school's generated files, newest first (Nastavení → Historie PDF). */
export const pdfFilesInput = z.object({
  kind: z.enum(PDF_KINDS).nullish(),
  status: z.enum(PDF_STATUSES).nullish(),
  limit: z.int().min(1).max(200).default(50),
  cursor: uuidInput.nullish(),
});

export const pdfFileIdInput = z.object({ id: uuidInput });
