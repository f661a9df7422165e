// The answer of drivingLessonsRecord.getCalendarEvents: what the calendar draws, column by column. A week of a school
// with 20 teachers is ~460 items; as one object per item with its student, teacher and car it was ~335 KB, the same
// names repeated hundreds of times. Here every field is one array (item i is index i of each), the student, teacher
// and car are indexes into lookups sent once, and times are epoch milliseconds: ~80 KB for that week.
// `calendarItems` turns the answer back into one object per item with the lookups resolved (the client's view).
import type { CalendarEventType, LessonState } from '../enums.ts';

export interface CalendarPerson {
  id: string;
  firstName: string;
  lastName: string;
}
export interface CalendarCar {
  id: string;
  carType: string;
  regNumber: string;
}

export interface CalendarAnswer {
  /** The window's items in start order, one array per field. */
  items: {
    id: string[];
    type: CalendarEventType[];
    state: LessonState[];
    /** Start and end as epoch milliseconds. */
    start: number[];
    end: number[];
    length: number[];
    allDay: boolean[];
    /** Indexes into `students`, `teachers`, `cars`; null when the item has none. */
    student: (number | null)[];
    teacher: (number | null)[];
    car: (number | null)[];
    tachometerBefore: (number | null)[];
    tachometerAfter: (number | null)[];
    note: (string | null)[];
    signed: boolean[];
    teacherSigned: boolean[];
    /** The student booked it themselves ('Rezervoval žák', issue 19 §3). */
    bookedByStudent: boolean[];
  };
  students: CalendarPerson[];
  teachers: CalendarPerson[];
  cars: CalendarCar[];
}

/** One item as the calendar screen reads it, the lookups resolved. */
export interface CalendarItem {
  id: string;
  type: CalendarEventType;
  state: LessonState;
  startTime: Date;
  endTime: Date;
  length: number;
  allDay: boolean;
  studentId: string | null;
  student: CalendarPerson | null;
  userId: string | null;
  user: CalendarPerson | null;
  schoolCarId: string | null;
  schoolCar: CalendarCar | null;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  note: string | null;
  signed: boolean;
  teacherSigned: boolean;
  bookedByStudent: boolean;
}

const at = <T>(list: T[], index: number | null): T | null => (index === null ? null : (list[index] ?? null));

/** The answer as one object per item, in the answer's order. */
export function calendarItems(answer: CalendarAnswer): CalendarItem[] {
  const c = answer.items;
  const items: CalendarItem[] = new Array(c.id.length);
  for (let i = 0; i < c.id.length; i++) {
    const student = at(answer.students, c.student[i]);
    const user = at(answer.teachers, c.teacher[i]);
    const schoolCar = at(answer.cars, c.car[i]);
    items[i] = {
      id: c.id[i],
      type: c.type[i],
      state: c.state[i],
      startTime: new Date(c.start[i]),
      endTime: new Date(c.end[i]),
      length: c.length[i],
      allDay: c.allDay[i],
      studentId: student?.id ?? null,
      student,
      userId: user?.id ?? null,
      user,
      schoolCarId: schoolCar?.id ?? null,
      schoolCar,
      tachometerBefore: c.tachometerBefore[i],
      tachometerAfter: c.tachometerAfter[i],
      note: c.note[i],
      signed: c.signed[i],
      teacherSigned: c.teacherSigned[i],
      bookedByStudent: c.bookedByStudent?.[i] ?? false,
    };
  }
  return items;
}

