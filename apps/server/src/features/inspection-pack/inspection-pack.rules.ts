// 'Kontrola konzistence' (issue 22 §2): the consistency report of an inspection pack. Pure rules over rows the pack
// has loaded (inspection-pack.queries.ts): no clock (the pack's `today` is passed), no database. One section per check,
// in the order the report prints them; every finding names its record (date, time, student, car or teacher). A clean
// school gives 'Bez nálezů' in every section (CLEAN_TEXT).
//
// What the data cannot show is said, not guessed: a teacher's licence and a car's STK are kept as one date each (the
// latest known validity), so a lapse that was later renewed cannot be seen (SECTION_NOTES).
import { type CalendarEventType, LESSON_UNIT_MINUTES, type LessonState, type ExamResult, type ExamType, type LicenceGroup } from '@volant/shared/enums';
import { addMonths, allRequiredPassed, daysBetween, EXAM_APPLICATION_DAYS } from '@volant/shared/exam/rules';
import { formatDate, formatTime } from '@volant/shared/format';
import { dailyDrivingLimitHours, hoursText, lapsedBefore } from '@volant/shared/driving-lessons-record/rules';
import { lessonHours } from '@volant/shared/lesson-plan/law';
import { addDays, schoolDateOf } from '@volant/shared/school-time';

export const CLEAN_TEXT = 'Bez nálezů';

/** A ride, PV lesson (or a planned one) of the range, with the names the report prints. */
export interface RideRow {
  id: string;
  type: Exclude<CalendarEventType, 'CAR_RESERVATION'>;
  state: LessonState;
  startTime: Date;
  endTime: Date;
  /** Minutes. */
  length: number;
  studentId: string;
  student: string;
  studentGroups: readonly string[];
  teacherId: string | null;
  teacher: string | null;
  teacherLicenceValidUntil: string | null;
  carId: string | null;
  car: string | null;
  carStkValidUntil: string | null;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  hasSignature: boolean;
  hasTeacherSignature: boolean;
  changedAfterSigningAt: Date | null;
}

/** A car's last registered ride before the range (so the first ride of the range is compared too). */
export interface PreviousOdometer {
  carId: string;
  rideId: string;
  startTime: Date;
  tachometerAfter: number;
}

/** A student's theory hour of the range marked attended, without a teacher. */
export interface TheoryRow {
  id: string;
  date: string;
  section: string;
  student: string;
  teacherId: string | null;
}

export interface StudentDeadlineRow {
  id: string;
  student: string;
  groups: readonly string[];
  state: string;
  dateOfInProgress: string | null;
  dateOfFinished: string | null;
  /** Training ended early ('Ukončit předčasně': a transfer, a drop-out): no exam application is due from this school. */
  earlyEnd: boolean;
  /** The school day the first exam sign-up after the end of training was made (the application), if any. */
  firstSignUpOn: string | null;
  /** The student's exam results: date of the term, type, group, result. */
  exams: readonly { date: string; type: ExamType; group: LicenceGroup; result: ExamResult | null }[];
}

export interface Finding {
  /** 'YYYY-MM-DD' of the record. */
  date: string;
  /** 'HH:MM–HH:MM' in the school's zone, or '' for a record without a time. */
  time: string;
  student: string;
  /** The car and/or the teacher the record names ('1AB2345, Jan Novák'), or ''. */
  subject: string;
  text: string;
}

export const CHECKS = [
  'odometer',
  'unsigned',
  'unregistered',
  'dailyLimit',
  'noTeacher',
  'trainingDeadline',
  'examDeadlines',
  'teacherLicence',
  'carStk',
  'changedAfterSigning',
] as const;
export type CheckKey = (typeof CHECKS)[number];

