import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, desc, eq, like, ne, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { autoChargeSettings, drivingLessonRecords: rides, schoolPriceExtras, studentCharges } = schema;

export async function findAutoChargeSettings(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select().from(autoChargeSettings).where(eq(autoChargeSettings.schoolId, schoolId)).limit(1);
  return { examRepeat: row?.examRepeat ?? false, extraRides: row?.extraRides ?? false };
}

/** Sets the switches given; one left out keeps its value (a new row: off). */
export async function upsertAutoChargeSettings(tx: DbOrTx, schoolId: SchoolId, set: { examRepeat?: boolean; extraRides?: boolean }, now: Date) {
  await tx
    .insert(autoChargeSettings)
    .values({ schoolId, examRepeat: set.examRepeat ?? false, extraRides: set.extraRides ?? false, updatedAt: now })
    .onConflictDoUpdate({ target: autoChargeSettings.schoolId, set: { ...set, updatedAt: now } });
}

export async function findExtraPrice(db: DbOrTx, schoolId: SchoolId, item: 'EXAM_REPEAT' | 'EXTRA_RIDE') {
  const [row] = await db
    .select({ price: schoolPriceExtras.price })
    .from(schoolPriceExtras)
    .where(and(eq(schoolPriceExtras.schoolId, schoolId), eq(schoolPriceExtras.item, item)))
    .limit(1);
  return row;
}

/** Inserts the charge unless one with its source key exists (then undefined). */
export async function insertAutoCharge(tx: DbOrTx, schoolId: SchoolId, values: Omit<typeof studentCharges.$inferInsert, 'schoolId'>) {
  const [row] = await tx
    .insert(studentCharges)
    .values({ ...values, schoolId })
    .onConflictDoNothing()
    .returning({ id: studentCharges.id });
  return row;
}

/** The source key of a ride's automatic charge. */
export const rideSourceKey = (rideId: string) => `ride:${rideId}`;

/** Serializes the extra-ride charges of one student (two rides registered at once see each other's minutes). */
export async function lockStudentExtraRides(tx: DbOrTx, studentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`extra-rides:${studentId}`}))::text`);
}

/** Minutes of the student's completed rides (driving only, not PV lessons), leaving out one ride when given. */
export async function sumCompletedDrivingMinutes(db: DbOrTx, schoolId: SchoolId, studentId: string, exceptRideId: string | null) {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${rides.length}), 0)::int` })
    .from(rides)
    .where(
      and(
        eq(rides.schoolId, schoolId),
        eq(rides.studentId, studentId),
        eq(rides.type, 'DRIVING'),
        eq(rides.state, 'COMPLETED'),
        exceptRideId ? ne(rides.id, exceptRideId) : undefined,
      ),
    );
  return Number(row?.minutes ?? 0);
}

/** The student's automatic extra-ride charges, newest first. */
export function listExtraRideCharges(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select()
    .from(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.studentId, studentId), like(studentCharges.sourceKey, 'ride:%')))
    .orderBy(desc(studentCharges.chargedOn), desc(studentCharges.createdAt), desc(studentCharges.id));
}

/** Removes one automatic charge by its source key (undefined when none). */
export async function deleteChargeBySource(tx: DbOrTx, schoolId: SchoolId, studentId: string, sourceKey: string) {
  const [row] = await tx
    .delete(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.studentId, studentId), eq(studentCharges.sourceKey, sourceKey)))
    .returning();
  return row;
}

export async function deleteChargeById(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .delete(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.id, id)))
    .returning();
  return row;
}

export async function setChargeQuantity(tx: DbOrTx, schoolId: SchoolId, id: string, quantity: number) {
  await tx
    .update(studentCharges)
    .set({ quantity })
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.id, id)));
}
