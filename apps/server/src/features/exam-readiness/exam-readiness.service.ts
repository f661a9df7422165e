// 'Cesta ke zkoušce' (issue 22 §3): the readiness forecast for the card, the student's place and the list
// 'Připraveni ke zkoušce / Brzy připraveni'. The data of any number of students is read in a fixed number of statements
// (the legal minimum's four, then one per kind of row here), then the pure rule runs per student
// (@volant/shared/exam-readiness/forecast).
import type { DbOrTx } from '@volant/db/client';
import { findTeacherCalendars } from '../booking/booking.queries.ts';
import { LESSON_KINDS, type LicenceGroup, LICENCE_GROUPS } from '@volant/shared/enums';
import {
  dayIndex,
  FORECAST_HORIZON_DAYS,
  type PlannedLesson,
  type PlannedRide,
  type ReadinessForecast,
  readinessForecast,
  type TeacherCalendar,
} from '@volant/shared/exam-readiness/forecast';
import type { Interval } from '@volant/shared/booking/rules';
import type { PlanItem } from '@volant/shared/lesson-plan/law';
import { addDays, type CalendarDate, schoolDateOf, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { daysBetween } from '@volant/shared/exam/rules';
import { AppError } from '../../lib/app-error.ts';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { MAX_ITEM_MS } from '../driving-lessons-record/driving-lessons-record.service.ts';
import { studentsLegalMinimum } from '../lesson-plan/legal-minimum.ts';
import {
  listBookedItems,
  listExamTerms,
  listForecastStudents,
  listGroupLessons,
  listLessonStudents,
  listPlannedTheory,
  listTrainingTeachers,
} from './exam-readiness.queries.ts';

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);
const isLessonKind = (t: string): t is PlannedRide['type'] => (LESSON_KINDS as readonly string[]).includes(t);

/** What leaves the server of one forecast: the rule's answer without the proposed slots' times (a count instead). */
export type ForecastView = Omit<ReadinessForecast, 'placed'> & { placedRides: number };

export interface StudentForecast {
  studentId: string;
  firstName: string;
  lastName: string;
  registrationNumber: string | null;
  groups: string[];
  /** The training teachers' names ('Učitel výcviku'). */
  teachers: string[];
  /** False: the student is not in training (IN_PROGRESS); no forecast then. */
  inTraining: boolean;
  forecast: ForecastView | null;
}

const view = ({ placed, ...rest }: ReadinessForecast): ForecastView => ({ ...rest, placedRides: placed.length });

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The order in which students in training get their teachers' free hours: earlier start of training first. */
const SHARING_ASSUMPTION =
  'Volné hodiny učitele dělí odhad mezi jeho žáky ve výcviku podle data zahájení výcviku (dřív zahájený dřív); skutečné rezervace pořadí mohou změnit.';

/**
 * The forecasts of every student in training of the school, read in bulk: the statements run are the same whatever
 * the number of students. A teacher's free hours are shared: the students are forecast one after another in the order
 * their training started, and the rides placed for one are busy for the next (so twenty students of one teacher do
 * not all get the same free week).
 */
