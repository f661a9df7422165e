// Exams (issue 9, spec §3 Exam + studentOnExam, §4 sign-up, §5, §7 exam.*; legal-cz §7.4): terms, sign-ups per
// student × type × group, results with the attempt number, the retraining rule and the 12-month window.
import type { ExamResult, ExamType, LicenceGroup, StudentState } from '@volant/shared/enums';
import type { addStudentToExamInput, createExamInput, setExamResultInput, updateExamInput } from '@volant/shared/exam/inputs';
import {
  allRequiredPassed,
  countAttempts,
  EXAM_SIGN_UP_STATES,
  examDeadline,
  MAXIMUM_NUMBER_OF_ATTEMPTS_PER_EXAM,
  nextAttempt,
  requiredExamTypes,
  retrainingNeeded,
} from '@volant/shared/exam/rules';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/pg-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { studentInfoMessage } from '../student/student.service.ts';
import { insertStudentLogs, lockStudents, updateStudentRows } from '../student/student.queries.ts';
import {
  countSignedStudents,
  deleteExam,
  deleteSignUp,
  type ExamRow,
  examStudentIds,
  findExam,
  findExamStudent,
  hasResults,
  insertExam,
  insertSignUp,
  listExamSignUps,
  listExams,
  listStudentSignUps,
  lockExam,
  setSignUpResult,
  updateExamRow,
} from './exam.queries.ts';

const examNotFound = () => new AppError('EXAM_NOT_FOUND', 'NOT_FOUND');
const studentNotFound = () => new AppError('STUDENT_NOT_FOUND', 'NOT_FOUND');
const signedElsewhere = () => new AppError('EXAM_SIGNED_ELSEWHERE', 'CONFLICT');

const examMessage = (live: Live, schoolId: SchoolId, examId: string) => live.toSchool(schoolId, { ExamMessage: { schoolId, examId } });

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

export async function getExams(deps: AppDeps, schoolId: SchoolId, dateGte: string | null | undefined) {
  const rows = await listExams(deps.db, schoolId, dateGte ?? null);
  return rows.map((r) => ({ ...toExam(r), signUps: r.signUps }));
}

export async function getExam(deps: AppDeps, schoolId: SchoolId, id: string) {
  const exam = await findExam(deps.db, schoolId, id);
  if (!exam) throw examNotFound();
  const rows = await listExamSignUps(deps.db, schoolId, id);
  return {
    ...toExam(exam),
    signUps: rows.map((r) => ({ ...r, groups: r.groups as LicenceGroup[], max: maxAttempts() })),
  };
}

export function createExam(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof createExamInput>) {
  return inTransaction(deps, async (tx, after) => {
    const row = await insertExam(tx, schoolId, input);
    await audit(tx, { schoolId, userId, action: 'exam.create', entityType: 'exam', entityId: row.id, data: input });
    after.live((live) => examMessage(live, schoolId, row.id));
    return toExam(row);
  });
}

export function updateExam(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof updateExamInput>) {
  return inTransaction(deps, async (tx, after) => {
    const before = await lockExam(tx, schoolId, input.id);
    if (!before) throw examNotFound();
    const { id, ...values } = input;
    const row = await updateExamRow(tx, schoolId, id, values);
    await audit(tx, { schoolId, userId, action: 'exam.update', entityType: 'exam', entityId: id, data: { from: toExam(before), to: values } });
    const affected = await examStudentIds(tx, schoolId, id);
    after.live((live) => {
      examMessage(live, schoolId, id);
      for (const s of affected) studentInfoMessage(live, schoolId, s);
    });
    return toExam(row);
  });
}

