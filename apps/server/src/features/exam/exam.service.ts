// Exams (issue 9, spec §3 Exam + studentOnExam, §4 sign-up, §5, §7 exam.*; legal-cz §7.2, §7.4): terms, sign-ups per
// student × type × group, results with the attempt number, cycles of attempts with new teaching/training between
// them, the 12-month window from the first exam, and the 15-day exam application deadline after training ends.
import { chargeExamRepeat } from '../instalment/auto-charges.ts';
import type { ExamResult, ExamType, LicenceGroup, StudentState } from '@volant/shared/enums';
import type {
  addStudentToExamInput,
  createExamInput,
  recordRetrainingInput,
  removeRetrainingInput,
  setExamResultInput,
  updateExamInput,
} from '@volant/shared/exam/inputs';
import {
  allRequiredPassed,
  applicationDeadline,
  cycleOf,
  EXAM_SIGN_UP_STATES,
  examDeadline,
  isAttempt,
  MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM,
  partState,
  requiredExamTypes,
} from '@volant/shared/exam/rules';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import type { DbOrTx } from '@volant/db/client';
import type { AppErrorCode } from '@volant/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { type After, inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { insertStudentLogs, lockStudents, updateStudentRows } from '../student/student.queries.ts';
import { insertVacancy } from './exam-waitlist.queries.ts';
import {
  countSignedStudents,
  deleteExam,
  deleteRetraining,
  deleteSignUp,
  type ExamRow,
  examStudentIds,
  findExam,
  findExamDetail,
  findExamStudent,
  findTrainingStartedAt,
  hasResults,
  hasSignUpAfter,
  insertExam,
  insertRetraining,
  insertSignUp,
  listApplicationDeadlineRows,
  listExams,
  listStudentRetrainings,
  listStudentSignUps,
  lockExam,
  setSignUpResult,
  updateExamRow,
} from './exam.queries.ts';

const examNotFound = () => new AppError('EXAM_NOT_FOUND');
const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');
const signedElsewhere = () => new AppError('EXAM_SIGNED_ELSEWHERE');

export const examMessage = (live: Live, schoolId: SchoolId, examId: string) => live.toSchool(schoolId, { ExamMessage: { schoolId, examId } });

/** The database's answer to two concurrent sign-ups of one student for one type × group. */
function signUpRace(err: unknown): never {
  if (isUniqueViolation(err, 'exam_sign_ups_open_key')) throw signedElsewhere();
  throw err;
}

const toExam = (e: Omit<ExamRow, 'schoolId'>) => ({
  id: e.id,
  date: e.date,
  place: e.place,
  types: e.types as ExamType[],
  note: e.note,
  capacity: e.capacity,
  createdAt: e.createdAt,
});
export type ExamDto = ReturnType<typeof toExam>;

const maxAttempts = () => MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM;

type SignUp = Awaited<ReturnType<typeof listStudentSignUps>>[number];
type Retraining = Awaited<ReturnType<typeof listStudentRetrainings>>[number];
interface Part {
  type: ExamType;
  group: LicenceGroup;
}

/**
 * A student's exam history of the current training: a move to IN_PROGRESS after exams is a completely new training
 * (legal-cz §7.4), so what came before it no longer counts for attempts, cycles or the 12-month window.
 */
function currentHistory(signUps: SignUp[], retrainings: Retraining[], trainingStartedAt: Date | null) {
  const since = <T extends { createdAt: Date }>(rows: T[]) => (trainingStartedAt ? rows.filter((r) => r.createdAt > trainingStartedAt) : rows);
  return { signUps: since(signUps), retrainings: since(retrainings) };
}
type History = ReturnType<typeof currentHistory>;

const samePart = (p: Part) => (r: { type: string; group: string }) => r.type === p.type && r.group === p.group;

/** One part's sign-ups, retrainings and state in the current training. */
function partOf(history: History, part: Part) {
  const signUps = history.signUps.filter(samePart(part));
  const retrainings = history.retrainings.filter(samePart(part));
  return { signUps, retrainings, state: partState(signUps, retrainings, maxAttempts()) };
}