/** An item back as a statement row: the client rebuilds its cached answer with a saved ride in it (`calendarAnswer`). */
export function calendarSourceRow(item: CalendarItem): CalendarSourceRow {
  return {
    id: item.id,
    type: item.type,
    state: item.state,
    start: item.startTime.getTime(),
    end: item.endTime.getTime(),
    length: item.length,
    allDay: item.allDay,
    studentId: item.student?.id ?? null,
    studentFirstName: item.student?.firstName ?? null,
    studentLastName: item.student?.lastName ?? null,
    teacherId: item.user?.id ?? null,
    teacherFirstName: item.user?.firstName ?? null,
    teacherLastName: item.user?.lastName ?? null,
    carId: item.schoolCar?.id ?? null,
    carType: item.schoolCar?.carType ?? null,
    regNumber: item.schoolCar?.regNumber ?? null,
    tachometerBefore: item.tachometerBefore,
    tachometerAfter: item.tachometerAfter,
    note: item.note,
    signed: item.signed,
    teacherSigned: item.teacherSigned,
    bookedByStudent: item.bookedByStudent,
  };
}

/** A calendar row as the statement reads it: the item's columns with its student's, teacher's and car's. */
export interface CalendarSourceRow {
  id: string;
  type: CalendarEventType;
  state: LessonState;
  start: number;
  end: number;
  length: number;
  allDay: boolean;
  studentId: string | null;
  studentFirstName: string | null;
  studentLastName: string | null;
  teacherId: string | null;
  teacherFirstName: string | null;
  teacherLastName: string | null;
  carId: string | null;
  carType: string | null;
  regNumber: string | null;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  note: string | null;
  signed: boolean;
  teacherSigned: boolean;
  bookedByStudent?: boolean;
}

/** Builds the answer from the statement's rows in one pass; each student, teacher and car enters its lookup once. */
export function calendarAnswer(rows: readonly CalendarSourceRow[]): CalendarAnswer {
  const n = rows.length;
  const items: CalendarAnswer['items'] = {
    id: new Array(n),
    type: new Array(n),
    state: new Array(n),
    start: new Array(n),
    end: new Array(n),
    length: new Array(n),
    allDay: new Array(n),
    student: new Array(n),
    teacher: new Array(n),
    car: new Array(n),
    tachometerBefore: new Array(n),
    tachometerAfter: new Array(n),
    note: new Array(n),
    signed: new Array(n),
    teacherSigned: new Array(n),
    bookedByStudent: new Array(n),
  };
  const answer: CalendarAnswer = { items, students: [], teachers: [], cars: [] };
  const studentIndex = new Map<string, number>();
  const teacherIndex = new Map<string, number>();
  const carIndex = new Map<string, number>();
  /** The index of `id` in `list`, adding it (made by `make`) the first time. */
  const lookup = <T>(id: string | null, index: Map<string, number>, list: T[], make: () => T): number | null => {
    if (id === null) return null;
    let i = index.get(id);
    if (i === undefined) {
      i = list.push(make()) - 1;
      index.set(id, i);
    }
    return i;
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    items.id[i] = r.id;
    items.type[i] = r.type;
    items.state[i] = r.state;
    items.start[i] = r.start;
    items.end[i] = r.end;
    items.length[i] = r.length;
    items.allDay[i] = r.allDay;
    items.student[i] = lookup(r.studentId, studentIndex, answer.students, () => ({
      id: r.studentId as string,
      firstName: r.studentFirstName ?? '',
      lastName: r.studentLastName ?? '',
    }));
    items.teacher[i] = lookup(r.teacherId, teacherIndex, answer.teachers, () => ({
      id: r.teacherId as string,
      firstName: r.teacherFirstName ?? '',
      lastName: r.teacherLastName ?? '',
    }));
    items.car[i] = lookup(r.carId, carIndex, answer.cars, () => ({ id: r.carId as string, carType: r.carType ?? '', regNumber: r.regNumber ?? '' }));
    items.tachometerBefore[i] = r.tachometerBefore;
    items.tachometerAfter[i] = r.tachometerAfter;
    items.note[i] = r.note;
    items.signed[i] = r.signed;
    items.teacherSigned[i] = r.teacherSigned;
    items.bookedByStudent[i] = r.bookedByStudent ?? false;
  }
  return answer;
}
