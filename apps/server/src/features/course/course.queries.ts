// Group theory's tables (issue 20 §3): classrooms, courses, their students, group lessons, extra students and the
// attendance; plus what the collision check reads of rides. Every statement filters by the school.
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import type { TeachingSection } from '@volant/shared/enums';
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import { czechSortKey } from '../../lib/czech-order.ts';
import type { SchoolId } from '../../lib/tenant.ts';

const {
  classrooms,
  courses,
  courseStudents,
  groupLessons,
  groupLessonStudents,
  groupLessonAttendance,
  students,
  schoolMembers,
  drivingLessonRecords,
  teachingLessonRecords,
} = schema;

export type GroupLessonRow = typeof groupLessons.$inferSelect;

// ——— Učebny ———

export function listClassrooms(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({ id: classrooms.id, name: classrooms.name, capacity: classrooms.capacity })
    .from(classrooms)
    .where(eq(classrooms.schoolId, schoolId))
    .orderBy(asc(classrooms.name), asc(classrooms.id));
}

export async function findClassroom(db: DbOrTx, schoolId: SchoolId, classroomId: string) {
  const [row] = await db
    .select({ id: classrooms.id, name: classrooms.name, capacity: classrooms.capacity })
    .from(classrooms)
    .where(and(eq(classrooms.schoolId, schoolId), eq(classrooms.id, classroomId)));
  return row;
}

export async function insertClassroom(tx: DbOrTx, schoolId: SchoolId, values: { name: string; capacity: number }) {
  const [row] = await tx
    .insert(classrooms)
    .values({ schoolId, ...values })
    .returning({ id: classrooms.id });
  return row;
}

export async function updateClassroomRow(tx: DbOrTx, schoolId: SchoolId, classroomId: string, values: { name: string; capacity: number }) {
  const rows = await tx
    .update(classrooms)
    .set(values)
    .where(and(eq(classrooms.schoolId, schoolId), eq(classrooms.id, classroomId)))
    .returning({ id: classrooms.id });
  return rows.length > 0;
}

// ——— Kurzy ———

export async function listCourseRows(db: DbOrTx, schoolId: SchoolId) {
  const studentCount = db
    .select({ courseId: courseStudents.courseId, n: count().as('n') })
    .from(courseStudents)
    .where(eq(courseStudents.schoolId, schoolId))
    .groupBy(courseStudents.courseId)
    .as('sc');
  const lessonCount = db
    .select({ courseId: groupLessons.courseId, n: count().as('ln') })
    .from(groupLessons)
    .where(eq(groupLessons.schoolId, schoolId))
    .groupBy(groupLessons.courseId)
    .as('lc');
  return db
    .select({
      id: courses.id,
      name: courses.name,
      startDate: courses.startDate,
      endedAt: courses.endedAt,
      students: sql<number>`coalesce(${studentCount.n}, 0)::int`,
      lessons: sql<number>`coalesce(${lessonCount.n}, 0)::int`,
    })
    .from(courses)
    .leftJoin(studentCount, eq(studentCount.courseId, courses.id))
    .leftJoin(lessonCount, eq(lessonCount.courseId, courses.id))
    .where(eq(courses.schoolId, schoolId))
    .orderBy(sql`${courses.endedAt} is not null`, sql`${courses.startDate} desc`, asc(courses.name));
}

export async function findCourse(db: DbOrTx, schoolId: SchoolId, courseId: string) {
  const [row] = await db
    .select({ id: courses.id, name: courses.name, startDate: courses.startDate, endedAt: courses.endedAt })
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.id, courseId)));
  return row;
}

/** Locks the course row: membership changes and lesson writes of one course queue. */
export async function lockCourse(tx: DbOrTx, schoolId: SchoolId, courseId: string) {
  const [row] = await tx
    .select({ id: courses.id, name: courses.name, endedAt: courses.endedAt })
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.id, courseId)))
    .for('update');
  return row;
}

export async function insertCourse(tx: DbOrTx, schoolId: SchoolId, values: { name: string; startDate: string }) {
  const [row] = await tx
    .insert(courses)
    .values({ schoolId, ...values })
    .returning({ id: courses.id });
  return row;
}

export async function updateCourseRow(tx: DbOrTx, schoolId: SchoolId, courseId: string, values: { name?: string; startDate?: string; endedAt?: Date | null }) {
  const rows = await tx
    .update(courses)
    .set(values)
    .where(and(eq(courses.schoolId, schoolId), eq(courses.id, courseId)))
    .returning({ id: courses.id });
  return rows.length > 0;
}

const studentColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
  registrationNumber: students.registrationNumber,
  email: students.email,
};