/** legal-cz §7.4: 12 months from the first examined attempt of the current training. */
function windowOf(history: History, today: string) {
  const first = history.signUps.filter(isAttempt).reduce<string | null>((a, s) => (a === null || s.date < a ? s.date : a), null);
  return examDeadline(first, today);
}

async function loadHistory(db: DbOrTx, schoolId: SchoolId, studentId: string, trainingStartedAt: Date | null) {
  const signUps = await listStudentSignUps(db, schoolId, studentId);
  const retrainings = await listStudentRetrainings(db, schoolId, studentId);
  return { all: { signUps, retrainings }, current: currentHistory(signUps, retrainings, trainingStartedAt) };
}

/** The cycle of a sign-up: counted among the retrainings of its part in its own training (before or after a restart). */
function signUpCycle(s: SignUp, retrainings: Retraining[], trainingStartedAt: Date | null) {
  const inCurrent = (at: Date) => !trainingStartedAt || at > trainingStartedAt;
  return cycleOf(
    s,
    retrainings.filter((r) => samePart(s)(r) && inCurrent(r.createdAt) === inCurrent(s.createdAt)),
  );
}

export async function getExams(deps: AppDeps, schoolId: SchoolId, dateGte: string | null | undefined) {
  const rows = await listExams(deps.db, schoolId, dateGte ?? null);
  return rows.map((r) => ({ ...toExam(r), signUps: r.signUps }));
}

export async function getExam(deps: AppDeps, schoolId: SchoolId, id: string) {
  const exam = await findExamDetail(deps.db, schoolId, id);
  if (!exam) throw examNotFound();
  const max = maxAttempts();
  return { ...toExam(exam), signUps: exam.signUps.map((r) => ({ ...r, max })) };
}

export function createExam(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof createExamInput>) {
  return inTransaction(deps, async (tx, after) => {
    const row = await insertExam(tx, schoolId, input);
    await recordEvent(deps, tx, after, { name: 'exam.create', schoolId, userId, entityType: 'exam', entityId: row.id, data: input });
    return toExam(row);
  });
}

export function updateExam(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof updateExamInput>) {
  return inTransaction(deps, async (tx, after) => {
    const before = await lockExam(tx, schoolId, input.id);
    if (!before) throw examNotFound();
    const { id, ...values } = input;
    const row = await updateExamRow(tx, schoolId, id, values);
    await recordEvent(deps, tx, after, { name: 'exam.update', schoolId, userId, entityType: 'exam', entityId: id, data: { from: toExam(before), to: values } });
    return toExam(row);
  });
}

export async function removeExam(deps: AppDeps, schoolId: SchoolId, userId: string, id: string) {
  await inTransaction(deps, async (tx, after) => {
    const exam = await lockExam(tx, schoolId, id);
    if (!exam) throw examNotFound();
    if (await hasResults(tx, schoolId, id)) throw new AppError('EXAM_HAS_RESULTS');
    const affected = await examStudentIds(tx, schoolId, id);
    await deleteExam(tx, schoolId, id);
    await recordEvent(deps, tx, after, {
      name: 'exam.remove',
      schoolId,
      userId,
      entityType: 'exam',
      entityId: id,
      data: { exam: toExam(exam), students: affected },
    });
  });
  return { ok: true as const };
}

/** spec §7 addStudentToExam: newType signs the student up for a type × group of the term, toRemoveType signs them off. */
export async function addStudentToExam(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof addStudentToExamInput>) {
  await inTransaction(deps, async (tx, after) => {
    const exam = await findExam(tx, schoolId, input.examId);
    if (!exam) throw examNotFound();
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const key = { examId: exam.id, studentId: student.id };
    if (input.toRemoveType) {
      const k = { ...key, ...input.toRemoveType };
      const row = await deleteSignUp(tx, schoolId, k);
      if (!row) throw new AppError('EXAM_SIGN_UP_NOT_FOUND');
      if (row.result) throw new AppError('EXAM_HAS_RESULTS');
      // Issue 22 §3: a place freed on a term still ahead opens a vacancy; the term proposes the next ready student.
      if (exam.date >= schoolToday(deps.now())) {
        await insertVacancy(tx, schoolId, { examId: exam.id, ...input.toRemoveType, withdrawnStudentId: student.id });
      }
      await recordEvent(deps, tx, after, {
        name: 'exam.signOff',
        schoolId,
        userId,
        entityType: 'student',
        entityId: student.id,
        data: { examId: exam.id, ...input.toRemoveType },
      });
    } else if (input.newType) {
      await signUpLocked(deps, tx, after, schoolId, userId, exam, student, input.newType);
    }
  }).catch(signUpRace);
  return getStudentExams(deps, schoolId, input.studentId);
}

