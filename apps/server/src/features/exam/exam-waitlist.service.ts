// The waiting list of exam terms (issue 22 §3, docs/decisions/0029): 'Čekatelé' per term and, after a withdrawal, the
// next ready student proposed for the freed place. Ready means what the sign-up itself would accept (exam.service's
// signUpCheck: training ended, the right group, not on the term, attempts, retraining and the 12-month window, the
// capacity) and the legal minimum met (the one rule, lesson-plan/legal-minimum.ts). Who waits longest comes first:
// the students the office put on the list (in the order they were put there), then the others by the end of their
// training. 'Přihlásit' signs up through the one sign-up path; nothing signs a student up by itself.
import type { DbOrTx } from '@volant/db/client';
import type { ExamType, LicenceGroup, StudentState } from '@volant/shared/enums';
import type { examProposalInput, examWaitlistInput } from '@volant/shared/exam/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { studentsLegalMinimum } from '../lesson-plan/legal-minimum.ts';
import { lockStudents } from '../student/student.queries.ts';
import {
  addSkipped,
  closeVacancy,
  deleteWaitlist,
  insertWaitlist,
  listOpenVacancies,
  listWaitlistStudents,
  lockOpenVacancy,
  type VacancyRow,
  type WaitlistStudentRow,
} from './exam-waitlist.queries.ts';
import { type ExamRow, findExam } from './exam.queries.ts';
import { signUpCheck, signUpLocked, signUpRace } from './exam.service.ts';

interface Part {
  type: ExamType;
  group: LicenceGroup;
}

/** One student of the term's list, with the parts of the term they could be signed up for now, or why none. */
interface Candidate {
  row: WaitlistStudentRow;
  readyParts: Part[];
  /** Why not ready (the sign-up's own refusal or the legal minimum's missing list), or null when ready. */
  reason: string | null;
}

/** Longest waiting first: those the office listed (by when), then by the end of training, then by name. */
function byWaiting(a: Candidate, b: Candidate) {
  const la = a.row.listedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const lb = b.row.listedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (la !== lb) return la - lb;
  const wa = a.row.waitingSince ?? '9999-12-31';
  const wb = b.row.waitingSince ?? '9999-12-31';
  if (wa !== wb) return wa < wb ? -1 : 1;
  return 0;
}

/** The term's candidates with their readiness, longest waiting first. */
async function candidatesOf(deps: AppDeps, db: DbOrTx, schoolId: SchoolId, exam: ExamRow): Promise<Candidate[]> {
  const today = schoolToday(deps.now());
  const rows = await listWaitlistStudents(db, schoolId, exam.id);
  const minimum = new Map(
    (
      await studentsLegalMinimum(
        db,
        schoolId,
        rows.map((r) => r.id),
        today,
        deps.now(),
      )
    ).map((m) => [m.studentId, m]),
  );
  const out: Candidate[] = [];
  for (const row of rows) {
    const student = { id: row.id, state: row.state as StudentState, groups: row.groups };
    const readyParts: Part[] = [];
    let reason: string | null = null;
    for (const group of row.groups as LicenceGroup[]) {
      for (const type of exam.types as ExamType[]) {
        const check = await signUpCheck(db, schoolId, today, exam, student, { type, group });
        if (check.refusal) {
          // A part the term does not hold for the group is no reason; the first real refusal is.
          if (check.refusal.code !== 'EXAM_ALREADY_PASSED') reason ??= check.refusal.message;
        } else readyParts.push({ type, group });
      }
    }
    if (readyParts.length > 0) reason = null;
    const m = minimum.get(row.id);
    if (m && !m.isMet) {
      readyParts.length = 0;
      reason ??= `Nesplněné zákonné minimum: ${m.missing.join(', ')}`;
    }
    reason ??= readyParts.length > 0 ? null : 'Žák nemá na termínu žádnou část zkoušky, ke které by se mohl přihlásit.';
    out.push({ row, readyParts, reason });
  }
  return out.sort(byWaiting);
}

const proposalFor = (vacancy: VacancyRow, candidates: Candidate[]) =>
  candidates.find(
    (c) =>
      c.row.id !== vacancy.withdrawnStudentId &&
      !vacancy.skipped.includes(c.row.id) &&
      c.readyParts.some((p) => p.type === vacancy.type && p.group === vacancy.group),
  ) ?? null;

const studentDto = (r: WaitlistStudentRow) => ({
  studentId: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  registrationNumber: r.registrationNumber,
});

async function findTerm(db: DbOrTx, schoolId: SchoolId, examId: string) {
  const exam = await findExam(db, schoolId, examId);
  if (!exam) throw new AppError('EXAM_NOT_FOUND');
  return exam;
}