async function forecastSchool(db: DbOrTx, schoolId: SchoolId, now: Date, only?: string): Promise<StudentForecast[]> {
  const today = schoolToday(now);
  const rows = await listForecastStudents(db, schoolId);
  const inTraining = rows.filter((s) => s.state === 'IN_PROGRESS');
  const ids = inTraining.map((s) => s.id);
  const from = schoolMidnight(today);
  const lastDay: CalendarDate = addDays(today, FORECAST_HORIZON_DAYS);
  const to = schoolMidnight(addDays(lastDay, 1));
  const [minimums, teacherRows, booked, lessons, lessonStudents, terms, theory] = await Promise.all([
    studentsLegalMinimum(db, schoolId, ids, today, now),
    listTrainingTeachers(db, schoolId, ids),
    ids.length ? listBookedItems(db, schoolId, from, to, MAX_ITEM_MS) : Promise.resolve([]),
    ids.length ? listGroupLessons(db, schoolId, from, to) : Promise.resolve([]),
    listLessonStudents(db, schoolId, ids),
    ids.length ? listExamTerms(db, schoolId, today) : Promise.resolve([]),
    listPlannedTheory(db, schoolId, ids, today),
  ]);
  const teacherIds = [...new Set(teacherRows.map((t) => t.teacherId))];
  // The booking's own read of working hours, absences and usual cars: one definition of a teacher's calendar.
  const cal = await findTeacherCalendars(db, schoolId, teacherIds, today, lastDay);

  // Busy items by teacher, car and student (each booked item and group lesson once).
  const teacherBusy = new Map<string, Interval[]>();
  const carBusy = new Map<string, Interval[]>();
  const studentBusy = new Map<string, Interval[]>();
  const plannedRides = new Map<string, PlannedRide[]>();
  for (const b of booked) {
    const it = { start: b.start, end: b.end };
    if (b.teacherId) pushTo(teacherBusy, b.teacherId, it);
    if (b.carId) pushTo(carBusy, b.carId, it);
    if (b.studentId) {
      pushTo(studentBusy, b.studentId, it);
      if (b.state === 'SCHEDULED' && isLessonKind(b.type)) pushTo(plannedRides, b.studentId, { type: b.type, start: b.start, end: b.end, length: b.length });
    }
  }
  const lessonById = new Map(lessons.map((l) => [l.id, l]));
  const lessonsByCourse = new Map<string, typeof lessons>();
  for (const l of lessons) {
    pushTo(teacherBusy, l.teacherId, { start: l.start, end: l.end });
    pushTo(lessonsByCourse, l.courseId, l);
  }
  const studentLessons = new Map<string, Map<string, (typeof lessons)[number]>>();
  const addLesson = (sid: string, l: (typeof lessons)[number]) => {
    const own = studentLessons.get(sid) ?? new Map();
    own.set(l.id, l);
    studentLessons.set(sid, own);
  };
  for (const c of lessonStudents.courseStudents) for (const l of lessonsByCourse.get(c.courseId) ?? []) addLesson(c.studentId, l);
  for (const x of lessonStudents.lessonStudents) {
    const l = lessonById.get(x.lessonId);
    if (l) addLesson(x.studentId, l);
  }

  const index = new Map<string, Map<CalendarDate, Interval[]>>();
  const indexed = (key: string, items: Interval[] | undefined) => {
    let found = index.get(key);
    if (!found) {
      found = dayIndex(items ?? []);
      index.set(key, found);
    }
    return found;
  };
  const mutableIndex = (key: string) => indexed(key, []);
  const calendars = new Map<string, TeacherCalendar>();
  for (const id of teacherIds) {
    calendars.set(id, {
      id,
      availability: cal.availability.filter((a) => a.teacherId === id),
      absences: cal.absences.filter((a) => a.teacherId === id),
      busy: indexed(`t:${id}`, teacherBusy.get(id)),
      cars: cal.cars.filter((c) => c.teacherId === id).map((c) => ({ id: c.carId, busy: indexed(`c:${c.carId}`, carBusy.get(c.carId)) })),
    });
  }
  // Výuka rows planned by a date: one 45-minute lesson each, on that day (no time of day is kept).
  const plannedTheory = new Map<string, PlannedLesson[]>();
  for (const t of theory) {
    if (!t.date) continue;
    const start = schoolMidnight(t.date);
    pushTo(plannedTheory, t.studentId, { type: t.type as PlanItem, start, end: start, units: 1 });
  }
  const minimumOf = new Map(minimums.map((m) => [m.studentId, m]));
  const examTerms = terms.map((t) => ({ ...t, signedUp: Number(t.signedUp) }));

  // Allocation order: training start (none last), then name and id, so the answer does not depend on the database's.
  const order = [...rows].sort(
    (a, b) =>
      (a.dateOfInProgress ?? '9999').localeCompare(b.dateOfInProgress ?? '9999') || a.lastName.localeCompare(b.lastName, 'cs') || a.id.localeCompare(b.id),
  );
  const answers = new Map<string, StudentForecast>();
  const involved = only ? sharingWith(only, teacherRows, cal.cars) : null;
  for (const s of order) {
    if (involved && !involved.has(s.id)) continue;
    const teachers = teacherRows.filter((t) => t.studentId === s.id);
    const head = {
      studentId: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      registrationNumber: s.registrationNumber,
      groups: s.groups,
      teachers: teachers.map((t) => `${t.firstName} ${t.lastName}`),
    };
    const minimum = minimumOf.get(s.id);
    if (s.state !== 'IN_PROGRESS' || !minimum) {
      answers.set(s.id, { ...head, inTraining: false, forecast: null });
      continue;
    }
    const own = [...(studentLessons.get(s.id)?.values() ?? [])];
    const lessonsPlanned: PlannedLesson[] = [
      ...own.filter((l) => l.start > now).map((l) => ({ type: l.type as PlanItem, start: l.start, end: l.end, units: l.units })),
      ...(plannedTheory.get(s.id) ?? []),
    ];
    const busy = [...(studentBusy.get(s.id) ?? []), ...own.map((l) => ({ start: l.start, end: l.end }))];
    const forecast = readinessForecast({
      today,
      groups: s.groups.filter(isGroup),
      birthDate: s.birthDate,
      trainingStart: s.dateOfInProgress,
      minimum,
      plannedRides: plannedRides.get(s.id) ?? [],
      plannedLessons: lessonsPlanned,
      teachers: teachers.map((t) => calendars.get(t.teacherId)).filter((t): t is TeacherCalendar => !!t),
      studentBusy: dayIndex(busy),
      examTerms,
    });
    // What was placed for this student is busy for the next ones (the teacher's and the car's day).
    for (const p of forecast.placed) {
      const item = { start: p.start, end: p.end };
      const day = schoolDateOf(p.start);
      pushTo(mutableIndex(`t:${p.teacherId}`), day, item);
      if (p.carId) pushTo(mutableIndex(`c:${p.carId}`), day, item);
    }
    if (forecast.status === 'ESTIMATE') forecast.assumptions.push(SHARING_ASSUMPTION);
    answers.set(s.id, { ...head, inTraining: true, forecast: view(forecast) });
  }
  return rows.map((s) => answers.get(s.id)).filter((a): a is StudentForecast => !!a);
}

