// Reads and writes of 'Převod žáka' (issue 22 §4), with the school filter inside each statement: the school's signing
// key, the student's record as the legal minimum counts it (attended theory lessons dated up to the day; rides and PV
// lessons COMPLETED that ended by the moment), and the imported records with their hours.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { PLAN_ITEMS, type PlanItem } from '@volant/shared/lesson-plan/law';
import type { CalendarDate } from '@volant/shared/school-time';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';
import type { SigningKey } from './transfer.signing.ts';

const {
  schools,
  students,
  schoolMembers: members,
  schoolCars: cars,
  teachingLessonRecords: lessons,
  drivingLessonRecords: rides,
  exams,
  examSignUps: signUps,
  schoolSigningKeys: keys,
  studentPriorTrainings: priors,
  studentPriorHours: priorHours,
} = schema;

export async function findSigningKey(db: DbOrTx, schoolId: SchoolId): Promise<SigningKey | null> {
  const [row] = await db
    .select({ publicKey: keys.publicKey, privateKey: keys.privateKey, keyFingerprint: keys.keyFingerprint })
    .from(keys)
    .where(eq(keys.schoolId, schoolId));
  return row ?? null;
}

/** Stores the key unless the school has one already (two first exports at once keep the first); returns the school's key. */
export async function insertSigningKey(db: DbOrTx, schoolId: SchoolId, key: SigningKey): Promise<SigningKey> {
  await db
    .insert(keys)
    .values({ schoolId, ...key })
    .onConflictDoNothing({ target: keys.schoolId });
  const stored = await findSigningKey(db, schoolId);
  if (!stored) throw new Error('the signing key was not stored');
  return stored;
}

/** Replaces a legacy plaintext private key by its sealed form (only if it is still that plaintext). */
export async function sealSigningKey(db: DbOrTx, schoolId: SchoolId, plaintext: string, sealed: string) {
  await db
    .update(keys)
    .set({ privateKey: sealed })
    .where(and(eq(keys.schoolId, schoolId), eq(keys.privateKey, plaintext)));
}

export async function findTransferSchool(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db
    .select({
      name: schools.name,
      companyNumber: schools.operatorCompanyNumber,
      street: schools.street,
      streetCode: schools.streetCode,
      city: schools.city,
      postCode: schools.postCode,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row ?? null;
}

export async function findTransferStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      birthDate: students.birthDate,
      registrationNumber: students.registrationNumber,
      groups: students.groups,
      trainingKind: students.trainingKind,
      trainingType: students.trainingType,
      admittedAt: students.admittedAt,
      dateOfInProgress: students.dateOfInProgress,
      dateOfFinished: students.dateOfFinished,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)));
  return row ?? null;
}

const teacherName = (m: typeof members) => sql<string | null>`nullif(trim(concat_ws(' ', ${m.firstName}, ${m.lastName})), '')`;

/** The student's theory lessons marked attended, dated on or before `day`, oldest first. */
export function listAttendedLessons(db: DbOrTx, schoolId: SchoolId, studentId: string, day: CalendarDate) {
  return db
    .select({ section: lessons.type, date: lessons.date, teacher: teacherName(members) })
    .from(lessons)
    .leftJoin(members, and(eq(members.schoolId, lessons.schoolId), eq(members.id, lessons.teacherId)))
    .where(and(eq(lessons.schoolId, schoolId), eq(lessons.studentId, studentId), isNotNull(lessons.attendedAt), lte(lessons.date, day)))
    .orderBy(asc(lessons.date), asc(lessons.type), asc(lessons.position)) as Promise<
    { section: (typeof lessons.$inferSelect)['type']; date: string; teacher: string | null }[]
  >;
}

/** The student's rides and PV lessons COMPLETED that ended at or before `until`, oldest first. */
export function listCompletedRides(db: DbOrTx, schoolId: SchoolId, studentId: string, until: Date) {
  return db
    .select({
      kind: rides.type,
      start: rides.startTime,
      end: rides.endTime,
      minutes: rides.length,
      car: cars.regNumber,
      teacher: teacherName(members),
      before: rides.tachometerBefore,
      after: rides.tachometerAfter,
      studentSigned: sql<boolean>`${rides.signature} is not null`,
      teacherSigned: sql<boolean>`${rides.teacherSignature} is not null`,
    })
    .from(rides)
    .leftJoin(members, and(eq(members.schoolId, rides.schoolId), eq(members.id, rides.teacherId)))
    .leftJoin(cars, and(eq(cars.schoolId, rides.schoolId), eq(cars.id, rides.schoolCarId)))
    .where(
      and(
        eq(rides.schoolId, schoolId),
        eq(rides.studentId, studentId),
        eq(rides.state, 'COMPLETED'),
        inArray(rides.type, ['DRIVING', 'PV_UV', 'PV_ZP']),
        lte(rides.endTime, until),
      ),
    )
    .orderBy(asc(rides.startTime), asc(rides.id));
}

