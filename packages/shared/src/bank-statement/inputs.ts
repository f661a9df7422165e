// Inputs of 'Import výpisu' (issue 21 §1): the file travels as base64 of its bytes (GPC is Windows-1250, camt UTF-8,
// CSV either), at most BANK_FILE_MAX_BYTES; the server parses it. The preview and the confirmation send the same file:
// the server parses it again, so what is written is always what the bank's file says, never what the browser sent.
import { z } from 'zod';
import { uuidInput } from '../validation.ts';

/** 1 MB: a month of a busy school is ~300 items (40 KB of GPC); a 5,000-item GPC is 650 KB. */
export const BANK_FILE_MAX_BYTES = 1024 * 1024;
export const BANK_FILE_MAX_BASE64 = Math.ceil(BANK_FILE_MAX_BYTES / 3) * 4;

export const BANK_FORMATS = ['AUTO', 'GPC', 'CAMT053', 'CSV'] as const;
export type BankFormat = (typeof BANK_FORMATS)[number];
export const BANK_FORMAT_LABELS: Record<BankFormat, string> = {
  AUTO: 'Rozpoznat automaticky',
  GPC: 'ABO / GPC',
  CAMT053: 'camt.053 (XML)',
  CSV: 'CSV',
};

export const CSV_PRESETS = ['FIO', 'CSOB'] as const;
export type CsvPreset = (typeof CSV_PRESETS)[number];

export const BANK_MESSAGES = {
  file: 'Prosím vyberte soubor s výpisem!',
  fileTooLarge: 'Soubor je příliš velký (nejvýše 1 MB).',
  fileBase64: 'Soubor se nepodařilo přečíst.',
  decisions: 'Příliš mnoho položek.',
} as const;

const fileContent = z
  .string({ error: BANK_MESSAGES.file })
  .min(1, BANK_MESSAGES.file)
  .max(BANK_FILE_MAX_BASE64, BANK_MESSAGES.fileTooLarge)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, BANK_MESSAGES.fileBase64);

const csvMapping = z
  .object({
    preset: z.enum(CSV_PRESETS).nullish(),
  })
  .nullish();

export const bankFileInput = z.object({
  content: fileContent,
  format: z.enum(BANK_FORMATS).default('AUTO'),
  csv: csvMapping,
});

export const previewBankStatementInput = bankFileInput;

export const confirmBankStatementInput = bankFileInput.extend({
  /** The office's decision per incoming transaction: the student to credit, or null to leave it aside. */
  decisions: z.array(z.object({ transactionId: z.string().min(1).max(64), studentId: uuidInput.nullable() })).max(10_000, BANK_MESSAGES.decisions),
});
