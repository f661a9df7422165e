import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { schoolCars, drivingLessonRecords } = schema;

export type SchoolCarRow = typeof schoolCars.$inferSelect;
export type SchoolCarValues = Pick<typeof schoolCars.$inferInsert, 'carType' | 'regNumber' | 'targetGroup' | 'stkValidUntil'>;

/** The school's cars, active first, then by plate. */
export function listSchoolCars(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select()
    .from(schoolCars)
    .where(eq(schoolCars.schoolId, schoolId))
    .orderBy(sql`${schoolCars.retiredAt} is not null`, asc(schoolCars.regNumber), asc(schoolCars.id));
}

export async function findSchoolCar(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select()
    .from(schoolCars)
    .where(and(eq(schoolCars.schoolId, schoolId), eq(schoolCars.id, id)))
    .limit(1);
  return row;
}

export async function insertSchoolCar(tx: DbOrTx, schoolId: SchoolId, values: SchoolCarValues) {
  const [row] = await tx
    .insert(schoolCars)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function updateSchoolCarRow(tx: DbOrTx, schoolId: SchoolId, id: string, values: Partial<SchoolCarValues> & { retiredAt?: Date | null }) {
  const [row] = await tx
    .update(schoolCars)
    .set(values)
    .where(and(eq(schoolCars.schoolId, schoolId), eq(schoolCars.id, id)))
    .returning();
  return row;
}

/** Whether another active car of the school has the plate (the partial unique index holds it too). */
export async function activePlateTaken(db: DbOrTx, schoolId: SchoolId, regNumber: string, exceptId?: string) {
  const [row] = await db
    .select({ id: schoolCars.id })
    .from(schoolCars)
    .where(
      and(
        eq(schoolCars.schoolId, schoolId),
        eq(schoolCars.regNumber, regNumber),
        isNull(schoolCars.retiredAt),
        exceptId ? sql`${schoolCars.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function schoolCarHasRecords(db: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await db
    .select({ id: drivingLessonRecords.id })
    .from(drivingLessonRecords)
    .where(and(eq(drivingLessonRecords.schoolId, schoolId), eq(drivingLessonRecords.schoolCarId, id)))
    .limit(1);
  return !!row;
}

export async function deleteSchoolCar(tx: DbOrTx, schoolId: SchoolId, id: string) {
  const [row] = await tx
    .delete(schoolCars)
    .where(and(eq(schoolCars.schoolId, schoolId), eq(schoolCars.id, id)))
    .returning({ id: schoolCars.id });
  return row;
}