export const SECTION_TITLES: Record<CheckKey, string> = {
  odometer: 'Návaznost stavu tachometru (mezery a překryvy po vozidlech)',
  unsigned: 'Jízdy bez podpisu žadatele nebo učitele',
  unregistered: 'Jízdy nezapsané jako odjeté (po termínu stále naplánované)',
  dailyLimit: 'Překročení denního limitu výcviku v řízení',
  noTeacher: 'Výuka a výcvik bez učitele',
  trainingDeadline: 'Žáci po lhůtě 18 měsíců od zahájení výcviku',
  examDeadlines: 'Lhůty ke zkoušce (přihláška do 15 dnů, zkoušky do 12 měsíců)',
  teacherLicence: 'Jízdy učitele s propadlým profesním osvědčením',
  carStk: 'Jízdy vozidla s propadlou STK',
  changedAfterSigning: 'Záznamy opravené po podpisu',
};

/** What the data cannot show, printed under the section's title. */
export const SECTION_NOTES: Partial<Record<CheckKey, string>> = {
  dailyLimit:
    'Limit podle § 27 odst. 2 písm. b) zákona 247/2000 Sb.: 4 h denně, pro skupiny AM, A1, A2, A, B1 a B 2 h (etapy výcviku neevidujeme, platí přísnější limit). Počítají se jízdy odjeté i naplánované, ne zrušené.',
  trainingDeadline:
    'Výklad lhůty je sporný (ombudsman ji čte jen jako nejdřívější zahájení); uvádíme ji jako upozornění. U neukončeného výcviku se počítá ke dni vytvoření podkladů.',
  teacherLicence: 'Platnost osvědčení je evidována jedním datem (poslední známým); propadnutí, které bylo později obnoveno, z dat zjistit nelze.',
  carStk: 'Platnost STK je evidována jedním datem (poslední známým); propadnutí, které bylo později obnoveno, z dat zjistit nelze.',
  noTeacher: 'Skupinové lekce kurzů mají učitele vždy (databáze jinou nepřipustí); kontrolují se jízdy a hodiny teorie zapsané žákům.',
};

export interface ConsistencySection {
  key: CheckKey;
  title: string;
  note: string | null;
  findings: Finding[];
}

export interface ConsistencyInput {
  /** The range, both days included. */
  from: string;
  to: string;
  /** The school's day the pack is made. */
  today: string;
  /** This instant (a planned ride that ended before it is 'not registered'). */
  now: Date;
  rides: readonly RideRow[];
  previousOdometer: readonly PreviousOdometer[];
  theory: readonly TheoryRow[];
  students: readonly StudentDeadlineRow[];
}

const time = (r: { startTime: Date; endTime: Date }) => `${formatTime(r.startTime)}–${formatTime(r.endTime)}`;
const dayOf = (r: { startTime: Date }) => schoolDateOf(r.startTime);
const both = (...parts: (string | null)[]) => parts.filter((p): p is string => !!p).join(', ');
const rideFinding = (r: RideRow, subject: string, text: string): Finding => ({ date: dayOf(r), time: time(r), student: r.student, subject, text });
const byTime = (a: { startTime: Date }, b: { startTime: Date }) => a.startTime.getTime() - b.startTime.getTime();
const sortFindings = (list: Finding[]) =>
  list.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.student.localeCompare(b.student, 'cs'));

/** A registered ride with both odometer readings counts for the car's continuity. */
const registered = (r: RideRow) => r.state === 'COMPLETED';