type LockedStudent = Awaited<ReturnType<typeof lockStudents>>[number];
type SignUpStudent = Pick<LockedStudent, 'id' | 'state' | 'groups'>;

/**
 * Why the student cannot be signed up for one part of the term today (the error the sign-up would answer), or the
 * attempt number the sign-up would get. The one set of sign-up rules: the sign-up itself and the waiting list's
 * readiness (issue 22 §3) both ask it.
 */
export async function signUpCheck(
  db: DbOrTx,
  schoolId: SchoolId,
  today: string,
  exam: ExamRow,
  student: SignUpStudent,
  part: Part,
): Promise<{ refusal: AppError; attempt?: undefined } | { refusal: null; attempt: number }> {
  const refuse = (code: AppErrorCode) => ({ refusal: new AppError(code) });
  const { type, group } = part;
  if (!(EXAM_SIGN_UP_STATES as readonly StudentState[]).includes(student.state)) return refuse('EXAM_NOT_FINISHED');
  if (!exam.types.includes(type)) return refuse('EXAM_TYPE_NOT_ON_TERM');
  if (!student.groups.includes(group)) return refuse('EXAM_GROUP_NOT_STUDENTS');
  const { all, current } = await loadHistory(db, schoolId, student.id, await findTrainingStartedAt(db, schoolId, student.id));
  const everything = all.signUps.filter(samePart({ type, group }));
  if (everything.some((s) => s.examId === exam.id)) return refuse('ALREADY_EXISTS');
  if (everything.some((s) => s.result === null)) return { refusal: signedElsewhere() };
  const p = partOf(current, { type, group });
  if (p.state.passed) return refuse('EXAM_ALREADY_PASSED');
  if (p.state.newTrainingNeeded) return refuse('EXAM_NEW_TRAINING_NEEDED');
  if (p.state.retrainingNeeded) return refuse('EXAM_RETRAINING_NEEDED');
  const window = windowOf(current, today);
  if (window?.passed) return refuse('EXAM_WINDOW_PASSED');
  if (window && exam.date > window.deadline) return refuse('EXAM_TERM_AFTER_WINDOW');
  const lastRetraining = p.retrainings.at(-1);
  if (lastRetraining && exam.date < lastRetraining.completedOn) return refuse('EXAM_TERM_BEFORE_RETRAINING');
  if (exam.capacity !== null && (await countSignedStudents(db, schoolId, exam.id, student.id)) >= exam.capacity) return refuse('EXAM_FULL');
  return { refusal: null, attempt: p.state.nextAttempt };
}

/** Signs a locked student up for one part of the term (the one sign-up path: rules, the repeat's charge, the event). */
export async function signUpLocked(
  deps: AppDeps,
  tx: DbOrTx,
  after: After,
  schoolId: SchoolId,
  userId: string,
  exam: ExamRow,
  student: SignUpStudent,
  part: Part,
) {
  const { type, group } = part;
  const check = await signUpCheck(tx, schoolId, schoolToday(deps.now()), exam, student, part);
  if (check.refusal) throw check.refusal;
  const attempt = check.attempt;
  await insertSignUp(tx, schoolId, { examId: exam.id, studentId: student.id, type, group }, attempt);
  // Issue 21 §2: a repeated exam charges the price list's 'Opravná zkouška' where the school's rules say so.
  await chargeExamRepeat(deps, tx, after, schoolId, userId, { studentId: student.id, examId: exam.id, type, group, attempt });
  await recordEvent(deps, tx, after, {
    name: 'exam.signUp',
    schoolId,
    userId,
    entityType: 'student',
    entityId: student.id,
    data: { examId: exam.id, type, group, attempt },
  });
}

