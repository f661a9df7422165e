// Follow-ups of ride writes that belong to higher domains (ARCHITECTURE "Lower to higher"), like the student hooks:
// `driving-lessons-record` imports no payments; a higher domain exports its RideHooks from its own module and
// events/ride-hooks.ts lists them. Every write that changes a ride (the office's create, update and delete, and
// 'Zaevidovat' in Můj den) calls `rideChanged` INSIDE its transaction with the ride before and after, so a failing
// hook rolls the write back and a follow-up never sees a write that did not commit.
import type { DbOrTx } from '@volant/db/client';
import type { SchoolId } from '../../lib/tenant.ts';
import type { After } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { rideHooks } from '../../events/ride-hooks.ts';
import type { RecordRow, RecordValues } from './driving-lessons-record.queries.ts';

/** What a follow-up may read of a ride: the facts that decide what it counts for. */
export type RideFacts = Pick<RecordRow, 'type' | 'state' | 'studentId' | 'startTime' | 'endTime' | 'length'>;

/** The facts of the values a write sets (a state left out is the column's default, SCHEDULED). */
export const rideFacts = (v: Pick<RecordValues, keyof RideFacts>): RideFacts => ({
  type: v.type,
  state: v.state ?? 'SCHEDULED',
  studentId: v.studentId ?? null,
  startTime: v.startTime,
  endTime: v.endTime,
  length: v.length,
});

export interface RideChanged {
  schoolId: SchoolId;
  /** Null for a job or the system. */
  userId: string | null;
  rideId: string;
  /** Null: the ride is new. */
  before: RideFacts | null;
  /** Null: the ride was deleted. */
  after: RideFacts | null;
}

export interface RideHooks {
  onRideChanged?: (deps: AppDeps, tx: DbOrTx, after: After, change: RideChanged) => Promise<void>;
}

export async function rideChanged(deps: AppDeps, tx: DbOrTx, after: After, change: RideChanged) {
  for (const hooks of rideHooks()) await hooks.onRideChanged?.(deps, tx, after, change);
}
