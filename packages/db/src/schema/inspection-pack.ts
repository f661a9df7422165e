import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { INSPECTION_PACK_STATUSES } from '@volant/shared/inspection-pack/inputs';
import { oneOf } from './checks.ts';
import { schools } from './school.ts';
import { createdAt, id } from './columns.ts';

/**
 * 'Podklady pro kontrolu' (issue 22 §2): one inspection pack of a school for a range of days, built by the job runner
 * (kind `inspectionPack.build`) into a ZIP under DATA_DIR/files/<schoolId>/<id>.zip. The row is the truth the page
 * reads: status NEW → PROCESSING → DONE/ERROR, the percent done and the part being built.
 */
export const inspectionPacks = pgTable(
  'inspection_packs',
  {
    id: id(),
    schoolId: uuid()
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    dateFrom: date({ mode: 'string' }).notNull(),
    dateTo: date({ mode: 'string' }).notNull(),
    status: text({ enum: INSPECTION_PACK_STATUSES }).notNull().default('NEW'),
    /** 0–100. */
    progress: integer().notNull().default(0),
    /** The part being built, as the page shows it ('Evidenční kniha', 'Jízdy vozidla 1AB2345', …). */
    step: text(),
    requestedBy: uuid(),
    error: text(),
    /** Relative to DATA_DIR/files. */
    filePath: text(),
    fileSize: integer(),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('inspection_packs_school_id_id_key').on(t.schoolId, t.id),
    index('inspection_packs_school_created_idx').on(t.schoolId, t.createdAt),
    oneOf('inspection_packs_status_check', t.status, INSPECTION_PACK_STATUSES),
    check('inspection_packs_progress_check', sql`${t.progress} between 0 and 100`),
    check('inspection_packs_range_check', sql`${t.dateTo} >= ${t.dateFrom}`),
  ],
);