/**
 * Issue 22 §3 (the deadline sweep): the 12-month window of the student's current training, and whether every required
 * part is passed already (then the window no longer matters). Null for a student not found.
 */
export async function examWindowStanding(db: DbOrTx, schoolId: SchoolId, studentId: string, today: string) {
  const student = await findExamStudent(db, schoolId, studentId);
  if (!student) return null;
  const { current } = await loadHistory(db, schoolId, studentId, student.trainingStartedAt);
  const passed = current.signUps.filter((s) => s.result === 'SUCCESS').map((s) => ({ type: s.type as ExamType, group: s.group as LicenceGroup }));
  return { state: student.state, window: windowOf(current, today), allPassed: allRequiredPassed(student.groups as LicenceGroup[], passed) };
}

export { signUpRace };

/** Records a result; a FAIL moves the student to EXAM_CORRECTION, and `canFinish` says every required part is passed. */
export async function setExamResult(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof setExamResultInput>) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const exam = await findExam(tx, schoolId, input.examId);
    if (!exam) throw examNotFound();
    if (exam.date > schoolToday(deps.now())) throw new AppError('EXAM_RESULT_TOO_EARLY');
    const k = { examId: exam.id, studentId: student.id, type: input.type, group: input.group };
    const row = await setSignUpResult(tx, schoolId, k, input.result, deps.now());
    if (!row) throw new AppError('EXAM_SIGN_UP_NOT_FOUND');
    let state: StudentState = student.state;
    if (input.result === 'FAIL' && student.state !== 'EXAM_CORRECTION' && student.state !== 'DONE' && student.state !== 'STORNO') {
      state = 'EXAM_CORRECTION';
      await updateStudentRows(tx, schoolId, [student.id], { state, updatedAt: deps.now() });
      await insertStudentLogs(tx, schoolId, [{ studentId: student.id, state, previousState: student.state, date: exam.date, userId }]);
    }
    await recordEvent(deps, tx, after, {
      name: 'exam.setResult',
      schoolId,
      userId,
      entityType: 'student',
      entityId: student.id,
      data: { examId: exam.id, type: input.type, group: input.group, result: input.result, state: { from: student.state, to: state } },
    });
    const all = await listStudentSignUps(tx, schoolId, student.id);
    const passed = all.filter((s) => s.result === 'SUCCESS').map((s) => ({ type: s.type as ExamType, group: s.group as LicenceGroup }));
    return { result: input.result as ExamResult | null, attempt: row.attempt, state, canFinish: allRequiredPassed(student.groups as LicenceGroup[], passed) };
  }).catch(signUpRace);
}

/**
 * The card's exams: the student's sign-ups (with their cycle), per group × type the attempts of the current cycle
 * n/max and whether new teaching/training or a completely new training is needed, the retrainings recorded, the
 * 12-month deadline and the exam application deadline.
 */
export async function getStudentExams(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const student = await findExamStudent(deps.db, schoolId, studentId);
  if (!student) throw studentNotFound();
  const max = maxAttempts();
  const today = schoolToday(deps.now());
  const [{ all, current }, [application]] = await Promise.all([
    loadHistory(deps.db, schoolId, studentId, student.trainingStartedAt),
    listApplicationDeadlineRows(deps.db, schoolId, studentId),
  ]);
  const groups = student.groups as LicenceGroup[];
  const parts = groups.flatMap((group) =>
    requiredExamTypes(group).map((type) => {
      const { state, retrainings } = partOf(current, { type, group });
      return {
        group,
        type,
        /** Attempts in the current cycle. */
        attempts: state.cycleAttempts,
        max,
        cycle: state.cycle,
        passed: state.passed,
        openExamId: all.signUps.find((s) => s.type === type && s.group === group && s.result === null)?.examId ?? null,
        retrainingNeeded: state.retrainingNeeded,
        newTrainingNeeded: state.newTrainingNeeded,
        lastFailDate: state.lastFailDate,
        /** The day the last new teaching/training of this part was completed: no term before it. */
        retrainedOn: retrainings.at(-1)?.completedOn ?? null,
      };
    }),
  );
  const passed = current.signUps.filter((s) => s.result === 'SUCCESS').map((s) => ({ type: s.type as ExamType, group: s.group as LicenceGroup }));
  return {
    studentId,
    state: student.state,
    canSignUp: (EXAM_SIGN_UP_STATES as readonly StudentState[]).includes(student.state),
    signUps: all.signUps.map(({ createdAt, ...s }) => ({
      ...s,
      type: s.type as ExamType,
      group: s.group as LicenceGroup,
      max,
      cycle: signUpCycle({ ...s, createdAt }, all.retrainings, student.trainingStartedAt),
    })),
    parts,
    retrainings: current.retrainings.map((r) => ({
      id: r.id,
      type: r.type as ExamType,
      group: r.group as LicenceGroup,
      completedOn: r.completedOn,
      note: r.note,
      removable: !all.signUps.some((s) => samePart(r)(s) && s.createdAt > r.createdAt),
    })),
    deadline: windowOf(current, today),
    applicationDeadline: application ? applicationDeadline(application.endDate, today) : null,
    canFinish: allRequiredPassed(groups, passed),
  };
}

