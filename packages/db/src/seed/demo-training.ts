// The demo school's training (issue 8): a month of rides, PV lessons and a car reservation around today, plus the
// theory lessons of the started students. Planned as plain rows by a pure function (deterministic given `now`, no
// clock or randomness of its own), then written in a few multi-row inserts.
//
// The schedule is built from free slots per teacher, car and student (working days 7:00–18:00 in the school's zone), so
// the database's exclusion constraints (no teacher or car booked twice) never refuse it. Past rides are registered
// (COMPLETED, both signatures, the car's tachometer carried from ride to ride), except a few the trainings page
// should flag: the two latest not registered, one without the student's signature, one without the teacher's, one
// cancelled by the student; one upcoming ride is cancelled by the school.
import type { LicenceGroup, LessonKind, LessonState, TeachingSection, TrainingKind, TrainingType } from '@volant/shared/enums';
import { TEACHING_SECTIONS } from '@volant/shared/enums';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import { addDays, type CalendarDate, dayOfWeek, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import type { Tx } from '../client.ts';
import { schema } from '../schema.ts';

/** Two different signatures in the safe SVG subset the signature dialog stores (300 × 400 canvas). */
export const DEMO_STUDENT_SIGNATURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><path d="M 20 200 C 60 120 120 280 180 200 S 260 160 280 210" fill="none" stroke="black" stroke-width="3"/></svg>';
export const DEMO_TEACHER_SIGNATURE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><path d="M 30 240 L 70 150 L 110 250 C 150 170 190 170 210 230 L 270 180" fill="none" stroke="black" stroke-width="3"/></svg>';

export const WORKDAY_START_MINUTES = 7 * 60;
export const WORKDAY_END_MINUTES = 18 * 60;
/** How far back and ahead the month of in-progress training reaches (days). */
export const WINDOW_BACK_DAYS = 21;
export const WINDOW_AHEAD_DAYS = 7;
const STEP_MINUTES = 30;

export interface DemoLearner {
  studentId: string;
  /** Rides and PV-ÚV with this teacher and car; PV-ZP with `pvZpTeacherId` and no car. */
  teacherId: string;
  carId: string;
  pvZpTeacherId: string;
  /** First and last day lessons may fall on. */
  from: CalendarDate;
  to: CalendarDate;
  /** Finished training: a full course of rides spread over the period, all registered. In progress: a ride every other weekday. */
  finished: boolean;
}

export interface DemoTrainingStudent {
  id: string;
  state: string;
  groups: LicenceGroup[];
  trainingKind: TrainingKind;
  trainingType: TrainingType;
  dateOfInProgress: CalendarDate | null;
  dateOfFinished: CalendarDate | null;
}

export interface DemoTrainingInput {
  now: Date;
  createdBy: string;
  learners: DemoLearner[];
  /** An all-day 'Blokace vozidla' of this car on the first weekday 4+ days ahead (e.g. the STK visit). */
  reservation: { carId: string; note: string };
  /** Cars' tachometers before their first ride in the plan. */
  odometers: Record<string, number>;
  /** Theory lessons: the started students and who teaches which section. */
  students: DemoTrainingStudent[];
  sectionTeacher: (section: TeachingSection, studentIndex: number) => string;
}

export interface DemoRide {
  type: LessonKind | 'CAR_RESERVATION';
  state: LessonState;
  studentId: string | null;
  teacherId: string | null;
  schoolCarId: string | null;
  startTime: Date;
  endTime: Date;
  length: number;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  signature: string | null;
  teacherSignature: string | null;
  allDay: boolean;
  note: string | null;
  createdBy: string;
}

export interface DemoTeachingLesson {
  studentId: string;
  type: TeachingSection;
  position: number;
  teacherId: string | null;
  date: CalendarDate | null;
  /** Held lessons (dated yesterday or earlier) are attended; the rest are not given yet. */
  attendedAt: Date | null;
}

/** Czech public holidays fixed by date (zákon 245/2000 Sb.), 'MM-DD'. */
const FIXED_HOLIDAYS = ['01-01', '05-01', '05-08', '07-05', '07-06', '09-28', '10-28', '11-17', '12-24', '12-25', '12-26'];

/** Easter Sunday of a year (the Gregorian computus). */
function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) % 30;
  const e = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - d - (c % 4)) % 7;
  const f = d + e - 7 * Math.floor((a + 11 * d + 22 * e) / 451) + 114;
  return `${year}-${String(Math.floor(f / 31)).padStart(2, '0')}-${String((f % 31) + 1).padStart(2, '0')}`;
}

