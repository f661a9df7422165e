import { schema } from '@volant/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, getTestApp, inputIssues, setupSchool, type TestApp } from '../../testing/harness.ts';
import { aSchoolCar } from '../school-car/school-car.isolation.ts';
import { teacherProfileExample } from '../school/school.isolation.ts';
import { weekExample } from './availability.isolation.ts';

let app: TestApp;
beforeAll(async () => {
  app = await getTestApp();
});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'answered',
    (e: { code?: string }) => e.code ?? String(e),
  );

async function schoolWithTeacher() {
  const s = await setupSchool(app);
  const teacherId = (await s.caller.school.createTeacher({ schoolId: s.schoolId, ...teacherProfileExample })).id;
  return { ...s, teacherId };
}

describe('a teacher’s Dostupnost', () => {
  it('starts empty, replaces the whole week, audits it and tells the school', async () => {
    const { caller, schoolId, teacherId } = await schoolWithTeacher();
    expect(await caller.availability.get({ schoolId, teacherId })).toEqual({ teacherId, week: [], absences: [], cars: [] });
    const sent = app.deps.live.sent.length;
    const saved = await caller.availability.setWeek({ schoolId, teacherId, intervals: [...weekExample].reverse() });
    expect(saved.week).toEqual(weekExample);
    expect(app.deps.live.sent.slice(sent).map((m) => m.message)).toContainEqual({ AvailabilityMessage: { schoolId, teacherId } });
    const replaced = await caller.availability.setWeek({ schoolId, teacherId, intervals: [{ weekday: 5, startMinute: 420, endMinute: 720 }] });
    expect(replaced.week).toEqual([{ weekday: 5, startMinute: 420, endMinute: 720 }]);
    const audit = await app.handle.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, teacherId));
    expect(audit.filter((a) => a.action === 'availability.setWeek')).toHaveLength(2);
    expect((await caller.availability.setWeek({ schoolId, teacherId, intervals: [] })).week).toEqual([]);
  });

  it('refuses overlaps, wrong order and off-quarter times in Czech, keeping the old week', async () => {
    const { caller, schoolId, teacherId } = await schoolWithTeacher();
    await caller.availability.setWeek({ schoolId, teacherId, intervals: weekExample });
    expect(
      await inputIssues(
        caller.availability.setWeek({
          schoolId,
          teacherId,
          intervals: [
            { weekday: 1, startMinute: 480, endMinute: 720 },
            { weekday: 1, startMinute: 690, endMinute: 780 },
          ],
        }),
      ),
    ).toEqual(['intervals.1: Časy se v jednom dni nesmí překrývat.']);
    expect(await inputIssues(caller.availability.setWeek({ schoolId, teacherId, intervals: [{ weekday: 2, startMinute: 720, endMinute: 480 }] }))).toEqual([
      'intervals.0.endMinute: Začátek musí být před koncem.',
    ]);
    expect(await inputIssues(caller.availability.setWeek({ schoolId, teacherId, intervals: [{ weekday: 2, startMinute: 485, endMinute: 600 }] }))).toEqual([
      'intervals.0.startMinute: Čas musí být po 15 minutách (např. 8:00, 8:15, 8:30).',
    ]);
    expect((await caller.availability.get({ schoolId, teacherId })).week).toEqual(weekExample);
  });

  it('replaces the week atomically: two saves at once leave one of the weeks whole, never a mix', async () => {
    const { caller, schoolId, teacherId } = await schoolWithTeacher();
    const a = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 480, endMinute: 720 }));
    const b = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 780, endMinute: 1020 }));
    await Promise.all([caller.availability.setWeek({ schoolId, teacherId, intervals: a }), caller.availability.setWeek({ schoolId, teacherId, intervals: b })]);
    const { week } = await caller.availability.get({ schoolId, teacherId });
    expect([a, b]).toContainEqual(week);
  });

  it('adds and removes absences, refuses an end before the start and an unknown absence', async () => {
    const { caller, schoolId, teacherId } = await schoolWithTeacher();
    const added = await caller.availability.addAbsence({ schoolId, teacherId, absence: { fromDate: '2026-08-03', toDate: '2026-08-14', note: ' Dovolená ' } });
    expect(added.absences).toEqual([{ id: expect.any(String), fromDate: '2026-08-03', toDate: '2026-08-14', note: 'Dovolená' }]);
    await caller.availability.addAbsence({ schoolId, teacherId, absence: { fromDate: '2026-07-01', toDate: '2026-07-01', note: null } });
    expect(
      await inputIssues(caller.availability.addAbsence({ schoolId, teacherId, absence: { fromDate: '2026-08-03', toDate: '2026-08-01', note: null } })),
    ).toEqual(['absence.toDate: Konec nepřítomnosti nesmí být před začátkem.']);
    const after = await caller.availability.removeAbsence({ schoolId, teacherId, absenceId: added.absences[0].id });
    expect(after.absences.map((a) => a.fromDate)).toEqual(['2026-07-01']);
    expect(await refusal(caller.availability.removeAbsence({ schoolId, teacherId, absenceId: added.absences[0].id }))).toBe('NOT_FOUND');
  });

  it('sets usual cars of the school in service; another school’s car or a retired one is refused, nothing changes', async () => {
    const victim = await setupSchool(app);
    const theirCar = await aSchoolCar(app, victim);
    const { caller, schoolId, teacherId, ...rest } = await schoolWithTeacher();
    const mine = await aSchoolCar(app, { caller, schoolId, ...rest });
    const retired = await aSchoolCar(app, { caller, schoolId, ...rest });
    await caller.schoolCar.retireSchoolCar({ schoolId, schoolCarId: retired.schoolCarId });
    const saved = await caller.availability.setCars({ schoolId, teacherId, schoolCarIds: [mine.schoolCarId] });
    expect(saved.cars.map((c) => c.schoolCarId)).toEqual([mine.schoolCarId]);
    expect(await refusal(caller.availability.setCars({ schoolId, teacherId, schoolCarIds: [mine.schoolCarId, theirCar.schoolCarId] }))).toBe('NOT_FOUND');
    expect(await refusal(caller.availability.setCars({ schoolId, teacherId, schoolCarIds: [retired.schoolCarId] }))).toBe('NOT_FOUND');
    expect((await caller.availability.get({ schoolId, teacherId })).cars.map((c) => c.schoolCarId)).toEqual([mine.schoolCarId]);
    expect((await caller.availability.setCars({ schoolId, teacherId, schoolCarIds: [] })).cars).toEqual([]);
  });

  it('refuses another school’s teacher and a member who does not teach', async () => {
    const victim = await schoolWithTeacher();
    const { caller, schoolId } = await setupSchool(app);
    expect(await refusal(caller.availability.setWeek({ schoolId, teacherId: victim.teacherId, intervals: weekExample }))).toBe('NOT_FOUND');
    const assistant = await addMember(app, schoolId, (await createUser(app)).id, 'ASSISTANT');
    expect(await refusal(caller.availability.get({ schoolId, teacherId: assistant.id }))).toBe('NOT_FOUND');
  });

  it('lets a teacher keep only their own; the office keeps anyone’s; everyone reads', async () => {
    const { caller: admin, schoolId, teacherId: other } = await schoolWithTeacher();
    const teacherUser = await createUser(app);
    const me = await addMember(app, schoolId, teacherUser.id, 'TEACHER');
    const teacher = await app.callerFor(teacherUser.id);
    const assistantUser = await createUser(app);
    await addMember(app, schoolId, assistantUser.id, 'ASSISTANT');
    const assistant = await app.callerFor(assistantUser.id);
    const { schoolCarId } = await aSchoolCar(app, { caller: admin, schoolId } as Parameters<typeof aSchoolCar>[1]);

    expect((await teacher.availability.setWeek({ schoolId, teacherId: me.id, intervals: weekExample })).week).toEqual(weekExample);
    const own = await teacher.availability.addAbsence({ schoolId, teacherId: me.id, absence: { fromDate: '2026-08-03', toDate: '2026-08-04', note: null } });
    await teacher.availability.removeAbsence({ schoolId, teacherId: me.id, absenceId: own.absences[0].id });
    await teacher.availability.setCars({ schoolId, teacherId: me.id, schoolCarIds: [schoolCarId] });

    const absence = (await admin.availability.addAbsence({ schoolId, teacherId: other, absence: { fromDate: '2026-08-03', toDate: '2026-08-04', note: null } }))
      .absences[0];
    const before = await admin.availability.get({ schoolId, teacherId: other });
    expect({
      setWeek: await refusal(teacher.availability.setWeek({ schoolId, teacherId: other, intervals: weekExample })),
      addAbsence: await refusal(
        teacher.availability.addAbsence({ schoolId, teacherId: other, absence: { fromDate: '2026-09-01', toDate: '2026-09-01', note: null } }),
      ),
      removeAbsence: await refusal(teacher.availability.removeAbsence({ schoolId, teacherId: other, absenceId: absence.id })),
      setCars: await refusal(teacher.availability.setCars({ schoolId, teacherId: other, schoolCarIds: [schoolCarId] })),
    }).toEqual({ setWeek: 'FORBIDDEN', addAbsence: 'FORBIDDEN', removeAbsence: 'FORBIDDEN', setCars: 'FORBIDDEN' });
    expect(await teacher.availability.get({ schoolId, teacherId: other })).toEqual(before);

    expect((await assistant.availability.setWeek({ schoolId, teacherId: me.id, intervals: [] })).week).toEqual([]);
    expect((await assistant.availability.setWeek({ schoolId, teacherId: other, intervals: weekExample })).week).toEqual(weekExample);
  });
});