export function listCourseStudents(db: DbOrTx, schoolId: SchoolId, courseId: string) {
  return db
    .select(studentColumns)
    .from(courseStudents)
    .innerJoin(students, and(eq(students.schoolId, courseStudents.schoolId), eq(students.id, courseStudents.studentId)))
    .where(and(eq(courseStudents.schoolId, schoolId), eq(courseStudents.courseId, courseId), isNull(students.removedAt)))
    .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName)), asc(students.id));
}

/** Of the ids, the school's visible students. */
export async function findSchoolStudentIds(db: DbOrTx, schoolId: SchoolId, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), inArray(students.id, [...ids]), isNull(students.removedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Of the students, those in a course that is not ended other than `courseId`, with that course's name. */
export function findInOtherActiveCourse(db: DbOrTx, schoolId: SchoolId, studentIds: readonly string[], courseId: string) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ studentId: courseStudents.studentId, courseName: courses.name })
    .from(courseStudents)
    .innerJoin(courses, and(eq(courses.schoolId, courseStudents.schoolId), eq(courses.id, courseStudents.courseId)))
    .where(
      and(
        eq(courseStudents.schoolId, schoolId),
        inArray(courseStudents.studentId, [...studentIds]),
        ne(courseStudents.courseId, courseId),
        isNull(courses.endedAt),
      ),
    );
}

export async function insertCourseStudents(tx: DbOrTx, schoolId: SchoolId, courseId: string, studentIds: readonly string[]) {
  if (studentIds.length === 0) return;
  await tx
    .insert(courseStudents)
    .values(studentIds.map((studentId) => ({ schoolId, courseId, studentId })))
    .onConflictDoNothing();
}

export async function deleteCourseStudent(tx: DbOrTx, schoolId: SchoolId, courseId: string, studentId: string) {
  const rows = await tx
    .delete(courseStudents)
    .where(and(eq(courseStudents.schoolId, schoolId), eq(courseStudents.courseId, courseId), eq(courseStudents.studentId, studentId)))
    .returning({ studentId: courseStudents.studentId });
  return rows.length > 0;
}

// ——— Hodiny výuky ———

const lessonColumns = {
  id: groupLessons.id,
  courseId: groupLessons.courseId,
  courseName: courses.name,
  startTime: groupLessons.startTime,
  endTime: groupLessons.endTime,
  units: groupLessons.units,
  type: groupLessons.type,
  topic: groupLessons.topic,
  teacherId: groupLessons.teacherId,
  teacherFirstName: schoolMembers.firstName,
  teacherLastName: schoolMembers.lastName,
  classroomId: groupLessons.classroomId,
  classroomName: classrooms.name,
  classroomCapacity: classrooms.capacity,
  /** Moves with every change of the lesson ('Můj den' tells the office's change from the device's base by it). */
  updatedAt: groupLessons.updatedAt,
};

function lessonSelect(db: DbOrTx) {
  return db
    .select(lessonColumns)
    .from(groupLessons)
    .innerJoin(courses, and(eq(courses.schoolId, groupLessons.schoolId), eq(courses.id, groupLessons.courseId)))
    .innerJoin(schoolMembers, and(eq(schoolMembers.schoolId, groupLessons.schoolId), eq(schoolMembers.id, groupLessons.teacherId)))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, groupLessons.schoolId), eq(classrooms.id, groupLessons.classroomId)));
}
export type LessonView = Awaited<ReturnType<typeof findLessonView>>;

export function listCourseLessons(db: DbOrTx, schoolId: SchoolId, courseId: string) {
  return lessonSelect(db)
    .where(and(eq(groupLessons.schoolId, schoolId), eq(groupLessons.courseId, courseId)))
    .orderBy(asc(groupLessons.startTime), asc(groupLessons.id));
}

/** A teacher's group lessons starting in [from, to) ('Můj den'). */
export function listTeacherLessons(db: DbOrTx, schoolId: SchoolId, teacherId: string, from: Date, to: Date) {
  return lessonSelect(db)
    .where(
      and(
        eq(groupLessons.schoolId, schoolId),
        eq(groupLessons.teacherId, teacherId),
        sql`${groupLessons.startTime} >= ${from}`,
        lt(groupLessons.startTime, to),
      ),
    )
    .orderBy(asc(groupLessons.startTime), asc(groupLessons.id));
}

export async function findLessonView(db: DbOrTx, schoolId: SchoolId, lessonId: string) {
  const [row] = await lessonSelect(db).where(and(eq(groupLessons.schoolId, schoolId), eq(groupLessons.id, lessonId)));
  return row;
}

export async function lockLesson(tx: DbOrTx, schoolId: SchoolId, lessonId: string) {
  const [row] = await tx
    .select()
    .from(groupLessons)
    .where(and(eq(groupLessons.schoolId, schoolId), eq(groupLessons.id, lessonId)))
    .for('update');
  return row;
}

