// The student pass: reads and row writes. Every statement names its school; the pass's own school id comes from the
// school gate (staff) or from a checked pass code (student-pass.service.ts).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const {
  schools,
  students,
  studentPassSignatures: signatures,
  studentPassAddressAttempts: addressAttempts,
  studentPassAttempts: passAttempts,
  drivingLessonRecords: r,
  schoolMembers,
} = schema;

/** The school whose pass code this is (normalised: upper case), when exactly one has it. */
export async function findSchoolIdByPassCode(db: DbOrTx, code: string): Promise<string | undefined> {
  const rows = await db.select({ id: schools.id }).from(schools).where(sql`upper(${schools.passCode}) = ${code}`).limit(2);
  return rows.length === 1 ? rows[0].id : undefined;
}

/** Whether a school other than `schoolId` has this pass code (a new code must name one school). */
export async function isSchoolPassCodeTaken(db: DbOrTx, code: string, schoolId: SchoolId): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(and(sql`upper(${schools.passCode}) = ${code}`, sql`${schools.id} <> ${schoolId}`))
    .limit(1);
  return rows.length > 0;
}

/**
 * The address's count of wrong codes, its row held (FOR UPDATE) until the transaction ends, so attempts sent at once
 * from one address are looked at one after another and each sees the wait the previous one set. The row is made on
 * the address's first attempt (a burst of first attempts must queue too).
 */
export async function holdAddressAttempts(tx: DbOrTx, address: string) {
  await tx.insert(addressAttempts).values({ address }).onConflictDoNothing();
  const [row] = await tx
    .select({ failures: addressAttempts.failures, lastFailedAt: addressAttempts.lastFailedAt, blockedUntil: addressAttempts.blockedUntil })
    .from(addressAttempts)
    .where(eq(addressAttempts.address, address))
    .for('update');
  return row;
}

export async function setAddressAttempts(tx: DbOrTx, address: string, values: { failures: number; lastFailedAt: Date; blockedUntil: Date | null }) {
  await tx.update(addressAttempts).set(values).where(eq(addressAttempts.address, address));
}

/**
 * Counts one wrong code on an existing student's pass in one statement (parallel guesses each take a place) and
 * returns the count; a count whose last wrong code is older than `forgetBefore` starts again at 1.
 */
export async function countPassFailure(db: DbOrTx, schoolId: string, studentId: string, now: Date, forgetBefore: Date): Promise<number> {
  const [row] = await db
    .insert(passAttempts)
    .values({ schoolId, studentId, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [passAttempts.schoolId, passAttempts.studentId],
      set: {
        failures: sql`case when ${passAttempts.lastFailedAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${passAttempts.failures} + 1 end`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: passAttempts.failures });
  return row.failures;
}

/** The (not removed) student with this registration number in the school, with the code to compare. */
export async function findPassStudent(db: DbOrTx, schoolId: string, registrationNumber: string) {
  const [row] = await db
    .select({ id: students.id, secretCode: students.secretCode })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.registrationNumber, registrationNumber), isNull(students.removedAt)))
    .limit(1);
  return row;
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