describe('the calendar’s background (availability.getSchool, issue 20 §4)', () => {
  it('answers every teacher’s week and only the absences touching the window, of this school only', async () => {
    const a = await schoolWithTeacher();
    const b = await schoolWithTeacher();
    await a.caller.availability.setWeek({ schoolId: a.schoolId, teacherId: a.teacherId, intervals: weekExample });
    await a.caller.availability.addAbsence({
      schoolId: a.schoolId,
      teacherId: a.teacherId,
      absence: { fromDate: '2031-03-03', toDate: '2031-03-05', note: null },
    });
    await a.caller.availability.addAbsence({
      schoolId: a.schoolId,
      teacherId: a.teacherId,
      absence: { fromDate: '2031-05-01', toDate: '2031-05-01', note: null },
    });
    await b.caller.availability.setWeek({ schoolId: b.schoolId, teacherId: b.teacherId, intervals: weekExample });
    const answer = await a.caller.availability.getSchool({ schoolId: a.schoolId, fromDate: '2031-03-05', toDate: '2031-03-11' });
    expect(answer).toEqual([{ teacherId: a.teacherId, week: weekExample, absences: [{ fromDate: '2031-03-03', toDate: '2031-03-05' }] }]);
    expect(await inputIssues(a.caller.availability.getSchool({ schoolId: a.schoolId, fromDate: '2031-01-01', toDate: '2031-06-01' }))).toEqual([
      'toDate: Nejvýše 62 dní.',
    ]);
  });
});
