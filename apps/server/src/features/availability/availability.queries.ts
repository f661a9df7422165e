// A teacher's 'Dostupnost' rows (issue 19 §3): weekly intervals, absences and usual cars. Every statement is filtered by
// the proven school; the composite foreign keys keep a teacher or car of another school out even if a caller slipped.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';
import { TEACHING_ROLES } from '../school/teacher.queries.ts';

const { teacherAvailability, teacherAbsences, teacherCars, schoolMembers, schoolCars } = schema;

export type AvailabilityRow = Pick<typeof teacherAvailability.$inferSelect, 'weekday' | 'startMinute' | 'endMinute'>;
export type AbsenceRow = Pick<typeof teacherAbsences.$inferSelect, 'id' | 'fromDate' | 'toDate' | 'note'>;

/** An active member of the school who teaches (ADMIN, TEACHER, PARAMEDIC); a teacher may have no login. */
export async function findTeachingMember(db: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await db
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(
      and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId), eq(schoolMembers.isActive, true), inArray(schoolMembers.role, TEACHING_ROLES)),
    )
    .limit(1);
  return row;
}

/** Locks the teacher's member row, so two replacements of one week or car list queue instead of interleaving. */
export async function lockTeachingMember(tx: DbOrTx, schoolId: SchoolId, memberId: string) {
  const [row] = await tx
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .where(
      and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.id, memberId), eq(schoolMembers.isActive, true), inArray(schoolMembers.role, TEACHING_ROLES)),
    )
    .for('update')
    .limit(1);
  return row;
}

export function listWeek(db: DbOrTx, schoolId: SchoolId, teacherId: string): Promise<AvailabilityRow[]> {
  return db
    .select({ weekday: teacherAvailability.weekday, startMinute: teacherAvailability.startMinute, endMinute: teacherAvailability.endMinute })
    .from(teacherAvailability)
    .where(and(eq(teacherAvailability.schoolId, schoolId), eq(teacherAvailability.teacherId, teacherId)))
    .orderBy(asc(teacherAvailability.weekday), asc(teacherAvailability.startMinute));
}

/** Every teacher's week of the school (for the slot search): rows with their teacher. */
export function listSchoolWeeks(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({
      teacherId: teacherAvailability.teacherId,
      weekday: teacherAvailability.weekday,
      startMinute: teacherAvailability.startMinute,
      endMinute: teacherAvailability.endMinute,
    })
    .from(teacherAvailability)
    .where(eq(teacherAvailability.schoolId, schoolId))
    .orderBy(asc(teacherAvailability.teacherId), asc(teacherAvailability.weekday), asc(teacherAvailability.startMinute));
}

export async function replaceWeek(tx: DbOrTx, schoolId: SchoolId, teacherId: string, intervals: readonly AvailabilityRow[]) {
  await tx.delete(teacherAvailability).where(and(eq(teacherAvailability.schoolId, schoolId), eq(teacherAvailability.teacherId, teacherId)));
  if (intervals.length) await tx.insert(teacherAvailability).values(intervals.map((i) => ({ ...i, schoolId, teacherId })));
}

/** The school's absences that touch [fromDate, toDate] (both inclusive), with their teacher (the calendar's shading). */
export function listSchoolAbsences(db: DbOrTx, schoolId: SchoolId, fromDate: string, toDate: string) {
  return db
    .select({ teacherId: teacherAbsences.teacherId, fromDate: teacherAbsences.fromDate, toDate: teacherAbsences.toDate })
    .from(teacherAbsences)
    .where(and(eq(teacherAbsences.schoolId, schoolId), lte(teacherAbsences.fromDate, toDate), gte(teacherAbsences.toDate, fromDate)))
    .orderBy(asc(teacherAbsences.teacherId), asc(teacherAbsences.fromDate));
}

export function listAbsences(db: DbOrTx, schoolId: SchoolId, teacherId: string): Promise<AbsenceRow[]> {
  return db
    .select({ id: teacherAbsences.id, fromDate: teacherAbsences.fromDate, toDate: teacherAbsences.toDate, note: teacherAbsences.note })
    .from(teacherAbsences)
    .where(and(eq(teacherAbsences.schoolId, schoolId), eq(teacherAbsences.teacherId, teacherId)))
    .orderBy(asc(teacherAbsences.fromDate), asc(teacherAbsences.id));
}

export async function insertAbsence(tx: DbOrTx, schoolId: SchoolId, teacherId: string, values: Omit<AbsenceRow, 'id'>) {
  const [row] = await tx
    .insert(teacherAbsences)
    .values({ ...values, schoolId, teacherId })
    .returning({ id: teacherAbsences.id, fromDate: teacherAbsences.fromDate, toDate: teacherAbsences.toDate, note: teacherAbsences.note });
  return row;
}

export async function deleteAbsence(tx: DbOrTx, schoolId: SchoolId, teacherId: string, absenceId: string) {
  const [row] = await tx
    .delete(teacherAbsences)
    .where(and(eq(teacherAbsences.schoolId, schoolId), eq(teacherAbsences.teacherId, teacherId), eq(teacherAbsences.id, absenceId)))
    .returning({ id: teacherAbsences.id, fromDate: teacherAbsences.fromDate, toDate: teacherAbsences.toDate, note: teacherAbsences.note });
  return row;
}

/** The teacher's usual cars, by plate. */
export function listTeacherCars(db: DbOrTx, schoolId: SchoolId, teacherId: string) {
  return db
    .select({ schoolCarId: teacherCars.schoolCarId, regNumber: schoolCars.regNumber, carType: schoolCars.carType, retiredAt: schoolCars.retiredAt })
    .from(teacherCars)
    .innerJoin(schoolCars, and(eq(schoolCars.schoolId, teacherCars.schoolId), eq(schoolCars.id, teacherCars.schoolCarId)))
    .where(and(eq(teacherCars.schoolId, schoolId), eq(teacherCars.teacherId, teacherId)))
    .orderBy(asc(schoolCars.regNumber), asc(schoolCars.id));
}

/** How many of the ids are the school's cars in service (not retired). */
export async function countActiveCars(db: DbOrTx, schoolId: SchoolId, ids: readonly string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: schoolCars.id })
    .from(schoolCars)
    .where(and(eq(schoolCars.schoolId, schoolId), inArray(schoolCars.id, [...ids]), isNull(schoolCars.retiredAt)));
  return rows.length;
}

export async function replaceTeacherCars(tx: DbOrTx, schoolId: SchoolId, teacherId: string, schoolCarIds: readonly string[]) {
  await tx.delete(teacherCars).where(and(eq(teacherCars.schoolId, schoolId), eq(teacherCars.teacherId, teacherId)));
  if (schoolCarIds.length) await tx.insert(teacherCars).values(schoolCarIds.map((schoolCarId) => ({ schoolId, teacherId, schoolCarId })));
}
