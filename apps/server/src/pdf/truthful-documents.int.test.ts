// Issue 17 "Done when": a record Volant prints must never claim what the data does not show. For a student in each
// state — planned only, partly attended, complete (legal minimum met), ended early — every document is built through
// the real loaders (the same the PDF job and the print route use) and rendered, and none claims an attendance, a
// ride or a completion the data does not show: no planned lesson as present, no future or uncompleted ride, the
// completion statement only for the complete student, and no date after the document's day.
import { schema } from '@volant/db/schema';
import type { PdfKind } from '@volant/shared/enums';
import { TRAINING_COMPLETED_STATEMENT } from '@volant/shared/pdf/view-models';
import { addDays, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { beforeAll, describe, expect, it } from 'vitest';
import { meetLegalMinimum } from '../features/lesson-plan/legal-minimum.testing.ts';
import { createTestStudent } from '../features/student/student.testing.ts';
import { getTestApp, setupSchool, type TestApp } from '../testing/harness.ts';
import { testSchoolId } from '../testing/tenant.ts';
import { documentOf } from './documents.ts';
import { renderText } from './pdf-text.testing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

type Setup = Awaited<ReturnType<typeof setupSchool>>;
type State = 'planned only' | 'partly attended' | 'complete' | 'ended early';

/** Every D.M.YYYY date printed in a text, as 'YYYY-MM-DD'. */
const datesIn = (text: string) =>
  [...text.matchAll(/\b(\d{1,2})\.(\d{1,2})\.(\d{4})\b/g)].map(([, d, m, y]) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
const fmt = (iso: string) => iso.split('-').map(Number).reverse().join('.');

interface Student {
  state: State;
  id: string;
  reportId: string;
  /** What the data shows: attended lessons (all dated in the past) and completed past rides. */
  attendedPpv: number;
  completedRides: number;
  completedMinutes: number;
}

async function makeStudent(s: Setup, state: State, index: number, now: Date): Promise<Student> {
  const { caller, schoolId } = s;
  const today = schoolToday(now);
  const id = await createTestStudent(caller, schoolId, { lastName: `Stav${index}`, registrationNumber: `TD-${index}-${Date.now().toString(36)}` });
  // Each on their own hlášenka (their own course in the class book).
  const start = addDays(today, -40 - 10 * index);
  const { reportId } = await caller.student.setDateOfInProgress({ schoolId, studentsIds: [id], date: start });
  const ppv = (await caller.teachingLessonRecord.getTeachingLessonRecords({ schoolId, studentId: id })).sections.find((x) => x.type === 'PPV')?.lessons ?? [];
  const ride = (day: string, hour: number, st: 'COMPLETED' | 'SCHEDULED') => {
    const startTime = new Date(schoolMidnight(day).getTime() + hour * 3_600_000);
    return { schoolId, studentId: id, type: 'DRIVING' as const, state: st, startTime, endTime: new Date(startTime.getTime() + 90 * 60_000), length: 90 };
  };
  // Every student has planned future lessons and a scheduled future ride, which no document may show as done.
  let attendedPpv = 0;
  let completedRides = 0;
  if (state === 'complete') {
    await meetLegalMinimum(app.handle.db, schoolId, id, addDays(start, 1));
    attendedPpv = 18;
    completedRides = 14;
  } else {
    const past = state === 'planned only' ? 0 : 4;
    await caller.teachingLessonRecord.updateTeachingLessonRecord({
      schoolId,
      studentId: id,
      data: [
        ...ppv.slice(0, past).map((l, i) => ({ id: l.id, date: addDays(start, i + 1), userId: null, topic: `Téma ${i + 1}`, attended: true })),
        ...ppv.slice(past, past + 6).map((l, i) => ({ id: l.id, date: addDays(today, i + 1), userId: null, topic: `Plán ${i + 1}` })),
        // Dated earlier but not attended (the student did not come): planned, never 'present'.
        { id: ppv[past + 6].id, date: addDays(today, -1), userId: null, topic: 'Plán nepřítomen' },
      ],
    });
    attendedPpv = past;
    if (state !== 'planned only') {
      await app.handle.db.insert(schema.drivingLessonRecords).values(ride(addDays(start, 2), 8, 'COMPLETED'));
      completedRides = 1;
    }
  }
  await app.handle.db.insert(schema.drivingLessonRecords).values([ride(addDays(today, 2), 8, 'SCHEDULED'), ride(addDays(today, 3), 10, 'SCHEDULED')]);
  if (state === 'ended early') {
    await caller.student.setDateOfFinished({ schoolId, studentsIds: [id], endedEarly: true, earlyEndReason: 'Přestup do jiné autoškoly' });
  }
  if (state === 'complete') await caller.student.setDateOfFinished({ schoolId, studentsIds: [id] });
  return { state, id, reportId: reportId as string, attendedPpv, completedRides, completedMinutes: completedRides * 90 };
}

describe('no document claims what the data does not show', () => {
  it('renders every document for a student planned only, partly attended, complete and ended early', async () => {
    const s = await setupSchool(app);
    const { caller, schoolId } = s;
    const now = app.deps.now();
    const today = schoolToday(now);
    const school = testSchoolId(schoolId);
    const states: State[] = ['planned only', 'partly attended', 'complete', 'ended early'];
    const students: Student[] = [];
    for (const [i, state] of states.entries()) students.push(await makeStudent(s, state, i, now));

    const load = (kind: PdfKind, entityId: string | null, params: unknown = {}) => documentOf(kind).load(app.handle.db, school, { entityId, params }, now);
    const render = async (kind: PdfKind, vm: unknown) => (await renderText(documentOf(kind), vm)).text.replace(/\s+/g, ' ');
    const noDateAfterToday = (text: string, allowed: string[] = []) =>
      expect(
        datesIn(text).filter((d) => d > today && !allowed.includes(d)),
        'dates after the document day',
      ).toEqual([]);

    for (const st of students) {
      const label = st.state;
      // Class book: only attended lessons, none after today, each hour present only for who attended it.
      const book = await load('REPORT_CLASS_BOOK', st.id);
      expect(
        book.hours.every((h: { date: string }) => h.date <= today),
        label,
      ).toBe(true);
      expect(
        book.hours.filter((h: { section: string }) => h.section === 'PPV'),
        label,
      ).toHaveLength(st.attendedPpv);
      expect(book.students[0].attended.PPV ?? 0, label).toBe(st.attendedPpv);
      const bookText = await render('REPORT_CLASS_BOOK', book);
      noDateAfterToday(bookText);
      expect(bookText, label).not.toContain('Plán ');
      if (st.state === 'planned only') expect(bookText).toContain('Zatím nebyla zapsána žádná vyučovací hodina.');

      // Driving record: only completed rides that ended, never the scheduled future ones.
      const record = await load('REPORT_VEHICLE_DRIVING_TRAINING', st.id);
      expect(record.totals, label).toMatchObject({ rides: st.completedRides, minutes: st.completedMinutes });
      noDateAfterToday(await render('REPORT_VEHICLE_DRIVING_TRAINING', record));

      // Partial-completion certificate: attended and completed only, dated up to today.
      const partial = await load('PARTIAL_COMPLETION', st.id);
      expect(partial.theory.find((t: { section: string }) => t.section === 'PPV')?.done, label).toBe(st.attendedPpv);
      expect(partial.practical.find((p: { kind: string }) => p.kind === 'DRIVING')?.minutes ?? 0, label).toBe(st.completedMinutes);
      const partialText = await render('PARTIAL_COMPLETION', partial);
      noDateAfterToday(partialText);
      expect(partialText).not.toContain(TRAINING_COMPLETED_STATEMENT);
      if (st.state === 'ended early') expect(partialText).toContain('předčasně (Přestup do jiné autoškoly)');

      // Hlášenka: the start, nothing done.
      const reportText = await render('REPORT', await load('REPORT', st.reportId));
      noDateAfterToday(reportText);
      expect(reportText).not.toContain(TRAINING_COMPLETED_STATEMENT);

      // The pass: every ride it shows as completed has ended; the future ones are scheduled.
      const pass = await caller.student.getStudentPass({ schoolId, type: 'app', studentId: st.id });
      if (typeof pass === 'string') throw new Error(pass);
      expect(
        pass.rides.filter((r) => r.state === 'COMPLETED').every((r) => new Date(r.endTime) <= now),
        label,
      ).toBe(true);
      expect(
        pass.rides.filter((r) => r.state === 'COMPLETED'),
        label,
      ).toHaveLength(st.completedRides);
      expect(
        pass.rides.filter((r) => new Date(r.startTime) > now).map((r) => r.state),
        label,
      ).toEqual(['SCHEDULED', 'SCHEDULED']);

      // The card's legal minimum agrees.
      expect((await caller.student.getLegalMinimum({ schoolId, studentId: st.id })).isMet, label).toBe(st.state === 'complete');
    }

    // Register book: every student admitted today; the early end is said, no completion statement.
    const register = await render('REGISTER_BOOK', await load('REGISTER_BOOK', null, { from: today, to: today }));
    expect(register).toContain('ukončen předčasně (Přestup do jiné autoškoly)');
    expect(register).not.toContain(TRAINING_COMPLETED_STATEMENT);
    noDateAfterToday(register);

    // Exam application: with the complete student, the statement; with anyone else on the term, refused with
    // what that student misses — by the loader (PDF job and print route), the PDF request and the print link alike.
    const examDay = addDays(today, 14);
    const term = async () => caller.exam.createExam({ schoolId, date: examDay, place: 'Magistrát města Brna', types: ['PPV'], capacity: null });
    const [complete, earlyEnded, partly, planned] = [students[2], students[3], students[1], students[0]];
    const good = await term();
    await caller.exam.addStudentToExam({ schoolId, examId: good.id, studentId: complete.id, newType: { type: 'PPV', group: 'B' } });
    const examText = await render('EXAM', await load('EXAM', good.id));
    expect(examText).toContain('Žadatel absolvoval výuku a výcvik v rozsahu stanoveném zákonem');
    noDateAfterToday(examText, [examDay]);
    expect(examText).toContain(fmt(examDay));

    for (const other of [earlyEnded, partly, planned]) {
      const bad = await term();
      // An ended-early student may be signed up (FINISHED); the others only by a path around the card, as rows.
      if (other === earlyEnded) await caller.exam.addStudentToExam({ schoolId, examId: bad.id, studentId: other.id, newType: { type: 'PPV', group: 'B' } });
      else await app.handle.db.insert(schema.examSignUps).values({ schoolId, examId: bad.id, studentId: other.id, type: 'PPV', group: 'B', attempt: 1 });
      const refused = {
        code: 'LEGAL_MINIMUM_NOT_MET',
        message: expect.stringMatching(/^Přihlášku ke zkoušce nelze vystavit: Žák .*Stav\d.* PPV: chybí \d+ z 18 lekcí;.*Jízdy: chybí/),
      };
      await expect(load('EXAM', bad.id), other.state).rejects.toMatchObject(refused);
      await expect(
        caller.pdfFile.requestPdf({ schoolId, kind: 'EXAM', examId: bad.id, clientCode: `c-${other.state.replace(' ', '-')}` }),
        other.state,
      ).rejects.toMatchObject({ message: refused.message });
      await expect(caller.print.createPrintToken({ schoolId, kind: 'EXAM', entityId: bad.id }), other.state).rejects.toMatchObject({
        message: refused.message,
      });
    }
  });
});
