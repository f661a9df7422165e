import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { PDF_KINDS, PDF_STATUSES } from '@volant/shared/enums';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';
import { createdAt, id } from './columns.ts';

/**
 * A PDF job and, once DONE, its file (spec §3 PDF file, issue 10). The export request inserts the row (NEW); a worker
 * claims it (`FOR UPDATE SKIP LOCKED`, status PROCESSING, a lease until `leaseUntil`); a claim whose lease ran out
 * (the worker died) is claimed again, at most a few `attempts`, then ERROR with the reason.
 */
export const pdfFiles = pgTable(
  'pdf_files',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text({ enum: PDF_KINDS }).notNull(),
    status: text({ enum: PDF_STATUSES }).notNull().default('NEW'),
    /** The requesting client's code: its 'preparing PDF' notice waits for OnPdfFileChanged with it. */
    clientCode: text().notNull(),
    /** The document's subject (student, hlášenka, exam term, invoice); null for a school-wide range. */
    entityId: uuid(),
    /** What the view-model is built from (e.g. a date range), validated by the kind's own schema. */
    params: jsonb().notNull().default(sql`'{}'::jsonb`),
    /** The user who asked (their id; the history shows their name). */
    requestedBy: uuid(),
    attempts: integer().notNull().default(0),
    leaseUntil: timestamp({ withTimezone: true }),
    workerId: text(),
    error: text(),
    /** Relative to DATA_DIR/files. */
    filePath: text(),
    fileName: text(),
    fileSize: integer(),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('pdf_files_school_id_id_key').on(t.schoolId, t.id),
    index('pdf_files_school_created_idx').on(t.schoolId, t.createdAt),
    /** The worker's claim scans only the open jobs. */
    index('pdf_files_open_idx').on(t.status, t.createdAt).where(sql`${t.status} in ('NEW', 'PROCESSING')`),
    oneOf('pdf_files_kind_check', t.kind, PDF_KINDS),
    oneOf('pdf_files_status_check', t.status, PDF_STATUSES),
  ],
);
