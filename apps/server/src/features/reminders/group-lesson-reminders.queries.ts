// Reads of the group theory reminders (issue 20 §3, issue 19 §4's leftover): a group lesson with what its reminder
// says and the school's reminder rule, and the lesson's students with an e-mail (the course's and the extra ones).
import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SchoolId } from '../../lib/tenant.ts';

const { groupLessons: l, courses, classrooms, schoolMembers, schools, bookingSettings, students, courseStudents, groupLessonStudents } = schema;

export async function findGroupLessonReminder(db: DbOrTx, schoolId: SchoolId, lessonId: string) {
  const [row] = await db
    .select({
      id: l.id,
      courseId: l.courseId,
      courseName: courses.name,
      type: l.type,
      topic: l.topic,
      startTime: l.startTime,
      endTime: l.endTime,
      classroomName: classrooms.name,
      teacher: { firstName: schoolMembers.firstName, lastName: schoolMembers.lastName, degree: schoolMembers.degree },
      school: { name: schools.name, street: schools.street, streetCode: schools.streetCode, city: schools.city, postCode: schools.postCode },
      settings: { reminderHours: bookingSettings.reminderHours },
      hasSettings: sql<boolean>`(${bookingSettings.schoolId} is not null)`,
    })
    .from(l)
    .innerJoin(schools, eq(schools.id, l.schoolId))
    .innerJoin(courses, and(eq(courses.schoolId, l.schoolId), eq(courses.id, l.courseId)))
    .leftJoin(classrooms, and(eq(classrooms.schoolId, l.schoolId), eq(classrooms.id, l.classroomId)))
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, l.schoolId), eq(schoolMembers.id, l.teacherId)))
    .leftJoin(bookingSettings, eq(bookingSettings.schoolId, l.schoolId))
    .where(and(eq(l.schoolId, schoolId), eq(l.id, lessonId)))
    .limit(1);
  return row;
}
export type GroupLessonReminder = NonNullable<Awaited<ReturnType<typeof findGroupLessonReminder>>>;

/** The lesson's visible students with an e-mail: the course's and the lesson's extra ones. */
export function listGroupLessonRecipients(db: DbOrTx, schoolId: SchoolId, lessonId: string, courseId: string) {
  const ofCourse = db
    .select({ id: courseStudents.studentId })
    .from(courseStudents)
    .where(and(eq(courseStudents.schoolId, schoolId), eq(courseStudents.courseId, courseId)));
  const extra = db
    .select({ id: groupLessonStudents.studentId })
    .from(groupLessonStudents)
    .where(and(eq(groupLessonStudents.schoolId, schoolId), eq(groupLessonStudents.lessonId, lessonId)));
  return db
    .select({ id: students.id, email: students.email })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        isNull(students.removedAt),
        isNotNull(students.email),
        or(inArray(students.id, ofCourse), inArray(students.id, extra)),
      ),
    )
    .orderBy(students.id);
}
