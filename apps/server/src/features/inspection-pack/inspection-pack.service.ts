// 'Podklady pro kontrolu' (issue 22 §2): an admin asks for the pack of a range of days; the request stores a job row
// (after.enqueue wakes the runner after commit) and the page follows the row's progress until it is DONE and can be
// downloaded (GET /api/inspection-packs/:id, inspection-pack.download.ts).
import type { InspectionPackInput } from '@volant/shared/inspection-pack/inputs';
import type { inspectionPackInput } from '@volant/shared/inspection-pack/inputs';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { INSPECTION_PACK_JOB } from './inspection-pack.jobs.ts';
import { findPack, insertPack, listPacks } from './inspection-pack.queries.ts';

/** How many of the school's latest packs the page lists. */
export const PACKS_LISTED = 10;

type PackRow = NonNullable<Awaited<ReturnType<typeof findPack>>>;

export const inspectionPackUrl = (id: string) => `/api/inspection-packs/${id}`;
export const inspectionPackFileName = (row: { dateFrom: string; dateTo: string }) => `podklady-pro-kontrolu-${row.dateFrom}-${row.dateTo}.zip`;

/** What the page shows of a pack; a failure only as a fact (its reason is in the log, never a database message here). */
export function toPackDto(row: PackRow) {
  return {
    id: row.id,
    from: row.dateFrom,
    to: row.dateTo,
    status: row.status,
    progress: row.progress,
    step: row.status === 'PROCESSING' ? row.step : null,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    failed: row.status === 'ERROR',
    fileName: row.status === 'DONE' ? inspectionPackFileName(row) : null,
    fileSize: row.status === 'DONE' ? row.fileSize : null,
    fileUrl: row.status === 'DONE' ? inspectionPackUrl(row.id) : null,
  };
}
export type InspectionPackDto = ReturnType<typeof toPackDto>;

export function createPack(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof inspectionPackInput> | InspectionPackInput) {
  return inTransaction(deps, async (tx, after) => {
    const row = await after.enqueue(INSPECTION_PACK_JOB, (t) =>
      insertPack(t, schoolId, { dateFrom: input.from, dateTo: input.to, requestedBy: userId }, deps.now()),
    );
    await recordEvent(deps, tx, after, {
      name: 'inspectionPack.request',
      schoolId,
      userId,
      entityType: 'inspectionPack',
      entityId: row.id,
      data: { from: input.from, to: input.to },
    });
    return toPackDto(row);
  });
}

export async function getPacks(deps: AppDeps, schoolId: SchoolId) {
  return (await listPacks(deps.db, schoolId, PACKS_LISTED)).map(toPackDto);
}

export async function getPack(deps: AppDeps, schoolId: SchoolId, id: string) {
  const row = await findPack(deps.db, schoolId, id);
  if (!row) throw new AppError('INSPECTION_PACK_NOT_FOUND');
  return toPackDto(row);
}