/** Per car, by start: each registered ride's tachometerBefore against the previous registered ride's tachometerAfter. */
export function odometerFindings(rides: readonly RideRow[], previous: readonly PreviousOdometer[]): Finding[] {
  const out: Finding[] = [];
  const byCar = new Map<string, RideRow[]>();
  for (const r of rides) {
    if (!r.carId || !registered(r)) continue;
    const list = byCar.get(r.carId) ?? [];
    list.push(r);
    byCar.set(r.carId, list);
  }
  const before = new Map(previous.map((p) => [p.carId, p]));
  for (const [carId, list] of byCar) {
    list.sort(byTime);
    let last: { after: number; label: string } | null = null;
    const p = before.get(carId);
    if (p) last = { after: p.tachometerAfter, label: `předchozí jízdě (${formatDate(schoolDateOf(p.startTime))} ${formatTime(p.startTime)})` };
    for (const r of list) {
      const subject = both(r.car, r.teacher);
      if (r.tachometerBefore !== null && r.tachometerAfter !== null && r.tachometerAfter < r.tachometerBefore)
        out.push(rideFinding(r, subject, `Stav tachometru po jízdě (${r.tachometerAfter} km) je nižší než před jízdou (${r.tachometerBefore} km).`));
      if (r.tachometerBefore !== null && last !== null && r.tachometerBefore !== last.after) {
        const diff = r.tachometerBefore - last.after;
        out.push(
          rideFinding(
            r,
            subject,
            diff > 0
              ? `Mezera ${diff} km: stav před jízdou ${r.tachometerBefore} km, po ${last.label} ${last.after} km.`
              : `Překryv ${-diff} km: stav před jízdou ${r.tachometerBefore} km je nižší než po ${last.label} (${last.after} km).`,
          ),
        );
      }
      if (r.tachometerAfter !== null) last = { after: r.tachometerAfter, label: `předchozí jízdě (${formatDate(dayOf(r))} ${formatTime(r.startTime)})` };
    }
  }
  return sortFindings(out);
}

/** Registered rides and PV lessons missing the student's or the teacher's signature. */
export function unsignedFindings(rides: readonly RideRow[]): Finding[] {
  const out: Finding[] = [];
  for (const r of rides) {
    if (!registered(r) || (r.hasSignature && r.hasTeacherSignature)) continue;
    const missing = [!r.hasSignature && 'podpis žadatele', !r.hasTeacherSignature && 'podpis učitele'].filter(Boolean).join(' a ');
    out.push(rideFinding(r, both(r.car, r.teacher), `Chybí ${missing}.`));
  }
  return sortFindings(out);
}

/** Planned rides whose end has passed and which were neither registered nor cancelled. */
export function unregisteredFindings(rides: readonly RideRow[], now: Date): Finding[] {
  return sortFindings(
    rides
      .filter((r) => r.state === 'SCHEDULED' && r.endTime.getTime() <= now.getTime())
      .map((r) => rideFinding(r, both(r.car, r.teacher), 'Jízda proběhla podle plánu, ale není zapsána jako odjetá ani zrušená.')),
  );
}

const cancelled = (s: LessonState) => s === 'CANCELLED_BY_STUDENT' || s === 'CANCELLED_BY_TEACHER';

/** Per student and school day: DRIVING minutes (registered or planned) over the law's daily limit. */
export function dailyLimitFindings(rides: readonly RideRow[]): Finding[] {
  const days = new Map<string, RideRow[]>();
  for (const r of rides) {
    if (r.type !== 'DRIVING' || cancelled(r.state)) continue;
    const key = `${r.studentId}|${dayOf(r)}`;
    const list = days.get(key) ?? [];
    list.push(r);
    days.set(key, list);
  }
  const out: Finding[] = [];
  for (const list of days.values()) {
    const first = list[0];
    if (!first) continue;
    const minutes = list.reduce((s, r) => s + r.length, 0);
    const limit = dailyDrivingLimitHours(first.studentGroups);
    if (minutes <= limit * LESSON_UNIT_MINUTES) continue;
    list.sort(byTime);
    const last = list[list.length - 1] ?? first;
    out.push({
      date: dayOf(first),
      time: `${formatTime(first.startTime)}–${formatTime(last.endTime)}`,
      student: first.student,
      subject: [...new Set(list.map((r) => both(r.car, r.teacher)))].join('; '),
      text: `${hoursText(lessonHours(minutes))} h výcviku v řízení v jednom dni (${list.length} jízd), zákon dovoluje nejvýše ${limit} h.`,
    });
  }
  return sortFindings(out);
}

/** Rides (not cancelled) and attended theory hours without a teacher. */
export function noTeacherFindings(rides: readonly RideRow[], theory: readonly TheoryRow[]): Finding[] {
  const out: Finding[] = [];
  for (const r of rides) if (!r.teacherId && !cancelled(r.state)) out.push(rideFinding(r, r.car ?? '', 'Jízda nemá zapsaného učitele.'));
  for (const t of theory)
    if (!t.teacherId) out.push({ date: t.date, time: '', student: t.student, subject: '', text: `Hodina teorie (${t.section}) nemá zapsaného učitele.` });
  return sortFindings(out);
}

