// The demo school's month of training: a schedule the exclusion constraints accept (no teacher, car or student booked
// twice), inside working hours, registered as the trainings page expects, the tachometer continuous per car; and the
// whole demo seed written into a fresh embedded database.
import { dailyLimitWarning, odometerGaps } from '@volant/shared/driving-lessons-record/rules';
import { isSafeSignatureSvg } from '@volant/shared/driving-lessons-record/signature';
import { TEACHING_SECTIONS } from '@volant/shared/enums';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import { addDays, dayOfWeek, schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../client.ts';
import { migrate } from '../migrate.ts';
import {
  DEMO_STUDENT_SIGNATURE,
  DEMO_TEACHER_SIGNATURE,
  type DemoRide,
  type DemoTrainingInput,
  planDemoRides,
  isPublicHoliday,
  planDemoTeaching,
  WORKDAY_END_MINUTES,
  WORKDAY_START_MINUTES,
} from './demo-training.ts';
import { seedDemo } from './demo.ts';

const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const minutesOfDay = (d: Date) => {
  const [h, m] = wall.format(d).split(':').map(Number);
  return h * 60 + m;
};

function input(now: Date): DemoTrainingInput {
  const today = schoolToday(now);
  const learner = (n: number, teacherId: string, carId: string, from: number, to: number, finished = false) => ({
    studentId: `student-${n}`,
    teacherId,
    carId,
    pvZpTeacherId: 'medic',
    from: addDays(today, from),
    to: addDays(today, to),
    finished,
  });
  return {
    now,
    createdBy: 'demo',
    learners: [
      learner(1, 'svoboda', 'fabia', -39, 7),
      learner(2, 'admin', 'octavia', -29, 7),
      learner(3, 'cerny', 'yamaha', -34, 7),
      learner(4, 'svoboda', 'octavia', -19, 7),
      learner(5, 'svoboda', 'combi', -89, -31, true),
      learner(6, 'admin', 'combi', -99, -41, true),
    ],
    reservation: { carId: 'octavia', note: 'STK' },
    odometers: { fabia: 48_210, octavia: 112_530, yamaha: 8_140, combi: 187_400 },
    students: [
      {
        id: 'student-1',
        state: 'IN_PROGRESS',
        groups: ['B'],
        trainingKind: 'BASIC',
        trainingType: 'COURSE',
        dateOfInProgress: addDays(today, -39),
        dateOfFinished: null,
      },
      {
        id: 'student-2',
        state: 'IN_PROGRESS',
        groups: ['B'],
        trainingKind: 'BASIC',
        trainingType: 'ISP',
        dateOfInProgress: addDays(today, -29),
        dateOfFinished: null,
      },
      {
        id: 'student-5',
        state: 'FINISHED',
        groups: ['B'],
        trainingKind: 'BASIC',
        trainingType: 'COURSE',
        dateOfInProgress: addDays(today, -89),
        dateOfFinished: addDays(today, -30),
      },
      {
        id: 'student-7',
        state: 'STORNO',
        groups: ['AM'],
        trainingKind: 'BASIC',
        trainingType: 'ISP',
        dateOfInProgress: addDays(today, -209),
        dateOfFinished: null,
      },
    ],
    sectionTeacher: (section) => (section === 'ZP' || section === 'PV_ZP' ? 'medic' : 'svoboda'),
  };
}

// A Wednesday morning, a Monday before work, a Saturday, days next to both changes of summer time, and Christmas.
const NOWS = [
  '2026-11-25T09:10:00Z',
  '2026-11-23T05:00:00Z',
  '2026-11-28T12:00:00Z',
  '2026-03-30T10:00:00Z',
  '2026-10-26T16:30:00Z',
  '2026-12-22T10:00:00Z',
].map((s) => new Date(s));

const holds = (r: DemoRide) => r.state === 'SCHEDULED' || r.state === 'COMPLETED';

describe.each(NOWS.map((now) => [now.toISOString(), now] as const))('the demo schedule at %s', (_, now) => {
  const rides = planDemoRides(input(now));
  const lessons = rides.filter((r) => r.type !== 'CAR_RESERVATION');

  it('books no teacher, car or student twice (cancelled items aside), as the exclusion constraints demand', () => {
    for (const key of ['teacherId', 'schoolCarId', 'studentId'] as const) {
      const byOwner = Map.groupBy(
        rides.filter((r) => holds(r) && r[key]),
        (r) => r[key],
      );
      for (const [owner, items] of byOwner) {
        const sorted = items.toSorted((a, b) => a.startTime.getTime() - b.startTime.getTime());
        for (let i = 1; i < sorted.length; i++)
          expect(sorted[i].startTime.getTime(), `${key} ${owner}`).toBeGreaterThanOrEqual(sorted[i - 1].endTime.getTime());
      }
    }
  });

  it('puts lessons on working days between 7:00 and 18:00 in Prague, 90 or 45 minutes of driving and 60 of PV', () => {
    expect(lessons.length).toBeGreaterThan(60);
    for (const r of lessons) {
      expect(dayOfWeek(schoolDateOf(r.startTime))).toBeLessThanOrEqual(5);
      expect(isPublicHoliday(schoolDateOf(r.startTime)), schoolDateOf(r.startTime)).toBe(false);
      expect(minutesOfDay(r.startTime)).toBeGreaterThanOrEqual(WORKDAY_START_MINUTES);
      expect(minutesOfDay(r.startTime) + r.length).toBeLessThanOrEqual(WORKDAY_END_MINUTES);
      expect(r.endTime.getTime() - r.startTime.getTime()).toBe(r.length * 60_000);
      expect(r.type === 'DRIVING' ? [45, 90] : [60]).toContain(r.length);
      expect(r.studentId).not.toBeNull();
      expect(r.schoolCarId === null).toBe(r.type === 'PV_ZP');
    }
    expect(lessons.some((r) => r.length === 45)).toBe(true);
    expect(new Set(lessons.map((r) => r.type))).toEqual(new Set(['DRIVING', 'PV_UV', 'PV_ZP']));
  });

  it('blocks a car for a whole weekday ahead and plans nothing into it', () => {
    const [block] = rides.filter((r) => r.type === 'CAR_RESERVATION');
    expect(block).toMatchObject({ allDay: true, studentId: null, teacherId: null, schoolCarId: 'octavia', state: 'SCHEDULED', note: 'STK' });
    expect(block.startTime.getTime()).toBeGreaterThan(now.getTime());
    expect(schoolDateOf(block.startTime)).toBe(schoolDateOf(new Date(block.endTime.getTime() - 1)));
    expect(minutesOfDay(block.startTime)).toBe(0);
    expect(block.length).toBe(1440);
  });

  it('registers the past with both signatures, keeps the future planned, and leaves something to flag', () => {
    const past = lessons.filter((r) => r.endTime <= now);
    const future = lessons.filter((r) => r.startTime > now);
    expect(future.length).toBeGreaterThan(5);
    for (const r of future) expect(r).toMatchObject({ signature: null, teacherSignature: null, tachometerBefore: null });
    expect(future.filter((r) => r.state === 'CANCELLED_BY_TEACHER')).toHaveLength(1);
    expect(future.filter((r) => r.state !== 'CANCELLED_BY_TEACHER').every((r) => r.state === 'SCHEDULED')).toBe(true);
    expect(past.filter((r) => r.state === 'SCHEDULED')).toHaveLength(2);
    expect(past.filter((r) => r.state === 'CANCELLED_BY_STUDENT')).toHaveLength(1);
    const completed = past.filter((r) => r.state === 'COMPLETED');
    expect(completed.filter((r) => !r.signature)).toHaveLength(1);
    expect(completed.filter((r) => !r.teacherSignature)).toHaveLength(1);
    expect(completed.filter((r) => r.signature && r.teacherSignature).length).toBe(completed.length - 2);
    for (const r of completed) {
      if (r.signature) expect(r.signature).toBe(DEMO_STUDENT_SIGNATURE);
      if (r.teacherSignature) expect(r.teacherSignature).toBe(DEMO_TEACHER_SIGNATURE);
    }
    // Finished training is all registered and signed.
    expect(past.filter((r) => r.studentId === 'student-5' && r.type === 'DRIVING')).toHaveLength(14);
    expect(past.filter((r) => r.studentId === 'student-5').every((r) => r.state === 'COMPLETED' && r.signature && r.teacherSignature)).toBe(true);
  });

  it("runs each car's tachometer on from one registered ride to the next", () => {
    const registered = lessons.filter((r) => r.type === 'DRIVING' && r.state === 'COMPLETED');
    expect(lessons.filter((r) => r.tachometerBefore !== null)).toEqual(registered);
    for (const [car, items] of Map.groupBy(registered, (r) => r.schoolCarId)) {
      const sorted = items.toSorted((a, b) => a.startTime.getTime() - b.startTime.getTime());
      expect(sorted[0].tachometerBefore).toBe(input(now).odometers[car as string]);
      for (const [i, r] of sorted.entries()) {
        expect(r.tachometerAfter as number).toBeGreaterThan(r.tachometerBefore as number);
        if (i > 0) expect(r.tachometerBefore).toBe(sorted[i - 1].tachometerAfter);
      }
    }
  });

  it('passes the rules the app applies to rides: signatures in the safe SVG subset, no odometer gap, no day over the law', () => {
    expect(isSafeSignatureSvg(DEMO_STUDENT_SIGNATURE)).toBe(true);
    expect(isSafeSignatureSvg(DEMO_TEACHER_SIGNATURE)).toBe(true);
    const gaps = odometerGaps(rides.map((r, i) => ({ ...r, id: String(i) })));
    expect([...gaps.values()].filter((g) => g !== null && g !== 0)).toEqual([]);
    expect([...gaps.values()].filter((g) => g === 0).length).toBeGreaterThan(30);
    const perDay = Map.groupBy(
      lessons.filter((r) => r.type === 'DRIVING' && holds(r)),
      (r) => `${r.studentId} ${schoolDateOf(r.startTime)}`,
    );
    for (const items of perDay.values())
      expect(
        dailyLimitWarning(
          items.reduce((n, r) => n + r.length, 0),
          ['B'],
        ),
      ).toBeNull();
  });

  it('is the same plan for the same clock', () => {
    expect(planDemoRides(input(now))).toEqual(rides);
    expect(planDemoTeaching(input(now))).toEqual(planDemoTeaching(input(now)));
  });
});

describe('Czech public holidays', () => {
  it('knows the fixed ones and Easter (Good Friday, Easter Monday) of several years', () => {
    for (const day of ['2026-01-01', '2026-11-17', '2026-12-24', '2026-04-03', '2026-04-06', '2027-03-26', '2027-03-29', '2025-04-18', '2025-04-21'])
      expect(isPublicHoliday(day), day).toBe(true);
    for (const day of ['2026-11-16', '2026-04-05', '2026-04-07', '2027-03-28', '2026-12-23']) expect(isPublicHoliday(day), day).toBe(false);
  });
});

describe('the demo theory lessons', () => {
  const now = NOWS[0];
  const today = schoolToday(now);
  const lessons = planDemoTeaching(input(now));

  it('has as many rows per section as the legal plan, held ones dated in the past with a teacher', () => {
    for (const s of input(now).students) {
      const plan = studentPlan({ groups: s.groups, kind: s.trainingKind, type: s.trainingType }, [], s.dateOfInProgress as string);
      for (const section of TEACHING_SECTIONS) {
        const rows = lessons.filter((l) => l.studentId === s.id && l.type === section);
        expect(rows.map((l) => l.position)).toEqual(Array.from({ length: plan.items[section].hours }, (_, i) => i + 1));
        const held = rows.filter((l) => l.date);
        const expected = { FINISHED: rows.length, STORNO: Math.floor(rows.length / 4) }[s.state] ?? Math.ceil(rows.length / 2);
        expect(held, `${s.id} ${section}`).toHaveLength(expected);
        for (const l of rows) expect(l.teacherId === null).toBe(l.date === null);
        for (const l of held) {
          expect((l.date as string) >= (s.dateOfInProgress as string) && (l.date as string) < today).toBe(true);
          expect(dayOfWeek(l.date as string)).toBeLessThanOrEqual(5);
          expect(isPublicHoliday(l.date as string)).toBe(false);
        }
      }
    }
    // B course: TZBJ 10, PPV 18, OUV 2, ZP 2, OP 4, PV-UV 2, PV-ZP 4.
    expect(lessons.filter((l) => l.studentId === 'student-1')).toHaveLength(42);
  });
});

describe('the demo seed on an empty embedded database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDb({ dataDir: 'memory://' });
    await migrate(handle);
  }, 60_000);
  afterAll(() => handle?.close());

  it('writes the main school its cars, teachers, rides and lessons without tripping a constraint', async () => {
    const now = new Date('2026-11-25T09:10:00Z');
    const started = performance.now();
    await seedDemo(handle.db, 'scrypt$16384$8$1$c2FsdA$aGFzaA', now);
    const ms = performance.now() - started;
    const one = async <T>(q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows;
    const cars = await one<{ reg_number: string; retired: boolean }>(
      sql`select reg_number, retired_at is not null as retired from school_cars c join schools s on s.id = c.school_id where s.number = 'AS-0421' order by reg_number`,
    );
    expect(cars).toEqual([
      { reg_number: '1BK0042', retired: true },
      { reg_number: '1BM2345', retired: false },
      { reg_number: '2BA6789', retired: false },
      { reg_number: '3BC1111', retired: false },
    ]);
    const [counts] = await one<Record<string, number>>(sql`select
      (select count(*)::int from driving_lesson_records) as rides,
      (select count(*)::int from driving_lesson_records where type = 'CAR_RESERVATION') as reservations,
      (select count(distinct student_id)::int from driving_lesson_records) as students,
      (select count(*)::int from teaching_lesson_records) as lessons,
      (select count(*)::int from teaching_lesson_records where date is not null) as held,
      (select count(*)::int from student_default_teachers) as defaults,
      (select count(*)::int from school_members where teacher_licence_valid_until is not null) as licensed`);
    expect(counts.rides).toBeGreaterThan(100);
    expect(counts).toMatchObject({ reservations: 1, students: 7, defaults: 8, licensed: 5 });
    expect(counts.held).toBeGreaterThan(counts.lessons / 2);
    const admin = await one<{ groups: string[]; user_id: string | null }>(
      sql`select m.groups, m.user_id from school_members m join users u on u.id = m.user_id where u.email = 'demo@volant.cz' and m.teacher_licence_valid_until is not null`,
    );
    expect(admin).toHaveLength(1);
    expect(admin[0].groups).toEqual(['B', 'A2', 'A']);
    // Two more teachers without a login, one whose licence runs out in days.
    const [soon] = await one<{ name: string; days: number; user_id: string | null }>(
      sql`select first_name || ' ' || last_name as name, teacher_licence_valid_until - date '2026-11-25' as days, user_id from school_members where last_name = 'Malá'`,
    );
    expect(soon).toEqual({ name: 'Jana Malá', days: 9, user_id: null });
    // Money (seed/demo-money.ts): months of payments, one instalment plan with an instalment fallen due and unpaid.
    const [money] = await one<Record<string, number>>(sql`select
      (select count(*)::int from payment_items) as payments,
      (select count(distinct to_char(paid_on, 'YYYY-MM'))::int from payment_items) as months,
      (select coalesce(sum(amount), 0)::int from student_instalments where due_on < date '2026-11-25') as fell_due,
      (select coalesce(sum(p.price), 0)::int from payment_items p join students s on s.id = p.student_id where s.registration_number = '2026/004') as paid_by_plan_student,
      (select count(*)::int from payment_items p join students s on s.id = p.student_id where s.registration_number = '2026/003') as adela`);
    expect(money).toMatchObject({ payments: 10, adela: 0, fell_due: 1_330_000, paid_by_plan_student: 670_000 });
    expect(money.months).toBeGreaterThanOrEqual(5);
    // No per-row round trips: the whole demo stays well inside the warm start budget of `npm start`.
    expect(ms).toBeLessThan(3000);
  });
});