export interface NewLesson {
  courseId: string;
  startTime: Date;
  endTime: Date;
  units: number;
  teacherId: string;
  type: TeachingSection;
  topic: string | null;
  classroomId: string | null;
  createdBy: string;
}

export async function insertGroupLessons(tx: DbOrTx, schoolId: SchoolId, rows: readonly NewLesson[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(groupLessons)
    .values(rows.map((r) => ({ ...r, schoolId })))
    .returning({ id: groupLessons.id });
}

export async function updateGroupLessonRow(
  tx: DbOrTx,
  schoolId: SchoolId,
  lessonId: string,
  values: Partial<Omit<NewLesson, 'courseId' | 'createdBy'>> & { updatedAt: Date },
) {
  await tx
    .update(groupLessons)
    .set(values)
    .where(and(eq(groupLessons.schoolId, schoolId), eq(groupLessons.id, lessonId)));
}

export async function deleteGroupLessonRow(tx: DbOrTx, schoolId: SchoolId, lessonId: string) {
  await tx.delete(groupLessons).where(and(eq(groupLessons.schoolId, schoolId), eq(groupLessons.id, lessonId)));
}

export async function insertExtraStudents(tx: DbOrTx, schoolId: SchoolId, lessonIds: readonly string[], studentIds: readonly string[]) {
  const values = lessonIds.flatMap((lessonId) => studentIds.map((studentId) => ({ schoolId, lessonId, studentId })));
  if (values.length) await tx.insert(groupLessonStudents).values(values).onConflictDoNothing();
}

export async function replaceExtraStudents(tx: DbOrTx, schoolId: SchoolId, lessonId: string, studentIds: readonly string[]) {
  await tx.delete(groupLessonStudents).where(and(eq(groupLessonStudents.schoolId, schoolId), eq(groupLessonStudents.lessonId, lessonId)));
  await insertExtraStudents(tx, schoolId, [lessonId], studentIds);
}

/** A lesson's students: the course's and its extra ones (each once), `extra` telling which. */
export async function listLessonStudents(db: DbOrTx, schoolId: SchoolId, lessonId: string, courseId: string) {
  const [ofCourse, extra] = await Promise.all([
    listCourseStudents(db, schoolId, courseId),
    db
      .select(studentColumns)
      .from(groupLessonStudents)
      .innerJoin(students, and(eq(students.schoolId, groupLessonStudents.schoolId), eq(students.id, groupLessonStudents.studentId)))
      .where(and(eq(groupLessonStudents.schoolId, schoolId), eq(groupLessonStudents.lessonId, lessonId), isNull(students.removedAt)))
      .orderBy(asc(czechSortKey(students.lastName)), asc(czechSortKey(students.firstName))),
  ]);
  const seen = new Set(ofCourse.map((s) => s.id));
  return [...ofCourse.map((s) => ({ ...s, extra: false })), ...extra.filter((s) => !seen.has(s.id)).map((s) => ({ ...s, extra: true }))];
}
export type LessonStudent = Awaited<ReturnType<typeof listLessonStudents>>[number];

export function listAttendance(db: DbOrTx, schoolId: SchoolId, lessonIds: readonly string[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      lessonId: groupLessonAttendance.lessonId,
      studentId: groupLessonAttendance.studentId,
      present: groupLessonAttendance.present,
      markedAt: groupLessonAttendance.markedAt,
    })
    .from(groupLessonAttendance)
    .where(and(eq(groupLessonAttendance.schoolId, schoolId), inArray(groupLessonAttendance.lessonId, [...lessonIds])));
}

export async function upsertAttendance(
  tx: DbOrTx,
  schoolId: SchoolId,
  lessonId: string,
  studentId: string,
  present: boolean,
  markedBy: string,
  markedAt: Date,
) {
  await tx
    .insert(groupLessonAttendance)
    .values({ schoolId, lessonId, studentId, present, markedBy, markedAt })
    .onConflictDoUpdate({
      target: [groupLessonAttendance.schoolId, groupLessonAttendance.lessonId, groupLessonAttendance.studentId],
      set: { present, markedBy, markedAt },
    });
}

export async function deleteAttendance(tx: DbOrTx, schoolId: SchoolId, lessonId: string, studentId: string) {
  await tx
    .delete(groupLessonAttendance)
    .where(and(eq(groupLessonAttendance.schoolId, schoolId), eq(groupLessonAttendance.lessonId, lessonId), eq(groupLessonAttendance.studentId, studentId)));
}