/** 'Čekatelé' of a term: the listed and the ready students (longest waiting first) and the open vacancies' proposals. */
export async function getWaitlist(deps: AppDeps, schoolId: SchoolId, examId: string) {
  const exam = await findTerm(deps.db, schoolId, examId);
  const [candidates, vacancies] = await Promise.all([candidatesOf(deps, deps.db, schoolId, exam), listOpenVacancies(deps.db, schoolId, exam.id)]);
  const upcoming = exam.date >= schoolToday(deps.now());
  return {
    examId: exam.id,
    students: candidates
      .filter((c) => c.row.listedAt !== null || c.readyParts.length > 0)
      .map((c) => ({
        ...studentDto(c.row),
        listed: c.row.listedAt !== null,
        waitingSince: c.row.waitingSince,
        ready: c.readyParts.length > 0,
        parts: c.readyParts,
        reason: c.reason,
      })),
    vacancies: upcoming
      ? vacancies.map((v) => {
          const p = proposalFor(v, candidates);
          return { id: v.id, type: v.type as ExamType, group: v.group as LicenceGroup, proposal: p ? studentDto(p.row) : null };
        })
      : [],
  };
}

export async function addToWaitlist(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof examWaitlistInput>) {
  await inTransaction(deps, async (tx, after) => {
    const exam = await findTerm(tx, schoolId, input.examId);
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw new AppError('STUDENT_NOT_FOUND');
    if (!(await insertWaitlist(tx, schoolId, { examId: exam.id, studentId: student.id, createdBy: userId }))) return;
    await recordEvent(deps, tx, after, { name: 'exam.waitlistAdd', schoolId, userId, entityType: 'student', entityId: student.id, data: { examId: exam.id } });
  });
  return getWaitlist(deps, schoolId, input.examId);
}

export async function removeFromWaitlist(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof examWaitlistInput>) {
  await inTransaction(deps, async (tx, after) => {
    const exam = await findTerm(tx, schoolId, input.examId);
    if (!(await deleteWaitlist(tx, schoolId, exam.id, input.studentId))) throw new AppError('STUDENT_NOT_FOUND');
    await recordEvent(deps, tx, after, {
      name: 'exam.waitlistRemove',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { examId: exam.id },
    });
  });
  return getWaitlist(deps, schoolId, input.examId);
}

/** Locks the open vacancy and checks that `studentId` is still its proposal (else the office saw a stale one). */
async function lockProposal(deps: AppDeps, tx: DbOrTx, schoolId: SchoolId, input: z.output<typeof examProposalInput>) {
  const vacancy = await lockOpenVacancy(tx, schoolId, input.vacancyId);
  if (!vacancy) throw new AppError('EXAM_VACANCY_NOT_FOUND');
  const exam = await findTerm(tx, schoolId, vacancy.examId);
  if (exam.date < schoolToday(deps.now())) throw new AppError('EXAM_VACANCY_NOT_FOUND');
  const candidates = await candidatesOf(deps, tx, schoolId, exam);
  const proposal = proposalFor(vacancy, candidates);
  if (proposal?.row.id !== input.studentId) throw new AppError('EXAM_PROPOSAL_CHANGED');
  return { vacancy, exam, candidates };
}

/** 'Přihlásit': the proposed student signed up for the freed part through the one sign-up path; the vacancy closes. */
export async function signUpProposed(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof examProposalInput>) {
  const examId = await inTransaction(deps, async (tx, after) => {
    const { vacancy, exam } = await lockProposal(deps, tx, schoolId, input);
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw new AppError('STUDENT_NOT_FOUND');
    await signUpLocked(deps, tx, after, schoolId, userId, exam, student, { type: vacancy.type as ExamType, group: vacancy.group as LicenceGroup });
    await closeVacancy(tx, schoolId, vacancy.id, deps.now());
    await deleteWaitlist(tx, schoolId, exam.id, student.id);
    return exam.id;
  }).catch(signUpRace);
  return getWaitlist(deps, schoolId, examId);
}

/** 'Přeskočit': the next ready student is proposed; with nobody left the vacancy closes. */
export async function skipProposed(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof examProposalInput>) {
  const examId = await inTransaction(deps, async (tx, after) => {
    const { vacancy, exam, candidates } = await lockProposal(deps, tx, schoolId, input);
    await addSkipped(tx, schoolId, vacancy.id, input.studentId);
    const next = proposalFor({ ...vacancy, skipped: [...vacancy.skipped, input.studentId] }, candidates);
    if (!next) await closeVacancy(tx, schoolId, vacancy.id, deps.now());
    await recordEvent(deps, tx, after, {
      name: 'exam.proposalSkip',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { examId: exam.id, vacancyId: vacancy.id, type: vacancy.type, group: vacancy.group },
    });
    return exam.id;
  });
  return getWaitlist(deps, schoolId, examId);
}
