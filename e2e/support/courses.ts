// Arranging group theory ('Kurzy', issue 20 §3) over the API: a room, a course of N started students, a lesson; and
// reading a downloaded PDF's text (pdfjs-dist, the way the server's tests read documents).
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { addDays, schoolToday } from '../../packages/shared/src/school-time.ts';
import type { Api } from './api.ts';
import { OPERATOR } from './fixtures.ts';
import { firstTeacher } from './calendar.ts';
import { createStudentViaApi, type SchoolSession, uniqueSuffix } from './students.ts';

export const SURNAMES = ['Adámek', 'Bártová', 'Čermák', 'Dvořák', 'Elišková', 'Fiala', 'Gregor', 'Horáková', 'Ivanov', 'Jelínek', 'Kubát', 'Líbal'];

/** The school on the Premium tier (Starter takes only a few new students a month), approved by the operator. */
export async function premium(api: Api, school: SchoolSession) {
  const { id } = await api.mutation<{ id: string }>('account.requestTierUpgrade', { schoolId: school.schoolId, tier: 'PREMIUM' }, school.token);
  const operator = await api.login(OPERATOR.email, OPERATOR.password);
  await api.mutation('operator.resolveTierUpgradeRequest', { requestId: id, approve: true }, operator);
}

/** A course with `n` students whose training has started, and a room of 20 seats. */
export async function courseWithStudents(api: Api, school: SchoolSession, n: number) {
  if (n > 5) await premium(api, school);
  const tag = uniqueSuffix(4);
  const students: { id: string; lastName: string; firstName: string }[] = [];
  for (let i = 0; i < n; i++) {
    const lastName = SURNAMES[i % SURNAMES.length];
    const firstName = `Žák${String.fromCharCode(65 + i)}`;
    const id = await createStudentViaApi(api, school, { firstName, lastName, registrationNumber: `K${tag}-${i + 1}` });
    students.push({ id, lastName, firstName });
  }
  await api.mutation('student.setDateOfInProgress', { schoolId: school.schoolId, studentsIds: students.map((s) => s.id) }, school.token);
  const room = await api.mutation<{ id: string }>('course.createClassroom', { schoolId: school.schoolId, name: 'Učebna 1', capacity: 20 }, school.token);
  const course = await api.mutation<{ id: string }>(
    'course.createCourse',
    { schoolId: school.schoolId, name: `Kurz B ${tag}`, startDate: addDays(schoolToday(new Date()), -21) },
    school.token,
  );
  await api.mutation('course.addCourseStudents', { schoolId: school.schoolId, courseId: course.id, studentIds: students.map((s) => s.id) }, school.token);
  const teacher = await firstTeacher(api, school);
  return { courseId: course.id, roomId: room.id, students, teacher, name: `Kurz B ${tag}` };
}

/** A lesson of the course `daysAgo` days ago at 17:00 (2 × 45 min, PPV). */
export async function pastLesson(api: Api, school: SchoolSession, c: Awaited<ReturnType<typeof courseWithStudents>>, daysAgo = 1) {
  const result = await api.mutation<{ created: { id: string }[] }>(
    'course.createGroupLessons',
    {
      schoolId: school.schoolId,
      courseId: c.courseId,
      date: addDays(schoolToday(new Date()), -daysAgo),
      startTime: '17:00',
      units: 2,
      teacherId: c.teacher.id,
      type: 'PPV',
      topic: 'Křižovatky',
      classroomId: c.roomId,
      extraStudentIds: [],
      repeatUntil: null,
    },
    school.token,
  );
  return result.created[0].id;
}

/** A downloaded PDF's text, page by page joined. */
export async function downloadedPdfText(download: Download): Promise<string> {
  const bytes = readFileSync((await download.path()) as string);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(' '));
    }
    return pages.join('\n').replace(/[ \t]+/g, ' ');
  } finally {
    await task.destroy();
  }
}

/** 'D.M.YYYY' of an ISO day, as the app and the documents write dates. */
export const cz = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}.${m}.${y}`;
};
