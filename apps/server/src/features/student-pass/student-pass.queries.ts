// The student pass: reads and row writes. Every statement names its school; the pass's own school id comes from the
// school gate (staff) or from the pass rung (a checked pass code: gate/pass-check.ts).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { schools, students, studentPassSignatures: signatures, drivingLessonRecords: r, schoolMembers } = schema;

/** Whether a school other than `schoolId` has this pass code (a new code must name one school). */
export async function isSchoolPassCodeTaken(db: DbOrTx, code: string, schoolId: SchoolId): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(sql`upper(${schools.passCode}) = ${code}`, sql`${schools.id} <> ${schoolId}`))
    .limit(1);
  return rows.length > 0;
}

/** What the pass shows of the school and the student, with the student's signature, in one statement. */
export async function findPassView(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({
      schoolId: schools.id,
      schoolName: schools.name,
      schoolNumber: schools.number,
      schoolStreet: schools.street,
      schoolStreetCode: schools.streetCode,
      schoolCity: schools.city,
      schoolPostCode: schools.postCode,
      operatorName: schools.operatorName,
      operatorCompanyNumber: schools.operatorCompanyNumber,
      operatorStreet: schools.operatorStreet,
      operatorStreetCode: schools.operatorStreetCode,
      operatorCity: schools.operatorCity,
      operatorPostCode: schools.operatorPostCode,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      degree: students.degree,
      registrationNumber: students.registrationNumber,
      groups: students.groups,
      currentGroups: students.currentGroups,
      signature: signatures.signature,
      signedAt: signatures.signedAt,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(signatures, and(eq(signatures.schoolId, students.schoolId), eq(signatures.studentId, students.id)))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}
export type PassViewRow = NonNullable<Awaited<ReturnType<typeof findPassView>>>;

/** The student's rides and PV lessons with the student's signature picture and the teacher's name, by start. */
export async function listPassRides(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select({
      id: r.id,
      type: r.type,
      state: r.state,
      startTime: r.startTime,
      endTime: r.endTime,
      length: r.length,
      signature: r.signature,
      teacherFirstName: schoolMembers.firstName,
      teacherLastName: schoolMembers.lastName,
      teacherDegree: schoolMembers.degree,
    })
    .from(r)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, r.schoolId), eq(schoolMembers.id, r.teacherId)))
    .where(and(eq(r.schoolId, schoolId), eq(r.studentId, studentId)))
    .orderBy(asc(r.startTime), asc(r.id));
}
export type PassRideRow = Awaited<ReturnType<typeof listPassRides>>[number];

export async function upsertPassSignature(tx: DbOrTx, schoolId: SchoolId, studentId: string, signature: string, now: Date) {
  const [row] = await tx
    .insert(signatures)
    .values({ schoolId, studentId, signature, signedAt: now })
    .onConflictDoUpdate({ target: [signatures.schoolId, signatures.studentId], set: { signature, signedAt: now } })
    .returning({ signedAt: signatures.signedAt });
  return row;
}

/**
 * What the share dialog and the e-mail need: the student's number, code and e-mail, the school's code and name.
 * `lock` holds the student's row until the transaction ends (the code mailed is the code in force).
 */
export async function findShareInfo(db: DbOrTx, schoolId: SchoolId, studentId: string, lock = false) {
  const query = db
    .select({
      registrationNumber: students.registrationNumber,
      secretCode: students.secretCode,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      degree: students.degree,
      schoolCode: schools.passCode,
      schoolName: schools.name,
    })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('update', { of: students }) : query);
  return row;
}

export async function setStudentSecretCode(tx: DbOrTx, schoolId: SchoolId, studentId: string, code: string, now: Date) {
  const [row] = await tx
    .update(students)
    .set({ secretCode: code, updatedAt: now })
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .returning({ id: students.id });
  return row;
}

export async function findSchoolPassCode(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select({ schoolCode: schools.passCode }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row;
}

export async function setSchoolPassCode(tx: DbOrTx, schoolId: SchoolId, code: string, now: Date) {
  const [row] = await tx.update(schools).set({ passCode: code, updatedAt: now }).where(eq(schools.id, schoolId)).returning({ schoolCode: schools.passCode });
  return row;
}
