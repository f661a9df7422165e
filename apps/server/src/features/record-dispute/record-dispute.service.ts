// 'Nesouhlasím se záznamem' (issue 19 §2): a student disputes a past record of their own (a ride or a theory lesson)
// with a reason; the office is notified (the bell, events/processors.ts), the record shows 'Rozporováno' to both
// sides until the office resolves it ('Vyřešeno' with a note). A record has one open dispute at a time.
import type { DisputeRecordInput, ResolveDisputeInput } from '@volant/shared/record-dispute/inputs';
import { schoolToday } from '@volant/shared/school-time';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  type DisputeRow,
  findDispute,
  findOwnRecord,
  insertDispute,
  isSchoolStudent,
  listStudentDisputes,
  type OwnRecord,
  resolveOpenDispute,
} from './record-dispute.queries.ts';

/** A dispute as both sides see it: the record it names, the reason, and the office's answer once resolved. */
export function toDispute(row: DisputeRow) {
  return {
    id: row.id,
    recordKind: row.recordKind,
    recordId: (row.recordKind === 'RIDE' ? row.drivingLessonRecordId : row.teachingLessonRecordId) ?? '',
    reason: row.reason,
    createdAt: row.createdAt,
    state: row.resolvedAt ? ('RESOLVED' as const) : ('OPEN' as const),
    resolvedAt: row.resolvedAt,
    resolutionNote: row.resolutionNote,
  };
}
export type RecordDisputeDto = ReturnType<typeof toDispute>;

/** A ride that has started, or a theory lesson dated today or earlier (Prague); an undated lesson is not past. */
export function isPastRecord(record: Pick<OwnRecord, 'startTime' | 'date'>, now: Date) {
  if (record.startTime) return record.startTime.getTime() <= now.getTime();
  return record.date !== null && record.date <= schoolToday(now);
}

/** studentDispute.disputeRecord: the proven student's own past record, once while an earlier dispute of it is open. */
export async function disputeRecord(deps: AppDeps, student: ProvenStudent, input: DisputeRecordInput) {
  return inTransaction(deps, async (tx, after) => {
    const record = await findOwnRecord(tx, student, input.recordKind, input.recordId);
    // Another student's record, another school's, or none: the same answer.
    if (!record) throw new AppError('NOT_FOUND');
    const now = deps.now();
    if (!isPastRecord(record, now)) throw new AppError('RECORD_DISPUTE_NOT_PAST');
    const row = await insertDispute(tx, record, input.reason, now);
    if (!row) throw new AppError('RECORD_DISPUTE_OPEN');
    await recordEvent(deps, tx, after, {
      name: 'recordDispute.create',
      schoolId: student.schoolId,
      userId: null,
      entityType: 'recordDispute',
      entityId: row.id,
      data: { studentId: student.studentId, recordKind: record.kind, recordId: record.id },
    });
    return { id: row.id };
  });
}

/** studentDispute.getMyDisputes: the proven student's disputes, open and resolved. */
export async function getMyDisputes(deps: AppDeps, { schoolId, studentId }: ProvenStudent) {
  return (await listStudentDisputes(deps.db, schoolId, studentId)).map(toDispute);
}

/** recordDispute.getStudentDisputes: a student's disputes for the card (open and resolved). */
export async function getStudentDisputes(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  if (!(await isSchoolStudent(deps.db, schoolId, studentId))) throw new AppError('STUDENT_NOT_FOUND');
  return (await listStudentDisputes(deps.db, schoolId, studentId)).map(toDispute);
}

/** recordDispute.resolveDispute: 'Vyřešit' — the office's note; the record then shows 'Vyřešeno' with it. */
export async function resolveDispute(deps: AppDeps, schoolId: SchoolId, actor: { userId: string; memberId: string }, input: ResolveDisputeInput) {
  return inTransaction(deps, async (tx, after) => {
    const row = await resolveOpenDispute(tx, schoolId, input.disputeId, actor.memberId, input.note, deps.now());
    if (!row) throw new AppError((await findDispute(tx, schoolId, input.disputeId)) ? 'RECORD_DISPUTE_RESOLVED' : 'RECORD_DISPUTE_NOT_FOUND');
    await recordEvent(deps, tx, after, {
      name: 'recordDispute.resolve',
      schoolId,
      userId: actor.userId,
      entityType: 'recordDispute',
      entityId: row.id,
      data: { studentId: row.studentId },
    });
    const resolved = await findDispute(tx, schoolId, row.id);
    if (!resolved) throw new AppError('RECORD_DISPUTE_NOT_FOUND');
    return toDispute(resolved);
  });
}