/** The student's exam sign-ups (attempts) with their results, oldest first. */
export function listExamAttempts(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select({ date: exams.date, type: signUps.type, group: signUps.group, attempt: signUps.attempt, result: signUps.result })
    .from(signUps)
    .innerJoin(exams, and(eq(exams.schoolId, signUps.schoolId), eq(exams.id, signUps.examId)))
    .where(and(eq(signUps.schoolId, schoolId), eq(signUps.studentId, studentId)))
    .orderBy(asc(exams.date), asc(signUps.type), asc(signUps.attempt));
}

/** The school's visible student's id, or null. */
export async function studentVisible(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)));
  return row ?? null;
}

/** The import of this document in the school (any student), if there is one. */
export async function findImport(db: DbOrTx, schoolId: SchoolId, documentHash: string) {
  const [row] = await db
    .select({ id: priors.id, studentId: priors.studentId, createdAt: priors.createdAt })
    .from(priors)
    .where(and(eq(priors.schoolId, schoolId), eq(priors.documentHash, documentHash)));
  return row ?? null;
}

/**
 * What the school knows of a key and an issuer from its earlier imports: how many records it took signed by this key,
 * and the other keys it saw from a school of the same name or IČO (a changed key is worth a second look).
 */
export async function keyHistory(db: DbOrTx, schoolId: SchoolId, keyFingerprint: string, issuer: { name: string; companyNumber: string | null }) {
  const [same] = await db
    .select({ n: sql<number>`count(*)::int`, names: sql<string[]>`coalesce(array_agg(distinct ${priors.issuingSchoolName}), '{}')` })
    .from(priors)
    .where(and(eq(priors.schoolId, schoolId), eq(priors.keyFingerprint, keyFingerprint)));
  const sameIssuer = issuer.companyNumber
    ? or(eq(priors.issuingSchoolName, issuer.name), eq(priors.issuingSchoolCompanyNumber, issuer.companyNumber))
    : eq(priors.issuingSchoolName, issuer.name);
  const other = await db
    .selectDistinct({ keyFingerprint: priors.keyFingerprint })
    .from(priors)
    .where(and(eq(priors.schoolId, schoolId), sameIssuer, ne(priors.keyFingerprint, keyFingerprint)));
  return { importsWithKey: Number(same?.n ?? 0), namesWithKey: same?.names ?? [], otherKeysOfIssuer: other.map((o) => o.keyFingerprint) };
}

export interface PriorHoursRow {
  item: PlanItem;
  lessons: number;
  minutes: number;
}

/** Stores an imported record with its hours; null when the school imported this document before (nothing added). */
export async function insertPriorTraining(
  db: DbOrTx,
  schoolId: SchoolId,
  row: Omit<typeof priors.$inferInsert, 'schoolId' | 'id' | 'createdAt'>,
  hours: PriorHoursRow[],
) {
  const [inserted] = await db
    .insert(priors)
    .values({ ...row, schoolId })
    .onConflictDoNothing({ target: [priors.schoolId, priors.documentHash] })
    .returning({ id: priors.id });
  if (!inserted) return null;
  if (hours.length > 0) await db.insert(priorHours).values(hours.map((h) => ({ schoolId, priorTrainingId: inserted.id, studentId: row.studentId, ...h })));
  return inserted;
}

/** The student's imported records with their hours, oldest first. */
export async function listPriorTrainings(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const rows = await db
    .select({
      id: priors.id,
      issuingSchoolName: priors.issuingSchoolName,
      issuingSchoolCompanyNumber: priors.issuingSchoolCompanyNumber,
      keyFingerprint: priors.keyFingerprint,
      issuedAt: priors.issuedAt,
      createdAt: priors.createdAt,
    })
    .from(priors)
    .where(and(eq(priors.schoolId, schoolId), eq(priors.studentId, studentId)))
    .orderBy(asc(priors.createdAt), asc(priors.id));
  if (rows.length === 0) return [];
  const hours = await db
    .select({ priorTrainingId: priorHours.priorTrainingId, item: priorHours.item, lessons: priorHours.lessons, minutes: priorHours.minutes })
    .from(priorHours)
    .where(
      and(
        eq(priorHours.schoolId, schoolId),
        inArray(
          priorHours.priorTrainingId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const order = (item: PlanItem) => PLAN_ITEMS.indexOf(item);
  return rows.map((r) => ({
    ...r,
    hours: hours
      .filter((h) => h.priorTrainingId === r.id)
      .sort((x, y) => order(x.item) - order(y.item))
      .map(({ item, lessons, minutes }) => ({ item, lessons, minutes })),
  }));
}