/** Training that began more than 18 months before it ended (or before today, when it has not ended). */
export function trainingDeadlineFindings(students: readonly StudentDeadlineRow[], today: string): Finding[] {
  const out: Finding[] = [];
  for (const s of students) {
    if (!s.dateOfInProgress) continue;
    const limit = addMonths(s.dateOfInProgress, 18);
    const end = s.dateOfFinished ?? today;
    if (end <= limit) continue;
    out.push({
      date: s.dateOfInProgress,
      time: '',
      student: s.student,
      subject: '',
      text: s.dateOfFinished
        ? `Výcvik zahájen ${formatDate(s.dateOfInProgress)} a ukončen ${formatDate(s.dateOfFinished)}, po lhůtě 18 měsíců (${formatDate(limit)}).`
        : `Výcvik zahájen ${formatDate(s.dateOfInProgress)} a dosud neukončen; lhůta 18 měsíců uplynula ${formatDate(limit)}.`,
    });
  }
  return sortFindings(out);
}

const finishedStates = new Set(['FINISHED', 'TO_EXAM', 'EXAM_CORRECTION', 'DONE']);

/**
 * legal-cz §7.2 and §7.4: the exam application filed no later than 15 days after the end of training (the first exam
 * sign-up after it, by the day it was made), and every part passed within 12 months of the first exam.
 */
export function examDeadlineFindings(students: readonly StudentDeadlineRow[], today: string): Finding[] {
  const out: Finding[] = [];
  for (const s of students) {
    if (s.dateOfFinished && finishedStates.has(s.state) && !s.earlyEnd) {
      const deadline = addDays(s.dateOfFinished, EXAM_APPLICATION_DAYS);
      if (s.firstSignUpOn ? s.firstSignUpOn > deadline : deadline < today)
        out.push({
          date: s.dateOfFinished,
          time: '',
          student: s.student,
          subject: '',
          text: s.firstSignUpOn
            ? `Výcvik ukončen ${formatDate(s.dateOfFinished)}, přihláška ke zkoušce podána ${formatDate(s.firstSignUpOn)}, po lhůtě 15 dnů (${formatDate(deadline)}).`
            : `Výcvik ukončen ${formatDate(s.dateOfFinished)}, přihláška ke zkoušce nepodána, lhůta 15 dnů uplynula ${formatDate(deadline)}.`,
        });
    }
    const held = s.exams.filter((e) => e.result === 'SUCCESS' || e.result === 'FAIL').sort((a, b) => a.date.localeCompare(b.date));
    const first = held[0];
    if (!first) continue;
    const windowEnd = addDays(addMonths(first.date, 12), -1);
    const groups = s.groups as LicenceGroup[];
    const passedInWindow = held.filter((e) => e.result === 'SUCCESS' && e.date <= windowEnd);
    if (allRequiredPassed(groups, passedInWindow) || daysBetween(windowEnd, today) <= 0) continue;
    out.push({
      date: first.date,
      time: '',
      student: s.student,
      subject: '',
      text: `První zkouška ${formatDate(first.date)}; všechny části nebyly složeny do 12 měsíců (${formatDate(windowEnd)}).`,
    });
  }
  return sortFindings(out);
}

/** Rides (not cancelled) given by a teacher whose licence had lapsed before the ride's day. */
export function teacherLicenceFindings(rides: readonly RideRow[]): Finding[] {
  return sortFindings(
    rides
      .filter((r) => r.teacherId && !cancelled(r.state) && lapsedBefore(r.teacherLicenceValidUntil, dayOf(r)))
      .map((r) => rideFinding(r, both(r.teacher, r.car), `Učiteli vypršelo profesní osvědčení ${formatDate(r.teacherLicenceValidUntil)}.`)),
  );
}

