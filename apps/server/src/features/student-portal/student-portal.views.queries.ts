// Reads of 'Můj výcvik' (issue 19 §2) for the student proven by the student rung: every statement is filtered by the
// proven school AND student, and what it joins (teacher, car) is matched on (school_id, id).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ProvenStudent } from '../../lib/tenant.ts';

const { drivingLessonRecords: r, teachingLessonRecords: l, schoolMembers, schoolCars, students, schools } = schema;

/** The kinds of item a student takes part in (a car reservation has no student). */
export const STUDENT_RIDE_TYPES = ['DRIVING', 'PV_UV', 'PV_ZP'] as const;

/** The student's rides and PV lessons with teacher and car, whether signed (not the pictures) and the server times. */
export function listStudentRides(db: DbOrTx, { schoolId, studentId }: ProvenStudent) {
  return db
    .select({
      id: r.id,
      type: r.type,
      state: r.state,
      startTime: r.startTime,
      endTime: r.endTime,
      length: r.length,
      tachometerBefore: r.tachometerBefore,
      tachometerAfter: r.tachometerAfter,
      studentSigned: sql<boolean>`(${r.signature} is not null)`,
      teacherSigned: sql<boolean>`(${r.teacherSignature} is not null)`,
      recordedAt: r.recordedAt,
      signedAt: r.signedAt,
      teacherSignedAt: r.teacherSignedAt,
      changedAfterSigningAt: r.changedAfterSigningAt,
      bookedByStudentAt: r.bookedByStudentAt,
      teacher: { firstName: schoolMembers.firstName, lastName: schoolMembers.lastName },
      car: { carType: schoolCars.carType, regNumber: schoolCars.regNumber },
    })
    .from(r)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
    .leftJoin(schoolCars, and(eq(schoolCars.schoolId, r.schoolId), eq(schoolCars.id, r.schoolCarId)))
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId), inArray(r.type, [...STUDENT_RIDE_TYPES])))
    .orderBy(asc(r.startTime), asc(r.id));
}

/** The student's dated theory lessons (Výuka) with the teacher; undated rows are the plan's, not lessons yet. */
export function listStudentLessons(db: DbOrTx, { schoolId, studentId }: ProvenStudent) {
  return db
    .select({
      id: l.id,
      type: l.type,
      position: l.position,
      date: l.date,
      topic: l.topic,
      attendedAt: l.attendedAt,
      teacher: { firstName: schoolMembers.firstName, lastName: schoolMembers.lastName },
    })
    .from(l)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, l.schoolId), eq(schoolMembers.id, l.teacherId)))
    .where(and(eq(l.schoolId, schoolId), eq(l.studentId, studentId), isNotNull(l.date)))
    .orderBy(asc(l.date), asc(l.type), asc(l.position));
}

/** What the QR Platba of the balance needs: the school's IBAN and the student's name and registration number. */
export async function findPaymentTarget(db: DbOrTx, { schoolId, studentId }: ProvenStudent) {
  const [row] = await db
    .select({
      iban: schools.operatorBankIban,
      firstName: students.firstName,
      lastName: students.lastName,
      registrationNumber: students.registrationNumber,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}