export async function removeExam(deps: AppDeps, schoolId: SchoolId, userId: string, id: string) {
  await inTransaction(deps, async (tx, after) => {
    const exam = await lockExam(tx, schoolId, id);
    if (!exam) throw examNotFound();
    if (await hasResults(tx, schoolId, id)) throw new AppError('EXAM_HAS_RESULTS', 'CONFLICT');
    const affected = await examStudentIds(tx, schoolId, id);
    await deleteExam(tx, schoolId, id);
    await audit(tx, { schoolId, userId, action: 'exam.remove', entityType: 'exam', entityId: id, data: { exam: toExam(exam), students: affected } });
    after.live((live) => {
      examMessage(live, schoolId, id);
      for (const s of affected) studentInfoMessage(live, schoolId, s);
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
      if (!row) throw new AppError('EXAM_SIGN_UP_NOT_FOUND', 'NOT_FOUND');
      if (row.result) throw new AppError('EXAM_HAS_RESULTS', 'CONFLICT');
      await audit(tx, {
        schoolId,
        userId,
        action: 'exam.signOff',
        entityType: 'student',
        entityId: student.id,
        data: { examId: exam.id, ...input.toRemoveType },
      });
    } else if (input.newType) {
      const { type, group } = input.newType;
      if (!(EXAM_SIGN_UP_STATES as readonly StudentState[]).includes(student.state)) throw new AppError('EXAM_NOT_FINISHED', 'BAD_REQUEST');
      if (!exam.types.includes(type)) throw new AppError('EXAM_TYPE_NOT_ON_TERM', 'BAD_REQUEST');
      if (!student.groups.includes(group)) throw new AppError('EXAM_GROUP_NOT_STUDENTS', 'BAD_REQUEST');
      const history = (await listStudentSignUps(tx, schoolId, student.id)).filter((s) => s.type === type && s.group === group);
      if (history.some((s) => s.examId === exam.id)) throw new AppError('ALREADY_EXISTS', 'CONFLICT');
      if (history.some((s) => s.result === null)) throw signedElsewhere();
      if (history.some((s) => s.result === 'SUCCESS')) throw new AppError('EXAM_ALREADY_PASSED', 'CONFLICT');
      if (retrainingNeeded(history, maxAttempts())) throw new AppError('EXAM_RETRAINING_NEEDED', 'BAD_REQUEST');
      if (exam.capacity !== null && (await countSignedStudents(tx, schoolId, exam.id, student.id)) >= exam.capacity) {
        throw new AppError('EXAM_FULL', 'CONFLICT');
      }
      const attempt = nextAttempt(history);
      await insertSignUp(tx, schoolId, { ...key, type, group }, attempt);
      await audit(tx, {
        schoolId,
        userId,
        action: 'exam.signUp',
        entityType: 'student',
        entityId: student.id,
        data: { examId: exam.id, type, group, attempt },
      });
    }
    after.live((live) => {
      examMessage(live, schoolId, exam.id);
      studentInfoMessage(live, schoolId, student.id);
    });
  }).catch(signUpRace);
  return getStudentExams(deps, schoolId, input.studentId);
}

/** Records a result; a FAIL moves the student to EXAM_CORRECTION, and `canFinish` says every required part is passed. */
export async function setExamResult(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof setExamResultInput>) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const exam = await findExam(tx, schoolId, input.examId);
    if (!exam) throw examNotFound();
    const k = { examId: exam.id, studentId: student.id, type: input.type, group: input.group };
    const row = await setSignUpResult(tx, schoolId, k, input.result, deps.now());
    if (!row) throw new AppError('EXAM_SIGN_UP_NOT_FOUND', 'NOT_FOUND');
    let state: StudentState = student.state;
    if (input.result === 'FAIL' && student.state !== 'EXAM_CORRECTION' && student.state !== 'DONE' && student.state !== 'STORNO') {
      state = 'EXAM_CORRECTION';
      await updateStudentRows(tx, schoolId, [student.id], { state, updatedAt: deps.now() });
      await insertStudentLogs(tx, schoolId, [{ studentId: student.id, state, previousState: student.state, date: exam.date, userId }]);
    }
    await audit(tx, {
      schoolId,
      userId,
      action: 'exam.setResult',
      entityType: 'student',
      entityId: student.id,
      data: { examId: exam.id, type: input.type, group: input.group, result: input.result, state: { from: student.state, to: state } },
    });
    const all = await listStudentSignUps(tx, schoolId, student.id);
    const passed = all.filter((s) => s.result === 'SUCCESS').map((s) => ({ type: s.type as ExamType, group: s.group as LicenceGroup }));
    after.live((live) => {
      examMessage(live, schoolId, exam.id);
      studentInfoMessage(live, schoolId, student.id);
    });
    return { result: input.result as ExamResult | null, attempt: row.attempt, state, canFinish: allRequiredPassed(student.groups as LicenceGroup[], passed) };
  }).catch(signUpRace);
}

/** The card's exams: the student's sign-ups, per group × type the attempts n/max, retraining and the 12-month deadline. */
export async function getStudentExams(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const student = await findExamStudent(deps.db, schoolId, studentId);
  if (!student) throw studentNotFound();
  const max = maxAttempts();
  const signUps = await listStudentSignUps(deps.db, schoolId, studentId);
  const groups = student.groups as LicenceGroup[];
  const parts = groups.flatMap((group) =>
    requiredExamTypes(group).map((type) => {
      const history = signUps.filter((s) => s.type === type && s.group === group);
      return {
        group,
        type,
        attempts: countAttempts(history),
        max,
        passed: history.some((s) => s.result === 'SUCCESS'),
        openExamId: history.find((s) => s.result === null)?.examId ?? null,
        retrainingNeeded: retrainingNeeded(history, max),
      };
    }),
  );
  const firstExamDate = signUps.find((s) => s.result === 'SUCCESS' || s.result === 'FAIL')?.date ?? null;
  const passed = signUps.filter((s) => s.result === 'SUCCESS').map((s) => ({ type: s.type as ExamType, group: s.group as LicenceGroup }));
  return {
    studentId,
    state: student.state,
    canSignUp: (EXAM_SIGN_UP_STATES as readonly StudentState[]).includes(student.state),
    signUps: signUps.map((s) => ({ ...s, type: s.type as ExamType, group: s.group as LicenceGroup, max })),
    parts,
    deadline: examDeadline(firstExamDate, schoolToday(deps.now())),
    canFinish: allRequiredPassed(groups, passed),
  };
}
