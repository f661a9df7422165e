// Student use cases: each write in one transaction with its log and its events (events/record.ts: the audit entry now,
// the live messages after commit, as student.events.ts says).
import type { DbOrTx } from '@volant/db/client';
import { schoolToday } from '@volant/shared/school-time';
import { studentSearchText } from '@volant/shared/search';
import type {
  createStudentInput,
  studentAddressInput,
  studentCoreInput,
  studentInfoInput,
  studentStudyInfoInput,
  updateStudentInput,
} from '@volant/shared/student/inputs';
import type { StudentState } from '@volant/shared/enums';
import { FINISHED_STATES } from '@volant/shared/student/states';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-error.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { chainRecords, openChain } from '../record-chain/record-chain.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import { getAccount } from '../account/account.queries.ts';
import { legalMinimumError, type StudentMinimum, studentsLegalMinimum } from '../lesson-plan/legal-minimum.ts';
import { findActiveInterpreter } from '../interpreter/interpreter.queries.ts';
import { toStudentDetail, toStudentSnapshot } from './student.dto.ts';
import { studentsLeftTraining, studyInfoChanged, trainingStarted } from './student.hooks.ts';
import {
  findHeaderInfo,
  findLatestLogOfState,
  findStudent,
  findTrainingDates,
  insertStudent,
  insertStudentLogs,
  isRegistrationNumberTaken,
  listRegistrationNumbers,
  lockSchool,
  lockStudents,
  softDeleteStudent,
  type StudentInsert,
  type StudentLogInsert,
  type StudentRow,
  updateStudentLogDate,
  updateStudentRow,
  updateStudentRows,
} from './student.queries.ts';
import { changedColumns, changeState, finishTraining, type StateChange, suggestRegistrationNumber } from './student.rules.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

// ——— input sections → columns ———

const infoColumns = (i: z.output<ReturnType<typeof studentInfoInput>>) => ({ ...i });
const addressColumns = (a: z.output<typeof studentAddressInput>) => ({ ...a });
const studyColumns = (s: z.output<typeof studentStudyInfoInput>) => ({
  groups: [...s.group],
  currentGroups: [...s.currentGroups],
  trainingKind: s.trainingKind,
  trainingType: s.trainingType,
  drivingLicenceNumber: s.carIdNumber,
  note: s.note,
  // Absent from the input: the stored date stays (a section saved by an older client clears nothing).
  ...(s.medicalCertificateDate !== undefined && { medicalCertificateDate: s.medicalCertificateDate }),
});
const coreColumns = (c: z.output<typeof studentCoreInput>) => ({ registrationNumber: c.registrationNumber, interpreterId: c.interpreterId });

/** A unique violation of the registration number (two saves racing past the check) reads as the duplicate error. */
function mapWriteError(err: unknown): never {
  if (isUniqueViolation(err, 'students_school_registration_key')) throw new AppError('DUPLICATE_REGISTRATION_NUMBER');
  if (isForeignKeyViolation(err)) throw new AppError('INTERPRETER_NOT_FOUND');
  throw err;
}

async function assertInterpreter(tx: DbOrTx, schoolId: SchoolId, interpreterId: string | null | undefined) {
  if (interpreterId && !(await findActiveInterpreter(tx, schoolId, interpreterId))) throw new AppError('INTERPRETER_NOT_FOUND');
}

/** Tells the school's open screens that a student changed (student.events.ts and the other features' events). */
export const studentInfoMessage = (live: Live, schoolId: SchoolId, studentId: string) =>
  live.toSchool(schoolId, { StudentInfoMessage: { schoolId, studentId } });

// ——— reads ———

export async function getStudentDetail(db: DbOrTx, schoolId: SchoolId, id: string) {
  const found = await findStudent(db, schoolId, id);
  if (!found) throw studentNotFound();
  return toStudentDetail(found.student, found.interpreter, found.logs);
}

