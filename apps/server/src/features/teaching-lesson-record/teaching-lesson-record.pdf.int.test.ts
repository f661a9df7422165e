import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, setupSchool, type TestApp } from '../../testing/harness.ts';
import { testSchoolId } from '../../testing/tenant.ts';
import { documentOf } from '../../pdf/documents.ts';
import { classBookDocument } from './teaching-lesson-record.pdf.ts';
import { seedCourse, seedStudent } from '../../testing/documents.testing.ts';
import { renderText } from '../../pdf/pdf-text.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const now = new Date('2026-04-20T09:00:00Z');

describe('Třídní kniha (REPORT_CLASS_BOOK)', () => {
  it("takes the course as the students on the student's hlášenka: scope, attendance per student and per hour, the interpreter", async () => {
    const { schoolId } = await setupSchool(app);
    const db = app.handle.db;
    const course = await seedCourse(db, schoolId, { students: 4, lessons: 10, absent: 1, interpreterFor: [2], startDate: '2026-02-02' });
    // Someone else's course on another day is not in this book.
    await seedCourse(db, schoolId, { students: 2, lessons: 2, startDate: '2026-03-02' });

    expect(documentOf('REPORT_CLASS_BOOK')).toBe(classBookDocument);
    const vm = await classBookDocument.load(db, testSchoolId(schoolId), { entityId: course.studentIds[3], params: {} }, now);
    expect(vm.course).toMatchObject({ reportDate: '2026-02-02', startDate: '2026-02-02', trainingKind: 'BASIC', trainingType: 'COURSE', groups: ['B'] });
    expect(vm.course.scope).toEqual([
      { section: 'TZBJ', lessons: 10 },
      { section: 'PPV', lessons: 18 },
      { section: 'OUV', lessons: 2 },
      { section: 'ZP', lessons: 2 },
      { section: 'OP', lessons: 4 },
    ]);
    expect(vm.students).toHaveLength(4);
    expect(vm.hours).toHaveLength(10);
    const absentee = vm.students.find((s) => s.id === course.studentIds[0])!;
    expect(absentee.attended).toEqual({ PPV: 8 });
    expect(vm.students.find((s) => s.id === course.studentIds[1])!.attended).toEqual({ PPV: 10 });
    expect(vm.hours[4]).toMatchObject({ date: '2026-02-04', section: 'PPV', teacher: 'Ing. Miroslav Kříž', absent: [absentee.registrationNumber] });
    expect(vm.hours[4].present).toHaveLength(3);
    expect(vm.students.find((s) => s.id === course.studentIds[2])!.interpreter).toEqual({
      name: 'Ševčenková Oksana, Mgr.',
      birthDate: '1980-01-20',
      address: 'Úvoz 3, 602 00 Brno',
    });

    const { text } = await renderText(classBookDocument, vm, 'class-book');
    expect(text).toContain('Třídní kniha');
    expect(text).toContain('Autoškola');
    expect(text).toContain('Základní · Kurz');
    expect(text).toContain('TZBJ 10, PPV 18, OÚV 2, ZP 2, OP 4 · celkem 36');
    expect(text).toContain('Zahájení výuky');
    expect(text).toContain('2.2.2026');
    expect(text).toContain('Žadatelé');
    expect(text).toContain(absentee.registrationNumber);
    expect(text).toContain('Tlumočníci');
    expect(text).toContain('Ševčenková Oksana, Mgr.');
    expect(text).toContain('Úvoz 3, 602 00 Brno');
    expect(text).toContain('Průběh výuky');
    expect(text).toContain('PPV – Předpisy o provozu vozidel');
    expect(text).toContain('Téma 5 – řízení ve městě');
    expect(text).toContain('3/4');
    expect(text).toContain('8/18');
  });

  it('is the student alone when on no hlášenka', async () => {
    const { schoolId } = await setupSchool(app);
    const studentId = await seedStudent(app.handle.db, schoolId, { firstName: 'Ýgor', lastName: 'Čáp', dateOfInProgress: null });
    const vm = await classBookDocument.load(app.handle.db, testSchoolId(schoolId), { entityId: studentId, params: {} }, now);
    expect(vm.students.map((s) => s.id)).toEqual([studentId]);
    expect(vm.course).toMatchObject({ reportDate: null, startDate: null, scope: [] });
    const { text } = await renderText(classBookDocument, vm);
    expect(text).toContain('Čáp Ýgor');
    expect(text).toContain('Zatím nebyla zapsána žádná vyučovací hodina.');
  });

  it("answers NOT_FOUND for another school's student", async () => {
    const victim = await setupSchool(app);
    const other = await setupSchool(app);
    const { studentIds } = await seedCourse(app.handle.db, victim.schoolId, { students: 1, lessons: 1 });
    for (const entityId of [studentIds[0], crypto.randomUUID(), 'x', null]) {
      await expect(classBookDocument.load(app.handle.db, testSchoolId(other.schoolId), { entityId, params: {} }, now)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        code: 'STUDENT_NOT_FOUND',
      });
    }
  });
});
