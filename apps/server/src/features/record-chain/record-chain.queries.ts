// Reads and writes of the record chain (issue 22 §1). Every statement names the school. The head row is locked FOR
// UPDATE in the write's transaction before anything is appended, so one school's appends run one after another.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { RecordChainEntityType, RecordChainKind } from '@volant/shared/record-chain/format';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';
import type { ExamResultRow, LessonRow, RideRow, StoredEntry, TrainingDatesRow } from './record-chain.rules.ts';

const { recordChainHeads, recordChainEntries, drivingLessonRecords, teachingLessonRecords, examSignUps, students, schoolMembers } = schema;

// ——— the head ———

/** Creates the school's head when missing; true when this call created it (the chain starts now: genesis). */
export async function createHead(tx: DbOrTx, schoolId: SchoolId, genesisHash: string, now: Date) {
  const rows = await tx
    .insert(recordChainHeads)
    .values({ schoolId, lastSeq: 0, lastHash: genesisHash, startedAt: now })
    .onConflictDoNothing()
    .returning({ schoolId: recordChainHeads.schoolId });
  return rows.length > 0;
}

/** Schools whose chain has not started (no head yet), a batch at a time: the genesis sweep's work. */
export async function listSchoolsWithoutChain(db: DbOrTx, limit: number) {
  const rows = await db
    .select({ id: schema.schools.id })
    .from(schema.schools)
    .leftJoin(recordChainHeads, eq(recordChainHeads.schoolId, schema.schools.id))
    .where(sql`${recordChainHeads.schoolId} is null`)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function lockHead(tx: DbOrTx, schoolId: SchoolId) {
  const [row] = await tx.select().from(recordChainHeads).where(eq(recordChainHeads.schoolId, schoolId)).for('update');
  return row;
}

export async function findHead(db: DbOrTx, schoolId: SchoolId) {
  const [row] = await db.select().from(recordChainHeads).where(eq(recordChainHeads.schoolId, schoolId));
  return row;
}

export async function moveHead(tx: DbOrTx, schoolId: SchoolId, lastSeq: number, lastHash: string) {
  await tx.update(recordChainHeads).set({ lastSeq, lastHash }).where(eq(recordChainHeads.schoolId, schoolId));
}

export type NewEntry = StoredEntry & { schoolId: SchoolId };

export async function insertEntries(tx: DbOrTx, entries: NewEntry[]) {
  for (let i = 0; i < entries.length; i += 500) await tx.insert(recordChainEntries).values(entries.slice(i, i + 500));
}

// ——— the entries ———

const entryColumns = {
  seq: recordChainEntries.seq,
  kind: recordChainEntries.kind,
  entityType: recordChainEntries.entityType,
  entityId: recordChainEntries.entityId,
  studentId: recordChainEntries.studentId,
  content: recordChainEntries.content,
  recordedAt: recordChainEntries.recordedAt,
  userId: recordChainEntries.userId,
  who: recordChainEntries.who,
  reason: recordChainEntries.reason,
  prevHash: recordChainEntries.prevHash,
  hash: recordChainEntries.hash,
};

/** The whole chain of a school in seq order (the verifier's input). */
export async function listEntries(db: DbOrTx, schoolId: SchoolId): Promise<StoredEntry[]> {
  return (await db
    .select(entryColumns)
    .from(recordChainEntries)
    .where(eq(recordChainEntries.schoolId, schoolId))
    .orderBy(asc(recordChainEntries.seq))) as StoredEntry[];
}

/** The chain in pages of `limit` entries after `afterSeq` (the inspection pack's verification, read a page at a time). */
export async function listEntriesPage(db: DbOrTx, schoolId: SchoolId, afterSeq: number, limit: number): Promise<StoredEntry[]> {
  return (await db
    .select(entryColumns)
    .from(recordChainEntries)
    .where(and(eq(recordChainEntries.schoolId, schoolId), gt(recordChainEntries.seq, afterSeq)))
    .orderBy(asc(recordChainEntries.seq))
    .limit(limit)) as StoredEntry[];
}

/** The entity ids the chain knows for these students. */
export async function chainedEntitiesOfStudents(tx: DbOrTx, schoolId: SchoolId, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return tx
    .selectDistinct({ entityType: recordChainEntries.entityType, entityId: recordChainEntries.entityId })
    .from(recordChainEntries)
    .where(and(eq(recordChainEntries.schoolId, schoolId), inArray(recordChainEntries.studentId, studentIds)));
}

/** The latest entry of each of these entities. */
export async function latestEntries(tx: DbOrTx, schoolId: SchoolId, entityIds: string[]): Promise<StoredEntry[]> {
  if (entityIds.length === 0) return [];
  return (await tx
    .selectDistinctOn([recordChainEntries.entityType, recordChainEntries.entityId], entryColumns)
    .from(recordChainEntries)
    .where(and(eq(recordChainEntries.schoolId, schoolId), inArray(recordChainEntries.entityId, entityIds)))
    .orderBy(recordChainEntries.entityType, recordChainEntries.entityId, desc(recordChainEntries.seq))) as StoredEntry[];
}

/** A student's own entries (their place's fingerprints and corrections), oldest first. */
export async function listStudentEntries(db: DbOrTx, schoolId: SchoolId, studentId: string): Promise<StoredEntry[]> {
  return (await db
    .select(entryColumns)
    .from(recordChainEntries)
    .where(and(eq(recordChainEntries.schoolId, schoolId), eq(recordChainEntries.studentId, studentId)))
    .orderBy(asc(recordChainEntries.seq))) as StoredEntry[];
}

/** 'Opravy a rozpory': the corrections of a period, newest first, with the student's name. */
export async function listCorrections(db: DbOrTx, schoolId: SchoolId, from: Date, to: Date) {
  return db
    .select({ ...entryColumns, firstName: students.firstName, lastName: students.lastName })
    .from(recordChainEntries)
    .leftJoin(students, and(eq(students.schoolId, recordChainEntries.schoolId), eq(students.id, recordChainEntries.studentId)))
    .where(
      and(
        eq(recordChainEntries.schoolId, schoolId),
        eq(recordChainEntries.kind, 'CORRECTION' satisfies RecordChainKind),
        gte(recordChainEntries.recordedAt, from),
        lt(recordChainEntries.recordedAt, to),
      ),
    )
    .orderBy(desc(recordChainEntries.seq))
    .limit(1000);
}

// ——— the records now ———

const rideColumns = {
  id: drivingLessonRecords.id,
  type: drivingLessonRecords.type,
  state: drivingLessonRecords.state,
  studentId: drivingLessonRecords.studentId,
  teacherId: drivingLessonRecords.teacherId,
  schoolCarId: drivingLessonRecords.schoolCarId,
  startTime: drivingLessonRecords.startTime,
  endTime: drivingLessonRecords.endTime,
  length: drivingLessonRecords.length,
  tachometerBefore: drivingLessonRecords.tachometerBefore,
  tachometerAfter: drivingLessonRecords.tachometerAfter,
  note: drivingLessonRecords.note,
  signature: drivingLessonRecords.signature,
  teacherSignature: drivingLessonRecords.teacherSignature,
};
const lessonColumns = {
  id: teachingLessonRecords.id,
  studentId: teachingLessonRecords.studentId,
  type: teachingLessonRecords.type,
  position: teachingLessonRecords.position,
  teacherId: teachingLessonRecords.teacherId,
  date: teachingLessonRecords.date,
  topic: teachingLessonRecords.topic,
  attendedAt: teachingLessonRecords.attendedAt,
  groupLessonId: teachingLessonRecords.groupLessonId,
};
const examColumns = {
  id: examSignUps.id,
  examId: examSignUps.examId,
  studentId: examSignUps.studentId,
  type: examSignUps.type,
  group: examSignUps.group,
  attempt: examSignUps.attempt,
  result: examSignUps.result,
};
const datesColumns = { id: students.id, dateOfInProgress: students.dateOfInProgress, dateOfFinished: students.dateOfFinished };

export interface RecordRows {
  rides: RideRow[];
  lessons: LessonRow[];
  exams: ExamResultRow[];
  dates: TrainingDatesRow[];
}

/**
 * A ride with its signatures' SHA-256 worked out by the database (the hex of the UTF-8 text, as `sha256` in the rules)
 * instead of the pictures: what a whole school's verification reads, without every signature SVG crossing the wire.
 */
const rideHashedColumns = {
  ...rideColumns,
  signature: sql<null>`null`,
  teacherSignature: sql<null>`null`,
  signatureSha256: sql<string | null>`encode(sha256(convert_to(nullif(${drivingLessonRecords.signature}, ''), 'UTF8')), 'hex')`,
  teacherSignatureSha256: sql<string | null>`encode(sha256(convert_to(nullif(${drivingLessonRecords.teacherSignature}, ''), 'UTF8')), 'hex')`,
};

const counts = {
  ride: sql`(${drivingLessonRecords.state} <> 'SCHEDULED' or ${drivingLessonRecords.signature} is not null or ${drivingLessonRecords.teacherSignature} is not null)`,
};

/**
 * The records of these students, and those of these entity ids (a ride moved to another student): every ride (not a
 * reservation), theory hour, exam sign-up and the training dates. `all`: the school's records that count (genesis,
 * verification).
 */
export async function readRecords(tx: DbOrTx, schoolId: SchoolId, scope: { studentIds: string[]; entityIds: string[] } | 'all'): Promise<RecordRows> {
  if (scope === 'all') {
    const [rides, lessons, { exams, dates }] = await Promise.all([
      tx
        .select(rideHashedColumns)
        .from(drivingLessonRecords)
        .where(and(eq(drivingLessonRecords.schoolId, schoolId), ne(drivingLessonRecords.type, 'CAR_RESERVATION'), counts.ride)),
      tx
        .select(lessonColumns)
        .from(teachingLessonRecords)
        .where(and(eq(teachingLessonRecords.schoolId, schoolId), isNotNull(teachingLessonRecords.attendedAt))),
      readExamsAndDates(tx, schoolId),
    ]);
    return { rides, lessons, exams, dates };
  }
  const { studentIds, entityIds } = scope;
  const none = sql`false`;
  const byStudent = <T>(col: T) => (studentIds.length > 0 ? inArray(col as never, studentIds) : none);
  const byId = <T>(col: T) => (entityIds.length > 0 ? inArray(col as never, entityIds) : none);
  const rides = await tx
    .select(rideColumns)
    .from(drivingLessonRecords)
    .where(
      and(
        eq(drivingLessonRecords.schoolId, schoolId),
        ne(drivingLessonRecords.type, 'CAR_RESERVATION'),
        or(byStudent(drivingLessonRecords.studentId), byId(drivingLessonRecords.id)),
      ),
    );
  const lessons = await tx
    .select(lessonColumns)
    .from(teachingLessonRecords)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), or(byStudent(teachingLessonRecords.studentId), byId(teachingLessonRecords.id))));
  const exams = await tx
    .select(examColumns)
    .from(examSignUps)
    .where(and(eq(examSignUps.schoolId, schoolId), or(byStudent(examSignUps.studentId), byId(examSignUps.id))));
  const dates = await tx
    .select(datesColumns)
    .from(students)
    .where(and(eq(students.schoolId, schoolId), or(byStudent(students.id), byId(students.id))));
  return { rides, lessons, exams, dates };
}