/** A Czech public holiday: the fixed ones, Good Friday and Easter Monday. */
export function isPublicHoliday(day: CalendarDate): boolean {
  if (FIXED_HOLIDAYS.includes(day.slice(5))) return true;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day === addDays(easter, -2) || day === addDays(easter, 1);
}

/** A working day of the school: Monday to Friday, not a public holiday. */
const isWeekday = (day: CalendarDate) => dayOfWeek(day) <= 5 && !isPublicHoliday(day);
/** The weekday on or after a day. */
const weekdayFrom = (day: CalendarDate) => {
  let d = day;
  while (!isWeekday(d)) d = addDays(d, 1);
  return d;
};
/** The instant of a wall-clock minute of a weekday in the school's zone (offset changes happen on Sundays only). */
const midnights = new Map<CalendarDate, number>();
const at = (day: CalendarDate, minutes: number) => {
  let midnight = midnights.get(day);
  if (midnight === undefined) {
    midnight = schoolMidnight(day).getTime();
    midnights.set(day, midnight);
  }
  return new Date(midnight + minutes * 60_000);
};

/** Who is busy when: one list of [start, end) per teacher, car and student. */
class Bookings {
  private busy = new Map<string, [number, number][]>();
  free(ids: (string | null)[], start: number, end: number) {
    return ids.every((id) => !id || !(this.busy.get(id) ?? []).some(([s, e]) => s < end && start < e));
  }
  take(ids: (string | null)[], start: number, end: number) {
    for (const id of ids) if (id) this.busy.set(id, [...(this.busy.get(id) ?? []), [start, end]]);
  }
  /** The first free slot of `length` minutes on the day from `preferred` on (wrapping to the morning), or null. */
  place(day: CalendarDate, preferred: number, length: number, ids: (string | null)[]) {
    const starts: number[] = [];
    for (let m = WORKDAY_START_MINUTES; m + length <= WORKDAY_END_MINUTES; m += STEP_MINUTES) starts.push(m);
    const first = Math.max(
      0,
      starts.findIndex((m) => m >= preferred),
    );
    for (let i = 0; i < starts.length; i++) {
      const m = starts[(first + i) % starts.length];
      const start = at(day, m);
      const end = at(day, m + length);
      if (this.free(ids, start.getTime(), end.getTime())) {
        this.take(ids, start.getTime(), end.getTime());
        return { start, end };
      }
    }
    return null;
  }
}

