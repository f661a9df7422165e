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

export const CSV_DELIMITERS = [';', ',', '\t'] as const;
export const CSV_DELIMITER_LABELS: Record<(typeof CSV_DELIMITERS)[number], string> = { ';': 'Středník (;)', ',': 'Čárka (,)', '\t': 'Tabulátor' };
export const CSV_ENCODINGS = ['AUTO', 'UTF8', 'CP1250'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
export const CSV_ENCODING_LABELS: Record<CsvEncoding, string> = { AUTO: 'Rozpoznat (UTF-8, jinak Windows-1250)', UTF8: 'UTF-8', CP1250: 'Windows-1250' };
export const CSV_DATE_FORMATS = ['D.M.YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];
export const CSV_DATE_FORMAT_LABELS: Record<CsvDateFormat, string> = { 'D.M.YYYY': 'd.m.rrrr', 'DD.MM.YYYY': 'dd.mm.rrrr', 'YYYY-MM-DD': 'rrrr-mm-dd' };
/** A column name as the bank writes it in the header row. */
export const CSV_COLUMN_MAX = 80;

export const CSV_MESSAGES = {
  column: 'Vyberte sloupec.',
  columnLong: `Název sloupce má nejvýše ${CSV_COLUMN_MAX} znaků.`,
  amount: 'Vyberte sloupec částky, nebo sloupec příjmů.',
  amountBoth: 'Vyberte buď sloupec částky, nebo sloupce příjmů a výdajů, ne obojí.',
  accountBoth: 'Vlastní účet je buď ve sloupci, nebo na řádku nad záhlavím, ne obojí.',
} as const;

const column = z.string({ error: CSV_MESSAGES.column }).trim().min(1, CSV_MESSAGES.column).max(CSV_COLUMN_MAX, CSV_MESSAGES.columnLong);
const maybeColumn = column.nullish();

/**
 * Which column of the bank's CSV holds what (issue 21 §1 'Vlastní sloupce'; the Fio and ČSOB presets are values of
 * this type too). Columns are named as in the header row, which the parser finds by these names. The amount is one
 * signed column, or a credit column (and a debit column). The counter-account is one column ('číslo/kód' or just the
 * number) plus, optionally, its bank code's column. Without a transaction id column, the id is derived from the line's
 * content and its ordinal among identical lines (docs/decisions/0021). The own account: a column of every line, or a
 * line above the header ('accountId;…'), optionally with its bank code on another such line.
 */
export const csvColumnsSchema = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS),
    encoding: z.enum(CSV_ENCODINGS).default('AUTO'),
    date: column,
    dateFormat: z.enum(CSV_DATE_FORMATS),
    amount: maybeColumn,
    credit: maybeColumn,
    debit: maybeColumn,
    currency: maybeColumn,
    variableSymbol: maybeColumn,
    counterAccount: maybeColumn,
    counterBankCode: maybeColumn,
    payerName: maybeColumn,
    message: maybeColumn,
    transactionId: maybeColumn,
    ownAccountColumn: maybeColumn,
    ownAccountLine: maybeColumn,
    ownBankCodeLine: maybeColumn,
  })
  .superRefine((m, ctx) => {
    if (!m.amount && !m.credit) ctx.addIssue({ code: 'custom', path: ['amount'], message: CSV_MESSAGES.amount });
    if (m.amount && (m.credit || m.debit)) ctx.addIssue({ code: 'custom', path: ['amount'], message: CSV_MESSAGES.amountBoth });
    if (m.ownAccountColumn && m.ownAccountLine) ctx.addIssue({ code: 'custom', path: ['ownAccountLine'], message: CSV_MESSAGES.accountBoth });
  });
export type CsvColumns = z.output<typeof csvColumnsSchema>;
export type CsvColumnsInput = z.input<typeof csvColumnsSchema>;

/** 'Uložit nastavení sloupců': the school's own mapping, offered the next time. */
export const saveCsvMappingInput = z.object({ columns: csvColumnsSchema });

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

/** A preset (Fio, ČSOB) or the office's own columns ('Vlastní'); own columns win when both are sent. */
const csvMapping = z
  .object({
    preset: z.enum(CSV_PRESETS).nullish(),
    columns: csvColumnsSchema.nullish(),
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