/** The acting member's name in the school (for 'who'); null when the user is not a member. */
export async function memberName(tx: DbOrTx, schoolId: SchoolId, userId: string) {
  const [row] = await tx
    .select({ firstName: schoolMembers.firstName, lastName: schoolMembers.lastName })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}` : null;
}

/** The school's students' surnames (the report names records by them). */
/** The school's rides that count, a page after `after` in (start_time, id) order, signatures as their SHA-256. */
export async function readRidesPage(db: DbOrTx, schoolId: SchoolId, after: { startTime: Date; id: string } | null, limit: number) {
  const r = drivingLessonRecords;
  return db
    .select(rideHashedColumns)
    .from(r)
    .where(
      and(
        eq(r.schoolId, schoolId),
        ne(r.type, 'CAR_RESERVATION'),
        counts.ride,
        after ? sql`(${r.startTime}, ${r.id}) > (${after.startTime.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(r.startTime), asc(r.id))
    .limit(limit);
}

/** The school's attended theory hours, a page after `afterId` in id order. */
export async function readLessonsPage(db: DbOrTx, schoolId: SchoolId, afterId: string | null, limit: number) {
  const l = teachingLessonRecords;
  return db
    .select(lessonColumns)
    .from(l)
    .where(and(eq(l.schoolId, schoolId), isNotNull(l.attendedAt), afterId ? gt(l.id, afterId) : undefined))
    .orderBy(asc(l.id))
    .limit(limit);
}

