// Reads of the driving-training record: the student's registered rides with their vehicle and teacher.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { drivingLessonRecords: rides, schoolCars, schoolMembers } = schema;

/**
 * Registered (COMPLETED) rides of the student that ended by `until` (the document's moment: a future ride is never
 * listed, issue 17), by vehicle then time; a ride's vehicle and teacher may be missing.
 */
export function listRegisteredRides(db: DbOrTx, schoolId: SchoolId, studentId: string, until: Date) {
  return db
    .select({
      id: rides.id,
      startTime: rides.startTime,
      endTime: rides.endTime,
      length: rides.length,
      tachometerBefore: rides.tachometerBefore,
      tachometerAfter: rides.tachometerAfter,
      signature: rides.signature,
      teacherSignature: rides.teacherSignature,
      note: rides.note,
      carId: rides.schoolCarId,
      carType: schoolCars.carType,
      regNumber: schoolCars.regNumber,
      teacher: sql<string | null>`nullif(concat_ws(' ', ${schoolMembers.degree}, ${schoolMembers.firstName}, ${schoolMembers.lastName}), '')`,
    })
    .from(rides)
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, rides.schoolId), eq(schoolCars.id, rides.schoolCarId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, rides.schoolId), eq(schoolMembers.id, rides.teacherId)))
    .where(
      and(eq(rides.schoolId, schoolId), eq(rides.studentId, studentId), eq(rides.type, 'DRIVING'), eq(rides.state, 'COMPLETED'), lte(rides.endTime, until)),
    )
    .orderBy(asc(rides.startTime), asc(rides.id));
}