export async function getStudentCardHeaderInfo(db: DbOrTx, schoolId: SchoolId, id: string) {
  const row = await findHeaderInfo(db, schoolId, id);
  if (!row) throw studentNotFound();
  return row;
}

export async function getStudentDate(db: DbOrTx, schoolId: SchoolId, id: string, which: 'dateOfInProgress' | 'dateOfFinished') {
  const row = await findTrainingDates(db, schoolId, id);
  if (!row) throw studentNotFound();
  return { date: row[which] };
}

export async function getNextRegistrationNumber(deps: AppDeps, schoolId: SchoolId) {
  const year = Number(schoolToday(deps.now()).slice(0, 4));
  return { registrationNumber: suggestRegistrationNumber(await listRegistrationNumbers(deps.db, schoolId), year) };
}

// ——— create, update, remove ———

export async function createStudent(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<ReturnType<typeof createStudentInput>>) {
  const values: StudentInsert = {
    ...infoColumns(input.studentInfo),
    ...addressColumns(input.studentAddress),
    ...studyColumns(input.studentStudyInfo),
    ...coreColumns(input.student),
    state: 'NOT_STARTED',
    // Taken on now by the request's clock (the STARTER month counts from this).
    admittedAt: deps.now(),
    searchText: studentSearchText({ ...input.studentInfo, registrationNumber: input.student.registrationNumber }),
  };
  return inTransaction(deps, async (tx, after) => {
    // Creations of one school queue here, so the month's count below cannot be passed by two at once.
    await lockSchool(tx, schoolId);
    const account = await getAccount(tx, schoolId, deps.now());
    const max = account.maxStudentsInSchoolPerMonth;
    if (max !== null && account.currentUsageStudentsInSchoolPerMonth >= max) throw new AppError('TIER_LIMIT');
    if (await isRegistrationNumberTaken(tx, schoolId, input.student.registrationNumber)) throw new AppError('DUPLICATE_REGISTRATION_NUMBER');
    await assertInterpreter(tx, schoolId, values.interpreterId);
    const row = await insertStudent(tx, schoolId, values).catch(mapWriteError);
    await insertStudentLogs(tx, schoolId, [{ studentId: row.id, state: row.state, previousState: null, date: schoolToday(deps.now()), userId }]);
    await recordEvent(deps, tx, after, { name: 'student.create', schoolId, userId, entityType: 'student', entityId: row.id, data: toStudentSnapshot(row) });
    return { id: row.id };
  });
}

function sectionColumns(input: z.output<ReturnType<typeof updateStudentInput>>): Partial<StudentInsert> {
  if (input.studentInfo) return infoColumns(input.studentInfo);
  if (input.studentAddress) return addressColumns(input.studentAddress);
  if (input.studentStudyInfo) return studyColumns(input.studentStudyInfo);
  if (input.student) return coreColumns(input.student);
  throw new AppError('INVALID_INPUT');
}

export async function updateStudent(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<ReturnType<typeof updateStudentInput>>) {
  const studentId = input.studentId;
  await inTransaction(deps, async (tx, after) => {
    const [current] = await lockStudents(tx, schoolId, [studentId]);
    if (!current) throw studentNotFound();
    const changes = changedColumns<StudentRow>(current, sectionColumns(input) as Partial<StudentRow>);
    const keys = Object.keys(changes) as (keyof StudentRow)[];
    if (keys.length === 0) throw new AppError('NO_CHANGES');
    if (changes.registrationNumber != null && (await isRegistrationNumberTaken(tx, schoolId, changes.registrationNumber))) {
      throw new AppError('DUPLICATE_REGISTRATION_NUMBER');
    }
    if ('interpreterId' in changes) await assertInterpreter(tx, schoolId, changes.interpreterId);
    const next = { ...current, ...changes };
    await updateStudentRow(tx, schoolId, studentId, { ...changes, searchText: studentSearchText(next), updatedAt: deps.now() }).catch(mapWriteError);
    if (keys.some((k) => k === 'groups' || k === 'trainingKind' || k === 'trainingType'))
      await studyInfoChanged(tx, { schoolId, studentId, userId, today: schoolToday(deps.now()) }, after);
    const before = Object.fromEntries(keys.map((k) => [k, current[k]]));
    await recordEvent(deps, tx, after, {
      name: 'student.update',
      schoolId,
      userId,
      entityType: 'student',
      entityId: studentId,
      data: { before, after: changes },
    });
  });
  return getStudentDetail(deps.db, schoolId, studentId);
}

