// 'Třídní kniha' of a course (COURSE_CLASS_BOOK, decree §10: one per course; issue 20 §3). The same layout as the
// per-student class book (REPORT_CLASS_BOOK, which guesses the course from the hlášenka and stays as it was); here the
// course is the 'Kurzy' entity: its students, and each of its group lessons that has begun and has attendance, one
// line per 45-minute hour, with who was present and who absent from the attendance. A lesson with no attendance yet
// is not listed (nothing is claimed that the data does not show); 'attended' counts only hours marked present.
import type { DbOrTx } from '@volant/db/client';
import { TEACHING_SECTIONS, type TeachingSection } from '@volant/shared/enums';
import type { ClassBookHourVm, ClassBookVm } from '@volant/shared/pdf/view-models';
import { schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { type PdfDocument, subjectId } from '../../pdf/document.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { classBookStudent, renderClassBook } from '../teaching-lesson-record/teaching-lesson-record.pdf.ts';
import { countPlannedLessons } from '../teaching-lesson-record/teaching-lesson-record.pdf.queries.ts';
import { findCourse } from './course.queries.ts';
import { listBegunLessons, listClassBookStudents, listCourseStudentIds, listLessonsAttendance, listLessonsExtras } from './course.pdf.queries.ts';

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ClassBookVm> {
  const courseId = subjectId(subject.entityId, 'COURSE_NOT_FOUND');
  const course = await findCourse(db, schoolId, courseId);
  if (!course) throw new AppError('COURSE_NOT_FOUND');
  const [school, rows, lessons, members] = await Promise.all([
    loadSchoolVm(db, schoolId),
    listClassBookStudents(db, schoolId, courseId),
    listBegunLessons(db, schoolId, courseId, now),
    listCourseStudentIds(db, schoolId, courseId),
  ]);
  const ids = lessons.map((l) => l.id);
  const [marks, extras] = await Promise.all([listLessonsAttendance(db, schoolId, ids), listLessonsExtras(db, schoolId, ids)]);
  const registration = new Map(rows.map((r) => [r.id, r.registrationNumber ?? '']));
  const attended = new Map<string, Partial<Record<TeachingSection, number>>>();
  const hours: ClassBookHourVm[] = [];
  for (const lesson of lessons) {
    const mine = marks.filter((m) => m.lessonId === lesson.id);
    if (mine.length === 0) continue;
    const present = new Set(mine.filter((m) => m.present).map((m) => m.studentId));
    const participants = new Set([...members, ...extras.filter((e) => e.lessonId === lesson.id).map((e) => e.studentId), ...mine.map((m) => m.studentId)]);
    const listed = rows.filter((r) => participants.has(r.id));
    for (const id of present) {
      const a = attended.get(id) ?? {};
      a[lesson.type] = (a[lesson.type] ?? 0) + lesson.units;
      attended.set(id, a);
    }
    for (let unit = 0; unit < lesson.units; unit++) {
      hours.push({
        date: schoolDateOf(lesson.startTime),
        section: lesson.type,
        topic: lesson.topic,
        teacher: lesson.teacher ?? '',
        present: listed.filter((r) => present.has(r.id)).map((r) => registration.get(r.id) ?? ''),
        absent: listed.filter((r) => !present.has(r.id)).map((r) => registration.get(r.id) ?? ''),
      });
    }
  }
  const first = rows.find((r) => members.has(r.id)) ?? rows[0];
  const planned = first ? await countPlannedLessons(db, schoolId, first.id) : [];
  return {
    kind: 'REPORT_CLASS_BOOK',
    generatedOn: schoolToday(now),
    school,
    course: {
      reportDate: null,
      startDate: course.startDate,
      trainingKind: first?.trainingKind ?? 'BASIC',
      trainingType: first?.trainingType ?? 'COURSE',
      groups: first?.groups ?? [],
      scope: TEACHING_SECTIONS.map((section) => ({ section, lessons: planned.find((p) => p.type === section)?.n ?? 0 })).filter((s) => s.lessons > 0),
    },
    students: rows.map((r) => classBookStudent(r, attended.get(r.id) ?? {})),
    hours,
  };
}

export const courseClassBookDocument: PdfDocument<ClassBookVm> = {
  kind: 'COURSE_CLASS_BOOK',
  load,
  render: renderClassBook,
  fileName: () => 'tridni-kniha-kurzu.pdf',
};