/** The school's exam results and training dates (one row per sign-up with a result, per student with dates: small). */
export async function readExamsAndDates(db: DbOrTx, schoolId: SchoolId) {
  const [exams, dates] = await Promise.all([
    db
      .select(examColumns)
      .from(examSignUps)
      .where(and(eq(examSignUps.schoolId, schoolId), isNotNull(examSignUps.result))),
    db
      .select(datesColumns)
      .from(students)
      .where(and(eq(students.schoolId, schoolId), or(isNotNull(students.dateOfInProgress), isNotNull(students.dateOfFinished)))),
  ]);
  return { exams, dates };
}

export async function studentNames(db: DbOrTx, schoolId: SchoolId) {
  return db.select({ id: students.id, firstName: students.firstName, lastName: students.lastName }).from(students).where(eq(students.schoolId, schoolId));
}

export type { RecordChainEntityType };

/** The school's members and cars by id (the words of a correction name them). */
export async function chainNames(db: DbOrTx, schoolId: SchoolId) {
  const [members, cars] = await Promise.all([
    db
      .select({ id: schoolMembers.id, firstName: schoolMembers.firstName, lastName: schoolMembers.lastName })
      .from(schoolMembers)
      .where(eq(schoolMembers.schoolId, schoolId)),
    db
      .select({ id: schema.schoolCars.id, carType: schema.schoolCars.carType, regNumber: schema.schoolCars.regNumber })
      .from(schema.schoolCars)
      .where(eq(schema.schoolCars.schoolId, schoolId)),
  ]);
  return { members, cars };
}