export async function countAttendance(db: DbOrTx, schoolId: SchoolId, lessonId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(groupLessonAttendance)
    .where(and(eq(groupLessonAttendance.schoolId, schoolId), eq(groupLessonAttendance.lessonId, lessonId)));
  return row?.n ?? 0;
}

// ——— what the collision check reads ———

/** Group lessons of the teachers or in the rooms overlapping [from, to), except the given lessons. */
export function listBusyLessons(
  db: DbOrTx,
  schoolId: SchoolId,
  teacherIds: readonly string[],
  classroomIds: readonly string[],
  from: Date,
  to: Date,
  except: readonly string[],
) {
  const who = [inArray(groupLessons.teacherId, [...teacherIds])];
  if (classroomIds.length) who.push(inArray(groupLessons.classroomId, [...classroomIds]));
  return db
    .select({
      id: groupLessons.id,
      startTime: groupLessons.startTime,
      endTime: groupLessons.endTime,
      teacherId: groupLessons.teacherId,
      classroomId: groupLessons.classroomId,
      courseName: courses.name,
    })
    .from(groupLessons)
    .innerJoin(courses, and(eq(courses.schoolId, groupLessons.schoolId), eq(courses.id, groupLessons.courseId)))
    .where(
      and(
        eq(groupLessons.schoolId, schoolId),
        or(...who),
        lt(groupLessons.startTime, to),
        gt(groupLessons.endTime, from),
        except.length ? notInArray(groupLessons.id, [...except]) : undefined,
      ),
    );
}

/** The teachers' rides and timed lessons (not cancelled) overlapping [from, to). */
export function listBusyRides(db: DbOrTx, schoolId: SchoolId, teacherIds: readonly string[], from: Date, to: Date) {
  return db
    .select({
      id: drivingLessonRecords.id,
      startTime: drivingLessonRecords.startTime,
      endTime: drivingLessonRecords.endTime,
      teacherId: drivingLessonRecords.teacherId,
      type: drivingLessonRecords.type,
    })
    .from(drivingLessonRecords)
    .where(
      and(
        eq(drivingLessonRecords.schoolId, schoolId),
        inArray(drivingLessonRecords.teacherId, [...teacherIds]),
        inArray(drivingLessonRecords.state, ['SCHEDULED', 'COMPLETED']),
        lt(drivingLessonRecords.startTime, to),
        gt(drivingLessonRecords.endTime, from),
      ),
    );
}

// ——— the students' Výuka rows an attendance fills ———

export function listSectionRows(tx: DbOrTx, schoolId: SchoolId, studentId: string, type: TeachingSection) {
  return tx
    .select({
      id: teachingLessonRecords.id,
      position: teachingLessonRecords.position,
      attendedAt: teachingLessonRecords.attendedAt,
      groupLessonId: teachingLessonRecords.groupLessonId,
    })
    .from(teachingLessonRecords)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId), eq(teachingLessonRecords.type, type)))
    .orderBy(asc(teachingLessonRecords.position));
}

export interface AttendedValues {
  groupLessonId: string;
  teacherId: string;
  date: string;
  topic: string | null;
  attendedAt: Date;
}

export async function fillRows(tx: DbOrTx, schoolId: SchoolId, studentId: string, ids: readonly string[], values: AttendedValues) {
  if (ids.length === 0) return;
  await tx
    .update(teachingLessonRecords)
    .set({ ...values, updatedAt: values.attendedAt })
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId), inArray(teachingLessonRecords.id, [...ids])));
}

export async function insertAttendedRows(
  tx: DbOrTx,
  schoolId: SchoolId,
  studentId: string,
  type: TeachingSection,
  positions: readonly number[],
  values: AttendedValues,
) {
  if (positions.length === 0) return;
  await tx.insert(teachingLessonRecords).values(positions.map((position) => ({ schoolId, studentId, type, position, ...values })));
}

/** Unmarks: the student's rows this lesson filled become free again (no date, teacher kept, not attended). */
export async function releaseRows(tx: DbOrTx, schoolId: SchoolId, studentId: string, lessonId: string, now: Date) {
  await tx
    .update(teachingLessonRecords)
    .set({ groupLessonId: null, attendedAt: null, date: null, topic: null, updatedAt: now })
    .where(
      and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.studentId, studentId), eq(teachingLessonRecords.groupLessonId, lessonId)),
    );
}

/** A changed lesson's details follow into the rows it filled (date, teacher, topic). */
export async function syncFilledRows(
  tx: DbOrTx,
  schoolId: SchoolId,
  lessonId: string,
  values: { date: string; teacherId: string; topic: string | null; updatedAt: Date },
) {
  await tx
    .update(teachingLessonRecords)
    .set(values)
    .where(and(eq(teachingLessonRecords.schoolId, schoolId), eq(teachingLessonRecords.groupLessonId, lessonId)));
}
