// Reads of the partial-completion certificate: the student's theory lessons and registered practical lessons, summed.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, count, eq, inArray, lte, max, min, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const {
  teachingLessonRecords: lessons,
  drivingLessonRecords: rides,
  studentPriorTrainings: priors,
  studentPriorHours: priorHours,
  schoolSigningKeys: keys,
} = schema;

/**
 * Per section: planned lessons (rows), taught ones (attended, dated on or before `day`), the first and last day
 * taught. A planned lesson never counts (issue 17).
 */
export function sumTheory(db: DbOrTx, schoolId: SchoolId, studentId: string, day: string) {
  const taught = sql`${lessons.attendedAt} is not null and ${lessons.date} <= ${day}`;
  return db
    .select({
      type: lessons.type,
      planned: count(),
      done: sql<number>`count(*) filter (where ${taught})::int`,
      first: sql<string | null>`min(${lessons.date}) filter (where ${taught})`,
      last: sql<string | null>`max(${lessons.date}) filter (where ${taught})`,
    })
    .from(lessons)
    .where(and(eq(lessons.schoolId, schoolId), eq(lessons.studentId, studentId)))
    .groupBy(lessons.type);
}

/** Per kind (rides, PV-ÚV, PV-ZP): registered lessons ended by `until`, their minutes, the first and last instant. */
export function sumPractical(db: DbOrTx, schoolId: SchoolId, studentId: string, until: Date) {
  return db
    .select({
      type: rides.type,
      lessons: count(),
      minutes: sql<number>`coalesce(sum(${rides.length}), 0)::int`,
      first: min(rides.startTime),
      last: max(rides.startTime),
    })
    .from(rides)
    .where(and(eq(rides.schoolId, schoolId), eq(rides.studentId, studentId), eq(rides.state, 'COMPLETED'), lte(rides.endTime, until)))
    .groupBy(rides.type);
}

/**
 * The hours from previous schools' verified transfer records (issue 22 §4), per record imported by `until`, oldest
 * first: the certificate prints them apart, as from the previous school.
 */
export async function listPriorSchoolHours(db: DbOrTx, schoolId: SchoolId, studentId: string, until: Date) {
  const rows = await db
    .select({ id: priors.id, school: priors.issuingSchoolName, companyNumber: priors.issuingSchoolCompanyNumber, keyFingerprint: priors.keyFingerprint })
    .from(priors)
    .where(and(eq(priors.schoolId, schoolId), eq(priors.studentId, studentId), lte(priors.createdAt, until)))
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
  return rows.map((r) => ({ ...r, hours: hours.filter((h) => h.priorTrainingId === r.id) }));
}

/** The school's signing-key fingerprint ('Převod žáka'), or null before its first export. */
export async function findKeyFingerprint(db: DbOrTx, schoolId: SchoolId): Promise<string | null> {
  const [row] = await db.select({ keyFingerprint: keys.keyFingerprint }).from(keys).where(eq(keys.schoolId, schoolId));
  return row?.keyFingerprint ?? null;
}