/** The disputes ('Nesouhlasím se záznamem') opened in a period, with the student and the record's time. */
export async function listDisputes(db: DbOrTx, schoolId: SchoolId, from: Date, to: Date) {
  const d = schema.recordDisputes;
  return db
    .select({
      id: d.id,
      recordKind: d.recordKind,
      rideId: d.drivingLessonRecordId,
      lessonId: d.teachingLessonRecordId,
      reason: d.reason,
      createdAt: d.createdAt,
      resolvedAt: d.resolvedAt,
      resolutionNote: d.resolutionNote,
      studentId: d.studentId,
      firstName: students.firstName,
      lastName: students.lastName,
      rideStart: drivingLessonRecords.startTime,
      lessonDate: teachingLessonRecords.date,
    })
    .from(d)
    .innerJoin(students, and(eq(students.schoolId, d.schoolId), eq(students.id, d.studentId)))
    .leftJoin(drivingLessonRecords, and(eq(drivingLessonRecords.schoolId, d.schoolId), eq(drivingLessonRecords.id, d.drivingLessonRecordId)))
    .leftJoin(teachingLessonRecords, and(eq(teachingLessonRecords.schoolId, d.schoolId), eq(teachingLessonRecords.id, d.teachingLessonRecordId)))
    .where(and(eq(d.schoolId, schoolId), gte(d.createdAt, from), lt(d.createdAt, to)))
    .orderBy(desc(d.createdAt))
    .limit(1000);
}
