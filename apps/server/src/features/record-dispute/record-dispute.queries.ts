// Reads and writes of record_disputes ('Nesouhlasím se záznamem', issue 19 §2). Every statement names the school, and
// the student's own ones the student too: the record a student disputes is found by (school, student, record id) of
// the proven student, never by the id alone.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { DisputeRecordKind } from '@volant/shared/enums';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';

const { recordDisputes, drivingLessonRecords, teachingLessonRecords, students } = schema;

/** The student's own record of the kind, with what says whether it is past; undefined when it is not theirs. */
export async function findOwnRecord(db: DbOrTx, { schoolId, studentId }: ProvenStudent, kind: DisputeRecordKind, recordId: string) {
  if (kind === 'RIDE') {
    const [row] = await db
      .select({
        id: drivingLessonRecords.id,
        schoolId: drivingLessonRecords.schoolId,
        studentId: drivingLessonRecords.studentId,
        startTime: drivingLessonRecords.startTime,
      })
      .from(drivingLessonRecords)
      .where(and(eq(drivingLessonRecords.schoolId, schoolId), eq(drivingLessonRecords.studentId, studentId), eq(drivingLessonRecords.id, recordId)))
      .limit(1);
    return row?.studentId ? { kind, id: row.id, schoolId: row.schoolId, studentId: row.studentId, startTime: row.startTime, date: null } : undefined;
  }
  const [row] = await db
    .select({
      id: teachingLessonRecords.id,
      schoolId: teachingLessonRecords.schoolId,
      studentId: teachingLessonRecords.studentId,
      date: teachingLessonRecords.date,
    })
    .from(teachingLessonRecords)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId), eq(teachingLessonRecords.id, recordId)))
    .limit(1);
  return row ? { kind, id: row.id, schoolId: row.schoolId, studentId: row.studentId, startTime: null, date: row.date } : undefined;
}
export type OwnRecord = NonNullable<Awaited<ReturnType<typeof findOwnRecord>>>;

/** A new open dispute of the record; undefined when the record already has an open one (the partial unique index). */
export async function insertDispute(db: DbOrTx, record: OwnRecord, reason: string, now: Date) {
  const [row] = await db
    .insert(recordDisputes)
    .values({
      schoolId: record.schoolId,
      studentId: record.studentId,
      recordKind: record.kind,
      drivingLessonRecordId: record.kind === 'RIDE' ? record.id : null,
      teachingLessonRecordId: record.kind === 'LESSON' ? record.id : null,
      reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: recordDisputes.id });
  return row;
}

const disputeColumns = {
  id: recordDisputes.id,
  recordKind: recordDisputes.recordKind,
  drivingLessonRecordId: recordDisputes.drivingLessonRecordId,
  teachingLessonRecordId: recordDisputes.teachingLessonRecordId,
  reason: recordDisputes.reason,
  createdAt: recordDisputes.createdAt,
  resolvedAt: recordDisputes.resolvedAt,
  resolutionNote: recordDisputes.resolutionNote,
};

/** The student's disputes, oldest first (open and resolved). */
export function listStudentDisputes(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select(disputeColumns)
    .from(recordDisputes)
    .where(and(eq(recordDisputes.schoolId, schoolId), eq(recordDisputes.studentId, studentId)))
    .orderBy(asc(recordDisputes.createdAt), asc(recordDisputes.id));
}
export type DisputeRow = Awaited<ReturnType<typeof listStudentDisputes>>[number];

/** Whether the student is the school's (not removed): the staff read answers NOT_FOUND for anybody else. */
export async function isSchoolStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return !!row;
}

/** One dispute of the school, for the event's notification and for a refused resolution's reason. */
export async function findDispute(db: DbOrTx, schoolId: SchoolId, disputeId: string) {
  const [row] = await db
    .select({ ...disputeColumns, studentId: recordDisputes.studentId })
    .from(recordDisputes)
    .where(and(eq(recordDisputes.schoolId, schoolId), eq(recordDisputes.id, disputeId)))
    .limit(1);
  return row;
}

/** Resolves an open dispute of the school; undefined when there is none such (missing or already resolved). */
export async function resolveOpenDispute(db: DbOrTx, schoolId: SchoolId, disputeId: string, memberId: string, note: string, now: Date) {
  const [row] = await db
    .update(recordDisputes)
    .set({ resolvedAt: now, resolvedBy: memberId, resolutionNote: note })
    .where(and(eq(recordDisputes.schoolId, schoolId), eq(recordDisputes.id, disputeId), isNull(recordDisputes.resolvedAt)))
    .returning({ id: recordDisputes.id, studentId: recordDisputes.studentId });
  return row;
}

/** What the office's notification names: the student and the record's time. */
export async function findDisputeSubject(db: DbOrTx, schoolId: SchoolId, disputeId: string) {
  const [row] = await db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      studentId: recordDisputes.studentId,
      recordKind: recordDisputes.recordKind,
      reason: recordDisputes.reason,
      startTime: drivingLessonRecords.startTime,
      date: teachingLessonRecords.date,
    })
    .from(recordDisputes)
    .innerJoin(students, and(eq(students.schoolId, recordDisputes.schoolId), eq(students.id, recordDisputes.studentId)))
    .leftJoin(
      drivingLessonRecords,
      and(eq(drivingLessonRecords.schoolId, recordDisputes.schoolId), eq(drivingLessonRecords.id, recordDisputes.drivingLessonRecordId)),
    )
    .leftJoin(
      teachingLessonRecords,
      and(eq(teachingLessonRecords.schoolId, recordDisputes.schoolId), eq(teachingLessonRecords.id, recordDisputes.teachingLessonRecordId)),
    )
    .where(and(eq(recordDisputes.schoolId, schoolId), eq(recordDisputes.id, disputeId)))
    .limit(1);
  return row;
}