/** The rides, PV lessons and the reservation, in the order they were planned. */
export function planDemoRides(input: DemoTrainingInput): DemoRide[] {
  const { now, createdBy } = input;
  const today = schoolToday(now);
  const bookings = new Bookings();
  const rides: (DemoRide & { window: boolean })[] = [];
  const blank = { tachometerBefore: null, tachometerAfter: null, signature: null, teacherSignature: null, allDay: false, note: null, createdBy };

  // The car's day at the testing station first, so no ride is planned into it.
  const blockedDay = weekdayFrom(addDays(today, 4));
  const dayStart = schoolMidnight(blockedDay);
  const dayEnd = schoolMidnight(addDays(blockedDay, 1));
  bookings.take([input.reservation.carId], dayStart.getTime(), dayEnd.getTime());
  rides.push({
    ...blank,
    type: 'CAR_RESERVATION',
    state: 'SCHEDULED',
    studentId: null,
    teacherId: null,
    schoolCarId: input.reservation.carId,
    startTime: dayStart,
    endTime: dayEnd,
    length: Math.round((dayEnd.getTime() - dayStart.getTime()) / 60_000),
    allDay: true,
    note: input.reservation.note,
    window: false,
  });

  // Finished training first (long ago), then the month around today day by day, learners in a fixed order.
  const PV_ORDER: LessonKind[] = ['PV_ZP', 'PV_UV', 'PV_ZP', 'PV_ZP', 'PV_UV'];
  const FINISHED_RIDES = 14;
  const plan = (learner: DemoLearner, li: number, day: CalendarDate, dayIndex: number, type: LessonKind, length: number, window: boolean) => {
    const pvZp = type === 'PV_ZP';
    const teacherId = pvZp ? learner.pvZpTeacherId : learner.teacherId;
    const schoolCarId = pvZp ? null : learner.carId;
    const preferred = WORKDAY_START_MINUTES + ((dayIndex * 5 + li * 3) % 9) * 60;
    const slot = bookings.place(day, preferred, length, [teacherId, schoolCarId, learner.studentId]);
    if (!slot) return false;
    rides.push({
      ...blank,
      type,
      state: 'SCHEDULED',
      studentId: learner.studentId,
      teacherId,
      schoolCarId,
      startTime: slot.start,
      endTime: slot.end,
      length,
      window,
    });
    return true;
  };

  const windowFrom = addDays(today, -WINDOW_BACK_DAYS);
  const windowTo = addDays(today, WINDOW_AHEAD_DAYS);
  for (const [li, learner] of input.learners.entries()) {
    if (!learner.finished) continue;
    // The whole course spread evenly over the period's working days: a PV lesson every fourth item while any is left.
    const days: CalendarDate[] = [];
    for (let day = learner.from; day <= learner.to && day < today; day = addDays(day, 1)) if (isWeekday(day)) days.push(day);
    const items = FINISHED_RIDES + PV_ORDER.length;
    let pv = 0;
    let next = 0;
    for (let j = 0; j < items; j++) {
      const type = j % 4 === 1 && pv < PV_ORDER.length ? PV_ORDER[pv++] : 'DRIVING';
      // On the item's day or, when nobody is free, the next working days.
      for (let d = Math.max(next, Math.floor((j * days.length) / items)); d < days.length; d++) {
        if (plan(learner, li, days[d], d, type, type === 'DRIVING' ? 90 : 60, false)) {
          next = d + 1;
          break;
        }
      }
    }
  }
  const pvDone = new Map<string, number>();
  let dayIndex = 0;
  for (let day = windowFrom; day <= windowTo; day = addDays(day, 1)) {
    if (!isWeekday(day)) continue;
    dayIndex++;
    for (const [li, learner] of input.learners.entries()) {
      if (learner.finished || day < learner.from || day > learner.to) continue;
      if ((dayIndex + li) % 2 === 0) {
        plan(learner, li, day, dayIndex, 'DRIVING', (dayIndex * 3 + li) % 7 === 0 ? 45 : 90, true);
      } else if ((dayIndex + li) % 4 === 1) {
        const done = pvDone.get(learner.studentId) ?? 0;
        if (done < PV_ORDER.length && plan(learner, li, day, dayIndex, PV_ORDER[done], 60, true)) pvDone.set(learner.studentId, done + 1);
      }
    }
  }

  // Register what is over; leave a few for the trainings page to flag.
  const nowMs = now.getTime();
  for (const r of rides) {
    if (r.type !== 'CAR_RESERVATION' && r.endTime.getTime() <= nowMs) {
      r.state = 'COMPLETED';
      r.signature = DEMO_STUDENT_SIGNATURE;
      r.teacherSignature = DEMO_TEACHER_SIGNATURE;
    }
  }
  const byStart = (a: DemoRide, b: DemoRide) => a.startTime.getTime() - b.startTime.getTime();
  const pastDriving = rides.filter((r) => r.window && r.type === 'DRIVING' && r.state === 'COMPLETED').sort(byStart);
  const fromEnd = (n: number) => pastDriving[pastDriving.length - n];
  for (const r of [fromEnd(1), fromEnd(2)]) if (r) Object.assign(r, { state: 'SCHEDULED', signature: null, teacherSignature: null });
  if (fromEnd(4)) fromEnd(4).signature = null;
  if (fromEnd(6)) fromEnd(6).teacherSignature = null;
  if (fromEnd(8)) Object.assign(fromEnd(8), { state: 'CANCELLED_BY_STUDENT', signature: null, teacherSignature: null, note: 'Žák se omluvil, nemoc.' });
  const upcoming = rides.filter((r) => r.window && r.type === 'DRIVING' && r.startTime.getTime() > nowMs).sort(byStart);
  if (upcoming[1]) Object.assign(upcoming[1], { state: 'CANCELLED_BY_TEACHER', note: 'Učitel je na školení.' });

  // Each car's tachometer runs on from ride to ride (before = the previous registered ride's after).
  const odometer = new Map(Object.entries(input.odometers));
  for (const r of rides.filter((x) => x.type === 'DRIVING' && x.state === 'COMPLETED' && x.schoolCarId).sort(byStart)) {
    const carId = r.schoolCarId as string;
    const before = odometer.get(carId) ?? 0;
    const km = r.length >= 90 ? 24 + ((r.startTime.getTime() / 60_000) % 23) : 11 + ((r.startTime.getTime() / 60_000) % 9);
    r.tachometerBefore = before;
    r.tachometerAfter = before + Math.round(km);
    odometer.set(carId, r.tachometerAfter);
  }
  return rides.map(({ window: _, ...r }) => r);
}

