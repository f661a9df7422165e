// 'Převod žáka' (issue 22 §4): the inputs of the export and the import. The office (admins and assistants) exports a
// student's signed record and imports another school's record onto a student of its own.
import { z } from 'zod';
import type { StaffRole } from '../enums.ts';
import { uuidInput } from '../validation.ts';
import { TRANSFER_MAX_BYTES, TRANSFER_MESSAGES } from './format.ts';

export const TRANSFER_ROLES = ['ADMIN', 'ASSISTANT'] as const satisfies readonly StaffRole[];

export const exportTransferInput = z.object({ studentId: uuidInput });
export type ExportTransferInput = z.input<typeof exportTransferInput>;

/**
 * The uploaded file's text, as the browser read it. Bounded here (zod refuses a longer string without parsing it);
 * the server then checks the depth before JSON.parse (transferTextProblem).
 */
export const transferImportInput = z.object({
  studentId: uuidInput,
  document: z.string({ error: TRANSFER_MESSAGES.file }).min(2, TRANSFER_MESSAGES.file).max(TRANSFER_MAX_BYTES, TRANSFER_MESSAGES.tooLarge),
});
export type TransferImportInput = z.input<typeof transferImportInput>;

/** The import itself: the same file, and the key fingerprint the office saw in the preview and confirms. */
export const transferImportConfirmInput = transferImportInput.extend({
  keyFingerprint: z.string().regex(/^SHA256:[0-9a-f]{64}$/, 'Neplatný otisk klíče'),
});
export type TransferImportConfirmInput = z.input<typeof transferImportConfirmInput>;