/**
 * The students whose forecasts can touch `studentId`'s: those sharing a training teacher or a teacher's car with them,
 * and so on (a connected part of the school). Only their allocation decides this student's answer, in the same order.
 */
function sharingWith(
  studentId: string,
  teacherRows: readonly { studentId: string; teacherId: string }[],
  cars: readonly { teacherId: string; carId: string }[],
) {
  const students = new Set([studentId]);
  const teachers = new Set<string>();
  const carSet = new Set<string>();
  /** Adds `value` to `set`; true when it was new. */
  const add = (set: Set<string>, value: string) => !set.has(value) && !!set.add(value);
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of teacherRows) {
      if (students.has(t.studentId) && add(teachers, t.teacherId)) grew = true;
      if (teachers.has(t.teacherId) && add(students, t.studentId)) grew = true;
    }
    for (const c of cars) {
      if (teachers.has(c.teacherId) && add(carSet, c.carId)) grew = true;
      if (carSet.has(c.carId) && add(teachers, c.teacherId)) grew = true;
    }
  }
  return students;
}

/** The card's 'Cesta ke zkoušce' (NOT_FOUND when not the school's student). */
export async function getStudentForecast(deps: AppDeps, schoolId: SchoolId, studentId: string): Promise<StudentForecast> {
  const now = deps.now();
  const [student] = await listForecastStudents(deps.db, schoolId, studentId);
  if (!student) throw new AppError('STUDENT_NOT_FOUND');
  if (student.state !== 'IN_PROGRESS') {
    const teachers = await listTrainingTeachers(deps.db, schoolId, [studentId]);
    const { id, firstName, lastName, registrationNumber, groups } = student;
    return {
      studentId: id,
      firstName,
      lastName,
      registrationNumber,
      groups,
      teachers: teachers.map((t) => `${t.firstName} ${t.lastName}`),
      inTraining: false,
      forecast: null,
    };
  }
  // The school's whole allocation (the teacher's hours are shared in one order), then this student's answer.
  const found = (await forecastSchool(deps.db, schoolId, now, studentId)).find((s) => s.studentId === studentId);
  if (!found) throw new AppError('STUDENT_NOT_FOUND');
  return found;
}

/** The student's own forecast ('Můj výcvik' → Přehled): the session says whose. */
export function getMyForecast(deps: AppDeps, student: ProvenStudent): Promise<StudentForecast> {
  return getStudentForecast(deps, student.schoolId, student.studentId);
}

export interface ReadinessRow {
  studentId: string;
  firstName: string;
  lastName: string;
  registrationNumber: string | null;
  groups: string[];
  teachers: string[];
  /** READY: the legal minimum is met; SOON: the forecast end of training is within the window. */
  readiness: 'READY' | 'SOON';
  trainingEnd: CalendarDate;
  earliestExamDate: CalendarDate;
  examTerm: { id: string; date: CalendarDate; place: string } | null;
  applicationDeadline: CalendarDate;
  /** Days from today to the forecast end (0 when ready today). */
  daysToEnd: number;
  missing: string[];
  warnings: string[];
}

/** 'Připraveni ke zkoušce / Brzy připraveni': the students in training ready now or forecast to be within `soonDays`. */
export async function listReadiness(deps: AppDeps, schoolId: SchoolId, soonDays: number) {
  const now = deps.now();
  const today = schoolToday(now);
  const all = await forecastSchool(deps.db, schoolId, now);
  const rows: ReadinessRow[] = [];
  let unknown = 0;
  for (const s of all) {
    const f = s.forecast;
    if (!f) continue;
    if (f.status === 'UNKNOWN' || !f.trainingEnd || !f.earliestExamDate || !f.applicationDeadline) {
      unknown++;
      continue;
    }
    const daysToEnd = Math.max(0, daysBetween(today, f.trainingEnd));
    const readiness = f.status === 'READY' ? 'READY' : daysToEnd <= soonDays ? 'SOON' : null;
    if (!readiness) continue;
    const { forecast: _f, inTraining: _i, ...head } = s;
    rows.push({
      ...head,
      readiness,
      trainingEnd: f.trainingEnd,
      earliestExamDate: f.earliestExamDate,
      examTerm: f.examTerm,
      applicationDeadline: f.applicationDeadline,
      daysToEnd,
      missing: f.sections.filter((x) => x.missing > 0).map((x) => `${x.label}: ${x.missing}`),
      warnings: f.warnings,
    });
  }
  rows.sort(
    (a, b) =>
      (a.readiness === b.readiness ? 0 : a.readiness === 'READY' ? -1 : 1) ||
      a.trainingEnd.localeCompare(b.trainingEnd) ||
      a.lastName.localeCompare(b.lastName, 'cs'),
  );
  return { today, soonDays, inTraining: all.filter((s) => s.inTraining).length, unknown, rows };
}