export async function removeStudent(deps: AppDeps, schoolId: SchoolId, userId: string, studentId: string) {
  await inTransaction(deps, async (tx, after) => {
    const row = await softDeleteStudent(tx, schoolId, studentId, deps.now());
    if (!row) throw studentNotFound();
    await studentsLeftTraining(tx, { schoolId, studentIds: [studentId], why: 'removed' }, after);
    await recordEvent(deps, tx, after, { name: 'student.remove', schoolId, userId, entityType: 'student', entityId: studentId, data: toStudentSnapshot(row) });
  });
  return { ok: true as const };
}

/** Corrects the date of a state change; the student's start or end date follows its newest log of that state. */
export async function updateStudentLog(deps: AppDeps, schoolId: SchoolId, userId: string, input: { studentId: string; id: string; date: string }) {
  return inTransaction(deps, async (tx, after) => {
    // The record chain's head before the student's lock (issue 22 §1): a moved start or end date is appended.
    await openChain(tx, schoolId, deps.now());
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const row = await updateStudentLogDate(tx, schoolId, input.studentId, input.id, input.date);
    if (!row) throw new AppError('STUDENT_LOG_NOT_FOUND');
    const column = row.state === 'IN_PROGRESS' ? 'dateOfInProgress' : row.state === 'FINISHED' ? 'dateOfFinished' : null;
    if (column && student[column] !== null && (await findLatestLogOfState(tx, schoolId, input.studentId, row.state))?.id === row.id) {
      // Moving the end of a training that was completed (not ended early) is judged as ending it on the new day: not
      // in the future, and the legal minimum met by then; otherwise the record would claim a completion the data
      // does not show. An early end stays an early end on any past day.
      if (column === 'dateOfFinished' && !student.earlyEndReason && input.date !== student.dateOfFinished) {
        if (input.date > schoolToday(deps.now())) throw new AppError('STATE_DATE_IN_FUTURE');
        const [standing] = await studentsLegalMinimum(tx, schoolId, [input.studentId], input.date, deps.now());
        if (standing && !standing.isMet) throw legalMinimumError([standing]);
      }
      await updateStudentRow(tx, schoolId, input.studentId, { [column]: input.date, updatedAt: deps.now() });
      await chainRecords(tx, schoolId, { studentIds: [input.studentId] }, { userId }, { now: deps.now() });
    }
    await recordEvent(deps, tx, after, {
      name: 'student.updateLog',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { logId: row.id, date: input.date },
    });
    return { id: row.id, date: row.date };
  });
}

// ——— state changes ———

type Decide = (s: StudentRow) => StateChange | 'unchanged' | null;

/** The explicit early-end choice of 'Ukončit výcvik' (issue 17). */
interface EarlyEnd {
  endedEarly?: boolean;
  earlyEndReason?: string | null;
}

/** Training ends here: IN_PROGRESS → FINISHED. */
const endsTraining = (row: StudentRow, next: StateChange) => row.state === 'IN_PROGRESS' && next.state === 'FINISHED';
/** Goes to the exam: the school will certify completion on the exam application. */
const goesToExam = (row: StudentRow, next: StateChange) => next.state === 'TO_EXAM' && row.state !== 'TO_EXAM';