/** Rides (not cancelled) in a car whose STK had lapsed before the ride's day. */
export function carStkFindings(rides: readonly RideRow[]): Finding[] {
  return sortFindings(
    rides
      .filter((r) => r.carId && !cancelled(r.state) && lapsedBefore(r.carStkValidUntil, dayOf(r)))
      .map((r) => rideFinding(r, both(r.car, r.teacher), `Vozidlu vypršela STK ${formatDate(r.carStkValidUntil)}.`)),
  );
}

/** Signed rides whose content changed after signing ('Upraveno po podpisu'). */
export function changedAfterSigningFindings(rides: readonly RideRow[]): Finding[] {
  return sortFindings(
    rides
      .filter((r) => r.changedAfterSigningAt)
      .map((r) =>
        rideFinding(
          r,
          both(r.car, r.teacher),
          `Záznam byl změněn po podpisu (${formatDate(schoolDateOf(r.changedAfterSigningAt as Date))} ${formatTime(r.changedAfterSigningAt as Date)}).`,
        ),
      ),
  );
}

/** Each check over the loaded rows (a caller may run them one at a time, yielding between them). */
export const CHECK_RUNNERS: Record<CheckKey, (input: ConsistencyInput) => Finding[]> = {
  odometer: (i) => odometerFindings(i.rides, i.previousOdometer),
  unsigned: (i) => unsignedFindings(i.rides),
  unregistered: (i) => unregisteredFindings(i.rides, i.now),
  dailyLimit: (i) => dailyLimitFindings(i.rides),
  noTeacher: (i) => noTeacherFindings(i.rides, i.theory),
  trainingDeadline: (i) => trainingDeadlineFindings(i.students, i.today),
  examDeadlines: (i) => examDeadlineFindings(i.students, i.today),
  teacherLicence: (i) => teacherLicenceFindings(i.rides),
  carStk: (i) => carStkFindings(i.rides),
  changedAfterSigning: (i) => changedAfterSigningFindings(i.rides),
};

export const sectionOf = (key: CheckKey, findings: Finding[]): ConsistencySection => ({
  key,
  title: SECTION_TITLES[key],
  note: SECTION_NOTES[key] ?? null,
  findings,
});

/** The whole report: one section per check, in CHECKS order. */
export function consistencyReport(input: ConsistencyInput): ConsistencySection[] {
  return CHECKS.map((key) => sectionOf(key, CHECK_RUNNERS[key](input)));
}

/** The findings as CSV for Czech Excel (semicolons, quoted, CRLF; the BOM is the writer's). */
export function consistencyCsv(sections: readonly ConsistencySection[]): string {
  const q = (v: string) => `"${v.replaceAll('"', '""')}"`;
  const lines = [['Kontrola', 'Datum', 'Čas', 'Žák', 'Vozidlo / učitel', 'Nález'].map(q).join(';')];
  for (const s of sections) {
    if (s.findings.length === 0) lines.push([s.title, '', '', '', '', CLEAN_TEXT].map(q).join(';'));
    for (const f of s.findings) lines.push([s.title, formatDate(f.date), f.time, f.student, f.subject, f.text].map(q).join(';'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The report as plain text: a heading, then each section with its note and findings (or 'Bez nálezů'). */
export function consistencyText(sections: readonly ConsistencySection[], head: { school: string; from: string; to: string; made: string }): string {
  const out = [
    'Kontrola konzistence záznamů',
    `${head.school}, období ${formatDate(head.from)} – ${formatDate(head.to)}, vytvořeno ${formatDate(head.made)}`,
    '',
  ];
  sections.forEach((s, i) => {
    out.push(`${i + 1}. ${s.title} (${s.findings.length === 0 ? CLEAN_TEXT : `nálezů: ${s.findings.length}`})`);
    if (s.note) out.push(`   ${s.note}`);
    if (s.findings.length === 0) out.push(`   ${CLEAN_TEXT}`);
    for (const f of s.findings) out.push(`   - ${[formatDate(f.date), f.time, f.student, f.subject].filter(Boolean).join(', ')}: ${f.text}`);
    out.push('');
  });
  return out.join('\n');
}
