// The legal minimum on the server (issue 17): gathers what each student attended and completed up to a moment and
// asks the one shared rule (@volant/shared/lesson-plan/legal-minimum). Every caller that ends training or certifies
// completion goes through here: the state change (student.service.ts), the exam application (exam/exam.pdf.ts), the
// PDF request (pdf-file.service.ts) and the card (student.getLegalMinimum).
import type { DbOrTx } from '@volant/db/client';
import { LICENCE_GROUPS, type LessonKind, type LicenceGroup, type TeachingSection } from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { studentPlan } from '@volant/shared/lesson-plan/law';
import { type LegalMinimum, legalMinimum, legalMinimumRefusal } from '@volant/shared/lesson-plan/legal-minimum';
import { addDays, type CalendarDate, schoolMidnight, schoolToday } from '@volant/shared/school-time';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { findSchoolRaises } from './lesson-plan.queries.ts';
import { countAttendedLessons, listMinimumStudents, listPriorSchools, sumCompletedMinutes, sumPriorHours } from './legal-minimum.queries.ts';

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);

export interface StudentMinimum extends LegalMinimum {
  studentId: string;
  /** 'Jan Dvořák (2026/001)', for a refusal naming several students. */
  name: string;
  /** The office's reason when training was ended early, else null. */
  earlyEndReason: string | null;
  /** The previous schools whose verified transfer records count here (issue 22 §4), in the order imported. */
  priorSchools: string[];
}

/**
 * Each visible student's standing on `day` (the school's calendar day of the decision or the document), counting
 * attended lessons dated up to that day and rides completed by `now` or the day's end, whichever is earlier.
 * Students not found are left out.
 */
export async function studentsLegalMinimum(db: DbOrTx, schoolId: SchoolId, studentIds: string[], day: CalendarDate, now: Date): Promise<StudentMinimum[]> {
  const ids = [...new Set(studentIds)];
  const rows = await listMinimumStudents(db, schoolId, ids);
  if (rows.length === 0) return [];
  const endOfDay = schoolMidnight(addDays(day, 1));
  const until = endOfDay < now ? endOfDay : now;
  const [raises, attended, completed, prior, priorSchools] = await Promise.all([
    findSchoolRaises(db, schoolId),
    countAttendedLessons(db, schoolId, ids, day),
    sumCompletedMinutes(db, schoolId, ids, until),
    sumPriorHours(db, schoolId, ids, until),
    listPriorSchools(db, schoolId, ids, until),
  ]);
  // In the order they were asked for (a refusal naming several lists them as the office selected them), not the
  // database's, which differs between PGlite and PostgreSQL.
  const position = new Map(ids.map((id, i) => [id, i]));
  const ordered = [...rows].sort((x, y) => (position.get(x.id) ?? 0) - (position.get(y.id) ?? 0));
  // Each student's counts by id (a whole school's list asks for hundreds of students at once).
  const attendedBy = new Map<string, Partial<Record<TeachingSection, number>>>();
  for (const l of attended) attendedBy.set(l.studentId, { ...attendedBy.get(l.studentId), [l.type]: Number(l.n) });
  const completedBy = new Map<string, Partial<Record<LessonKind, number>>>();
  for (const r of completed) if (r.studentId) completedBy.set(r.studentId, { ...completedBy.get(r.studentId), [r.type]: Number(r.minutes) });
  // Prior hours from previous schools' transfer records (issue 22 §4), by id the same way.
  const priorLessonsBy = new Map<string, Partial<Record<TeachingSection, number>>>();
  const priorMinutesBy = new Map<string, Partial<Record<LessonKind, number>>>();
  for (const p of prior) {
    if (p.item !== 'DRIVING' && Number(p.lessons) > 0) priorLessonsBy.set(p.studentId, { ...priorLessonsBy.get(p.studentId), [p.item]: Number(p.lessons) });
    if ((p.item === 'DRIVING' || p.item === 'PV_UV' || p.item === 'PV_ZP') && Number(p.minutes) > 0)
      priorMinutesBy.set(p.studentId, { ...priorMinutesBy.get(p.studentId), [p.item]: Number(p.minutes) });
  }
  return ordered.map((s) => {
    const plan = studentPlan({ groups: s.groups.filter(isGroup), kind: s.trainingKind, type: s.trainingType }, raises, s.dateOfInProgress ?? day).items;
    const a = attendedBy.get(s.id) ?? {};
    const m = completedBy.get(s.id) ?? {};
    const pa = priorLessonsBy.get(s.id) ?? {};
    const pm = priorMinutesBy.get(s.id) ?? {};
    return {
      studentId: s.id,
      name: `${fullName(s)}${s.registrationNumber ? ` (${s.registrationNumber})` : ''}`,
      earlyEndReason: s.earlyEndReason,
      priorSchools: [...new Set(priorSchools.filter((p) => p.studentId === s.id).map((p) => p.name))],
      ...legalMinimum({ plan, attended: a, completedMinutes: m, prior: { attended: pa, completedMinutes: pm } }),
    };
  });
}

/**
 * The minutes of driving the student's plan requires (the law's for their groups with the school's raises, in force
 * at their start of training, else on `day`): what their course includes. Undefined when not the school's student.
 */
export async function plannedDrivingMinutes(db: DbOrTx, schoolId: SchoolId, studentId: string, day: CalendarDate): Promise<number | undefined> {
  const [s] = await listMinimumStudents(db, schoolId, [studentId]);
  if (!s) return undefined;
  const raises = await findSchoolRaises(db, schoolId);
  const plan = studentPlan({ groups: s.groups.filter(isGroup), kind: s.trainingKind, type: s.trainingType }, raises, s.dateOfInProgress ?? day).items;
  return plan.DRIVING.hours * 45;
}

/** One student's standing (NOT_FOUND when not the school's visible student). */
export async function studentLegalMinimum(db: DbOrTx, schoolId: SchoolId, studentId: string, day: CalendarDate, now: Date): Promise<StudentMinimum> {
  const [found] = await studentsLegalMinimum(db, schoolId, [studentId], day, now);
  if (!found) throw new AppError('STUDENT_NOT_FOUND');
  return found;
}

/** The refusal for the students not meeting the minimum: one student by the rule's text, several each named. */
export function legalMinimumError(notMet: readonly StudentMinimum[], o: { named?: boolean; document?: string } = {}): AppError {
  const list =
    notMet.length === 1 && !o.named ? legalMinimumRefusal(notMet[0].missing) : notMet.map((s) => legalMinimumRefusal(s.missing, `Žák ${s.name}`)).join(' ');
  return new AppError('LEGAL_MINIMUM_NOT_MET', o.document ? `${o.document}: ${list}` : list);
}

/**
 * The exam application's check (the PDF request, the job and the print route all load it): every applicant meets
 * the minimum today, or the document is refused naming each one short of it and what they miss.
 */
export async function assertExamApplicantsMeetMinimum(db: DbOrTx, schoolId: SchoolId, studentIds: string[], now: Date) {
  const judged = await studentsLegalMinimum(db, schoolId, studentIds, schoolToday(now), now);
  const notMet = judged.filter((m) => !m.isMet);
  if (notMet.length > 0) throw legalMinimumError(notMet, { named: true, document: 'Přihlášku ke zkoušce nelze vystavit' });
}