/**
 * The legal minimum on ending training and on going to the exam (issue 17), by the one rule (lesson-plan/legal-minimum):
 * a student short of it is refused with what is missing, by section; ending training may go ahead only with the
 * explicit early-end choice and a reason, which is then recorded on the student. Going to the exam has no such choice.
 * Returns, per student ending early, the reason and the standing judged.
 */
async function checkLegalMinimum(
  deps: AppDeps,
  tx: DbOrTx,
  schoolId: SchoolId,
  changes: { row: StudentRow; next: StateChange }[],
  day: string,
  early: EarlyEnd,
  several: boolean,
): Promise<Map<string, { reason: string; minimum: StudentMinimum }>> {
  const ending = changes.filter((c) => endsTraining(c.row, c.next));
  const toExam = changes.filter((c) => goesToExam(c.row, c.next));
  const endedEarly = new Map<string, { reason: string; minimum: StudentMinimum }>();
  if (ending.length + toExam.length === 0) return endedEarly;
  if (ending.length > 0 && day > schoolToday(deps.now())) throw new AppError('STATE_DATE_IN_FUTURE');
  const judged = await studentsLegalMinimum(
    tx,
    schoolId,
    [...ending, ...toExam].map((c) => c.row.id),
    day,
    deps.now(),
  );
  const examIds = new Set(toExam.map((c) => c.row.id));
  const refused = judged.filter((m) => !m.isMet && (examIds.has(m.studentId) || !early.endedEarly));
  if (refused.length > 0) throw legalMinimumError(refused, { named: several });
  for (const m of judged) {
    if (m.isMet || examIds.has(m.studentId)) continue;
    if (!early.earlyEndReason) throw new AppError('EARLY_END_REASON_REQUIRED');
    endedEarly.set(m.studentId, { reason: early.earlyEndReason, minimum: m });
  }
  return endedEarly;
}

/** The early-end reason after the change: set or cleared on ending training, kept past it, cleared when reopened. */
function earlyEndAfter(row: StudentRow, next: StateChange, endedEarly: Map<string, { reason: string }>): string | null {
  if (endsTraining(row, next)) return endedEarly.get(row.id)?.reason ?? null;
  return FINISHED_STATES.includes(next.state) ? row.earlyEndReason : null;
}

/**
 * Applies a state change to several students at once, all or nothing: every student must be this school's
 * (NOT_FOUND otherwise) and allowed to change. Started students go on that day's open hlášenka (the report domain's
 * hook) and get their planned lessons (the teaching domain's). Ending training and going to the exam check the
 * legal minimum (checkLegalMinimum).
 */