/**
 * 'Zaznamenat novou výuku/výcvik' (legal-cz §7.4): the part's cycle of attempts failed, the student completed new
 * teaching/training of it on `completedOn` (not before the last failed exam, not in the future), and the next cycle
 * of attempts opens.
 */
export async function recordRetraining(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof recordRetrainingInput>) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const { current } = await loadHistory(tx, schoolId, student.id, await findTrainingStartedAt(tx, schoolId, student.id));
    const { state } = partOf(current, input);
    if (!state.retrainingNeeded) throw new AppError('EXAM_RETRAINING_NOT_NEEDED');
    if (state.lastFailDate && input.completedOn < state.lastFailDate) throw new AppError('EXAM_RETRAINING_BEFORE_FAIL');
    if (input.completedOn > schoolToday(deps.now())) throw new AppError('EXAM_RETRAINING_IN_FUTURE');
    const row = await insertRetraining(tx, schoolId, { ...input, studentId: student.id, createdBy: userId });
    await recordEvent(deps, tx, after, {
      name: 'exam.recordRetraining',
      schoolId,
      userId,
      entityType: 'student',
      entityId: student.id,
      data: { id: row.id, type: input.type, group: input.group, completedOn: input.completedOn, note: input.note, cycle: state.cycle + 1 },
    });
    return { id: row.id, type: row.type as ExamType, group: row.group as LicenceGroup, completedOn: row.completedOn, note: row.note, cycle: state.cycle + 1 };
  });
}

/** Removes a retraining recorded by mistake, only while the student has not signed up for that part since. */
export async function removeRetraining(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof removeRetrainingInput>) {
  await inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const row = await deleteRetraining(tx, schoolId, student.id, input.id);
    if (!row) throw new AppError('EXAM_RETRAINING_NOT_FOUND');
    const part = { studentId: student.id, type: row.type as ExamType, group: row.group as LicenceGroup };
    // The student row is locked, so no sign-up can slip in between this check and the commit.
    if (await hasSignUpAfter(tx, schoolId, part, row.createdAt)) throw new AppError('EXAM_RETRAINING_USED');
    await recordEvent(deps, tx, after, {
      name: 'exam.removeRetraining',
      schoolId,
      userId,
      entityType: 'student',
      entityId: student.id,
      data: { id: row.id, type: row.type, group: row.group, completedOn: row.completedOn, note: row.note },
    });
  });
  return { ok: true as const };
}

/**
 * legal-cz §7.2 on the exams page: the school's students whose training (or new teaching/training of a failed part)
 * ended and who have no sign-up since, with the end, the deadline (end + 15 days) and the days left, by deadline.
 */
export async function getApplicationDeadlines(deps: AppDeps, schoolId: SchoolId) {
  const today = schoolToday(deps.now());
  const rows = await listApplicationDeadlineRows(deps.db, schoolId);
  return rows.map((r) => ({
    studentId: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    registrationNumber: r.registrationNumber,
    state: r.state,
    groups: r.groups as LicenceGroup[],
    ...applicationDeadline(r.endDate, today),
  }));
}
