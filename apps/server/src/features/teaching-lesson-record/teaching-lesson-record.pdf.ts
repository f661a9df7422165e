// 3. Třídní kniha (REPORT_CLASS_BOOK, decree §10): one per course — the header (school, kind and scope of teaching,
// start date), the students (name and title, registration number, groups held, interpreter where one is used) and
// each teaching hour with its topic, teacher and attendance.
//
// There is no course entity: the course is the students on the same hlášenka as the subject student (they started
// together), or the student alone when on none. An hour is the course's lessons with the same day, section, lesson
// number, teacher and topic; a student without that lesson on that day is listed as absent from it.
import type { DbOrTx } from '@volant/db/client';
import { TEACHING_SECTIONS, type TeachingSection } from '@volant/shared/enums';
import { addressLine, type ClassBookHourVm, type ClassBookStudentVm, type ClassBookVm, surnameFirst } from '@volant/shared/pdf/view-models';
import { schoolToday } from '@volant/shared/school-time';
import { classBookLayout } from '@volant/shared/pdf/layouts';
import type { Content } from 'pdfmake/interfaces.js';
import type { SchoolId } from '../../lib/tenant.ts';
import type { PdfDocument } from '../../pdf/document.ts';
import { layoutGrid, layoutTable, documentPage, signatureLines } from '../../pdf/layout.ts';
import { countPlannedLessons, findLatestReportOf, listCourseStudents, listTaughtLessons } from './teaching-lesson-record.pdf.queries.ts';
import { loadSchoolVm } from '../school/school.pdf.queries.ts';
import { getStudentVm, toStudentVm } from '../student/student.pdf.queries.ts';

const sectionOrder = (s: TeachingSection) => TEACHING_SECTIONS.indexOf(s);

async function load(db: DbOrTx, schoolId: SchoolId, subject: { entityId: string | null }, now: Date): Promise<ClassBookVm> {
  const student = await getStudentVm(db, schoolId, subject.entityId);
  const school = await loadSchoolVm(db, schoolId);
  const report = await findLatestReportOf(db, schoolId, student.id);
  const rows = await listCourseStudents(db, schoolId, report ? { reportId: report.id } : { studentId: student.id });
  const today = schoolToday(now);
  const lessons = rows.length
    ? await listTaughtLessons(
        db,
        schoolId,
        rows.map((r) => r.id),
        today,
      )
    : [];
  const planned = await countPlannedLessons(db, schoolId, student.id);

  const attended = new Map<string, Partial<Record<TeachingSection, number>>>();
  const hours = new Map<string, ClassBookHourVm & { presentIds: Set<string> }>();
  for (const l of lessons) {
    if (!l.date) continue;
    const a = attended.get(l.studentId) ?? {};
    a[l.type] = (a[l.type] ?? 0) + 1;
    attended.set(l.studentId, a);
    const key = [l.date, l.type, l.position, l.teacherId ?? '', l.topic ?? ''].join('\u0001');
    let hour = hours.get(key);
    if (!hour) {
      hour = { date: l.date, section: l.type, topic: l.topic, teacher: l.teacher ?? '', present: [], absent: [], presentIds: new Set() };
      hours.set(key, hour);
    }
    hour.presentIds.add(l.studentId);
  }
  const ordered = [...hours.values()]
    .map(({ presentIds, ...h }) => ({
      ...h,
      present: rows.filter((r) => presentIds.has(r.id)).map((r) => r.registrationNumber ?? ''),
      absent: rows.filter((r) => !presentIds.has(r.id)).map((r) => r.registrationNumber ?? ''),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || sectionOrder(a.section) - sectionOrder(b.section));

  const students: ClassBookStudentVm[] = rows.map((r) => classBookStudent(r, attended.get(r.id) ?? {}));
  return {
    kind: 'REPORT_CLASS_BOOK',
    generatedOn: today,
    school,
    course: {
      reportDate: report?.date ?? null,
      startDate: report?.date ?? student.startedOn,
      trainingKind: student.trainingKind,
      trainingType: student.trainingType,
      groups: student.groups,
      scope: TEACHING_SECTIONS.map((section) => ({ section, lessons: planned.find((p) => p.type === section)?.n ?? 0 })).filter((s) => s.lessons > 0),
    },
    students,
    hours: ordered,
  };
}

type ClassBookStudentRow = Awaited<ReturnType<typeof listCourseStudents>>[number];

/** A student's line of the class book: the student, their interpreter and the lessons attended per section. */
export function classBookStudent(r: ClassBookStudentRow, attended: Partial<Record<TeachingSection, number>>): ClassBookStudentVm {
  return {
    ...toStudentVm(r),
    interpreter:
      r.interpreterFirstName && r.interpreterLastName
        ? {
            name: surnameFirst({ firstName: r.interpreterFirstName, lastName: r.interpreterLastName, degree: r.interpreterDegree }),
            birthDate: r.interpreterBirthDate ?? '',
            address: addressLine({
              street: r.interpreterStreet,
              streetCode: r.interpreterStreetCode,
              city: r.interpreterCity,
              postCode: r.interpreterPostCode,
            }),
          }
        : null,
    attended,
  };
}

export function renderClassBook(vm: ClassBookVm) {
  const l = classBookLayout(vm);
  const content: Content[] = [
    layoutGrid(l.grid),
    { text: l.students.title, style: 'h2' },
    layoutTable(l.students.table, [18, 90, '*', 60, 60, 60, ...vm.course.scope.map(() => 30), 40, 110], { condensed: true }),
  ];
  if (l.interpreters) content.push({ text: l.interpreters.title, style: 'h2' }, layoutTable(l.interpreters.table, ['*', 70, '*', 160]));
  content.push(
    { text: l.hours.title, style: 'h2', pageBreak: vm.students.length > 12 ? 'before' : undefined },
    layoutTable(l.hours.table, [18, 52, 130, '*', 100, 42, 140, 60], { condensed: true }),
    signatureLines(['Razítko autoškoly a podpis provozovatele'], { place: vm.school.city, date: vm.generatedOn }),
  );
  return documentPage(vm, content);
}

export const classBookDocument: PdfDocument<ClassBookVm> = { kind: 'REPORT_CLASS_BOOK', load, render: renderClassBook };