async function changeStates(
  deps: AppDeps,
  schoolId: SchoolId,
  userId: string,
  studentsIds: string[],
  date: string | null | undefined,
  decide: Decide,
  early: EarlyEnd = {},
) {
  const ids = [...new Set(studentsIds)];
  const day = date ?? schoolToday(deps.now());
  return inTransaction(deps, async (tx, after) => {
    // Locked in the database's order (two writers never wait on each other crosswise); judged and named in the order
    // the office selected them, so a refusal naming several lists them as asked.
    // The record chain's head first (issue 22 §1): the start and end dates of training are appended.
    await openChain(tx, schoolId, deps.now());
    const locked = await lockStudents(tx, schoolId, ids);
    if (locked.length !== ids.length) throw studentNotFound();
    const rows = [...locked].sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
    const changes: { row: StudentRow; next: StateChange }[] = [];
    for (const row of rows) {
      const next = decide(row);
      if (next === null) throw new AppError('INVALID_STATE_TRANSITION');
      if (next !== 'unchanged') changes.push({ row, next });
    }
    if (changes.length === 0) throw new AppError('NO_CHANGES');
    const endedEarly = await checkLegalMinimum(deps, tx, schoolId, changes, day, early, ids.length > 1);

    // One UPDATE per distinct outcome rather than per student.
    const groups = new Map<string, { values: Pick<StudentRow, 'state' | 'dateOfInProgress' | 'dateOfFinished' | 'earlyEndReason'>; ids: string[] }>();
    for (const { row, next } of changes) {
      const values = {
        state: next.state,
        dateOfInProgress: next.dateOfInProgress,
        dateOfFinished: next.dateOfFinished,
        earlyEndReason: earlyEndAfter(row, next, endedEarly),
      };
      const key = JSON.stringify(values);
      const group = groups.get(key) ?? { values, ids: [] };
      group.ids.push(row.id);
      groups.set(key, group);
    }
    for (const { values, ids: groupIds } of groups.values()) await updateStudentRows(tx, schoolId, groupIds, { ...values, updatedAt: deps.now() });
    await chainRecords(tx, schoolId, { studentIds: changes.map((c) => c.row.id) }, { userId }, { now: deps.now() });

    const logs: StudentLogInsert[] = changes
      .filter(({ row, next }) => row.state !== next.state)
      .map(({ row, next }) => ({ studentId: row.id, state: next.state, previousState: row.state, date: day, userId }));
    await insertStudentLogs(tx, schoolId, logs);

    // The higher domains' follow-ups (the hlášenka, the planned lessons) in this transaction: see student.hooks.ts.
    const started = changes.filter((c) => c.next.startsTraining).map((c) => c.row.id);
    const { reportId } = await trainingStarted(tx, { schoolId, studentIds: started, day, userId }, after);
    await studentsLeftTraining(tx, { schoolId, studentIds: changes.filter((c) => c.next.undoesStart).map((c) => c.row.id), why: 'undoneStart' }, after);
    for (const { row, next } of changes) {
      await recordEvent(deps, tx, after, {
        name: 'student.setState',
        schoolId,
        userId,
        entityType: 'student',
        entityId: row.id,
        data: {
          from: { state: row.state, dateOfInProgress: row.dateOfInProgress, dateOfFinished: row.dateOfFinished },
          to: { state: next.state, dateOfInProgress: next.dateOfInProgress, dateOfFinished: next.dateOfFinished },
          date: day,
          reportId: next.startsTraining ? reportId : undefined,
          // The explicit choice to end short of the legal minimum, with what was missing on the day.
          endedEarly: endedEarly.has(row.id) ? { reason: endedEarly.get(row.id)?.reason, missing: endedEarly.get(row.id)?.minimum.missing } : undefined,
        },
      });
    }
    return { reportId };
  });
}

export function setStudentState(
  deps: AppDeps,
  schoolId: SchoolId,
  userId: string,
  input: { studentsIds: string[]; state: StudentState; date?: string | null } & EarlyEnd,
) {
  return changeStates(deps, schoolId, userId, input.studentsIds, input.date, (s) => changeState(s, input.state, input.date ?? schoolToday(deps.now())), input);
}

/** 'Zahájit výcvik': NOT_STARTED → IN_PROGRESS on the date; returns the hlášenka the students went on. */
export function setDateOfInProgress(deps: AppDeps, schoolId: SchoolId, userId: string, input: { studentsIds: string[]; date?: string | null }) {
  const day = input.date ?? schoolToday(deps.now());
  return changeStates(deps, schoolId, userId, input.studentsIds, day, (s) => (s.state === 'NOT_STARTED' ? changeState(s, 'IN_PROGRESS', day) : null));
}

/**
 * 'Ukončit výcvik': IN_PROGRESS → FINISHED on the date, or the missing end date of a student past training. Short of
 * the legal minimum only with `endedEarly` and a reason ('Ukončit předčasně').
 */
export async function setDateOfFinished(deps: AppDeps, schoolId: SchoolId, userId: string, input: { studentsIds: string[]; date?: string | null } & EarlyEnd) {
  const day = input.date ?? schoolToday(deps.now());
  await changeStates(deps, schoolId, userId, input.studentsIds, day, (s) => finishTraining(s, day), input);
  return { ok: true as const };
}
