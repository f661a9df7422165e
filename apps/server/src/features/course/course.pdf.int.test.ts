import { addDays, schoolToday } from '@volant/shared/school-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf } from '../../pdf/documents.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { courseClassBookDocument } from './course.pdf.ts';
import { aCourseWithLesson } from './course.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

describe('Třídní kniha kurzu (COURSE_CLASS_BOOK)', () => {
  it('lists the course’s students and exactly the attended hours of its lessons, present and absent from attendance', async () => {
    const { caller, schoolId, member } = await setupSchool(app);
    const { courseId, studentIds, lessonId, date, classroomId } = await aCourseWithLesson(caller, schoolId, member.id, 3);
    const [a, b, c] = studentIds;
    const lesson = (d: string, type: 'OUV' | 'ZP', units: number) =>
      caller.course.createGroupLessons({
        schoolId,
        courseId,
        date: d,
        startTime: '08:00',
        units,
        teacherId: member.id,
        type,
        topic: `Téma ${type}`,
        classroomId,
        extraStudentIds: [],
        repeatUntil: null,
      });
    const ouv = (await lesson(addDays(date, 1), 'OUV', 1)).created[0].id;
    await lesson(addDays(date, 2), 'ZP', 1); // held, attendance not marked: not in the book
    await lesson(addDays(schoolToday(new Date()), 5), 'ZP', 2); // planned: not in the book
    await caller.course.markAttendance({
      schoolId,
      lessonId,
      marks: [
        { studentId: a, present: true },
        { studentId: b, present: true },
        { studentId: c, present: false },
      ],
    });
    await caller.course.markAttendance({ schoolId, lessonId: ouv, marks: [{ studentId: b, present: true }] });

    expect(documentOf('COURSE_CLASS_BOOK')).toBe(courseClassBookDocument);
    const vm = await courseClassBookDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: courseId, params: {} }, new Date());
    const reg = new Map(vm.students.map((s) => [s.id, s.registrationNumber]));
    expect(vm.students.map((s) => s.id)).toEqual([a, b, c]);
    expect(vm.course).toMatchObject({ startDate: '2026-03-02', reportDate: null });
    expect(vm.students.map((s) => s.attended)).toEqual([{ PPV: 2 }, { PPV: 2, OUV: 1 }, {}]);
    expect(vm.hours.map((h) => [h.date, h.section, h.present.length, h.absent])).toEqual([
      [date, 'PPV', 2, [reg.get(c)]],
      [date, 'PPV', 2, [reg.get(c)]],
      [addDays(date, 1), 'OUV', 1, [reg.get(a), reg.get(c)]],
    ]);
    const { text } = await renderText(courseClassBookDocument, vm);
    expect(text).toContain('Třídní kniha');
    expect(text).toContain('Průběh výuky');
    expect(text).toContain('Pravidla provozu');
    expect(text).not.toContain('Téma ZP');

    // The export goes through the PDF jobs like any document; another school's course is not found.
    const other = await setupSchool(app);
    await expect(
      other.caller.pdfFile.requestPdf({ schoolId: other.schoolId, kind: 'COURSE_CLASS_BOOK', courseId, clientCode: 'kniha-1' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      courseClassBookDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId: courseId, params: {} }, new Date()),
    ).rejects.toMatchObject({
      code: 'COURSE_NOT_FOUND',
    });
    const job = await caller.pdfFile.requestPdf({ schoolId, kind: 'COURSE_CLASS_BOOK', courseId, clientCode: 'kniha-1' });
    const file = await caller.pdfFile.getPdfFile({ schoolId, id: job.id });
    expect(file).toMatchObject({ kind: 'COURSE_CLASS_BOOK', subject: 'Kurz Kurz B jaro' });
  });
});