const FINISHED_STATES = ['FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE'];

/**
 * The theory lessons of every started student: as many rows per section as the legal plan asks (no school raises),
 * the first ones held (date and teacher) — all of them for finished training, about half in progress, a quarter for
 * a student who left — on weekdays spread between the start and yesterday (or the end of training).
 */
export function planDemoTeaching(input: DemoTrainingInput): DemoTeachingLesson[] {
  const today = schoolToday(input.now);
  const out: DemoTeachingLesson[] = [];
  for (const [si, s] of input.students.entries()) {
    if (!s.dateOfInProgress) continue;
    const plan = studentPlan({ groups: s.groups, kind: s.trainingKind, type: s.trainingType }, [], s.dateOfInProgress);
    const finished = FINISHED_STATES.includes(s.state);
    const last = finished && s.dateOfFinished ? addDays(s.dateOfFinished, -1) : s.state === 'STORNO' ? addDays(s.dateOfInProgress, 30) : addDays(today, -1);
    const span = Math.max(0, Math.round((schoolMidnight(last).getTime() - schoolMidnight(s.dateOfInProgress).getTime()) / 86_400_000));
    for (const section of TEACHING_SECTIONS) {
      const total = plan.items[section].hours;
      const held = finished ? total : s.state === 'STORNO' ? Math.floor(total / 4) : Math.ceil(total / 2);
      for (let position = 1; position <= total; position++) {
        let date: CalendarDate | null = null;
        if (position <= held) {
          date = addDays(s.dateOfInProgress, Math.floor((position * span) / (held + 1)));
          while (!isWeekday(date)) date = addDays(date, -1);
          if (date < s.dateOfInProgress) date = weekdayFrom(s.dateOfInProgress);
        }
        out.push({
          studentId: s.id,
          type: section,
          position,
          teacherId: date ? input.sectionTeacher(section, si) : null,
          date,
          attendedAt: date ? input.now : null,
        });
      }
    }
  }
  return out;
}

/** Writes the plan: one multi-row insert per table. */
export async function insertDemoTraining(tx: Tx, schoolId: string, input: DemoTrainingInput) {
  const rides = planDemoRides(input);
  const lessons = planDemoTeaching(input);
  if (rides.length) await tx.insert(schema.drivingLessonRecords).values(rides.map((r) => ({ ...r, schoolId })));
  if (lessons.length) await tx.insert(schema.teachingLessonRecords).values(lessons.map((l) => ({ ...l, schoolId })));
  return { rides: rides.length, lessons: lessons.length };
}
