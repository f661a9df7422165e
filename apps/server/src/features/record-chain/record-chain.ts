// The one module the services call to append to the record chain (issue 22 §1, docs/decisions/0026): explicitly,
// inside the unit of work of the write, so a rolled-back write leaves no entry.
//
//   await openChain(tx, schoolId, now);                 // first thing in the write: lock the school's head
//   …the write…
//   await chainRecords(tx, schoolId, { studentIds }, { userId }, { now, reason });
//
// `chainRecords` compares the students' records (rides, theory hours, exam results, training dates) with their latest
// entries and appends one entry per record that changed: registered, signed, attended, result, dates, or a
// CORRECTION with the content before and after — never without its reason ('Důvod opravy'): a correction without one
// is refused with the field error `correctionReason`, so the write rolls back and its form asks for the reason. The
// school's first append writes the genesis first: one BASELINE entry per record that existed when the chain started
// (at that server time — never back-dated).
import type { DbOrTx } from '@volant/db/client';
import { EXAM_MESSAGES } from '@volant/shared/exam/rules';
import { CORRECTION_MESSAGES } from '@volant/shared/record-chain/inputs';
import { type ChainContent, canonicalJson, GENESIS_PREV_HASH, type RecordChainEntityType } from '@volant/shared/record-chain/format';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import {
  chainedEntitiesOfStudents,
  createHead,
  insertEntries,
  latestEntries,
  lockHead,
  memberName,
  moveHead,
  type NewEntry,
  type RecordRows,
  readRecords,
} from './record-chain.queries.ts';
import {
  type CurrentRecord,
  entryFor,
  entryHash,
  examResultContent,
  lessonContent,
  rideContent,
  rideIsRecord,
  trainingDatesContent,
} from './record-chain.rules.ts';

export interface ChainActor {
  userId: string | null;
  /** Who, as the entry says it; by default the member's name in the school. */
  name?: string;
}

export const GENESIS_WHO = 'Volant (výchozí stav řetězce)';

/** The records as the chain sees them. */
export function currentRecords(rows: RecordRows): CurrentRecord[] {
  return [
    ...rows.rides.map((r) => ({
      entityType: 'RIDE' as const,
      entityId: r.id,
      studentId: r.studentId,
      record: rideIsRecord(r) ? rideContent(r) : null,
      exists: true,
    })),
    ...rows.lessons.map((l) => ({ entityType: 'LESSON' as const, entityId: l.id, studentId: l.studentId, record: lessonContent(l), exists: true })),
    ...rows.exams.map((e) => ({ entityType: 'EXAM_RESULT' as const, entityId: e.id, studentId: e.studentId, record: examResultContent(e), exists: true })),
    ...rows.dates.map((s) => ({ entityType: 'TRAINING_DATES' as const, entityId: s.id, studentId: s.id, record: trainingDatesContent(s), exists: true })),
  ];
}

type Draft = Omit<NewEntry, 'seq' | 'prevHash' | 'hash' | 'schoolId'>;

async function append(tx: DbOrTx, schoolId: SchoolId, head: { lastSeq: number; lastHash: string }, drafts: Draft[]) {
  if (drafts.length === 0) return head;
  let { lastSeq, lastHash } = head;
  const entries: NewEntry[] = drafts.map((d) => {
    const fields = { ...d, seq: lastSeq + 1, prevHash: lastHash };
    const hash = entryHash(fields);
    lastSeq = fields.seq;
    lastHash = hash;
    return { ...fields, hash, schoolId };
  });
  await insertEntries(tx, entries);
  await moveHead(tx, schoolId, lastSeq, lastHash);
  return { lastSeq, lastHash };
}

/**
 * Locks the school's head (FOR UPDATE, held to the end of the write's transaction); the first time, creates it and
 * writes the genesis. Call it before the write changes its records, so the genesis holds them as they were.
 */
export async function openChain(tx: DbOrTx, schoolId: SchoolId, now: Date) {
  // The usual case: the head exists; one statement locks it.
  const existing = await lockHead(tx, schoolId);
  if (existing) return existing;
  // The first append: whoever inserts the head writes the genesis (a concurrent first writer waits on the insert).
  const created = await createHead(tx, schoolId, GENESIS_PREV_HASH, now);
  const head = await lockHead(tx, schoolId);
  if (!head) throw new Error('record chain: no head');
  if (!created) return head;
  const present = currentRecords(await readRecords(tx, schoolId, 'all')).filter((c) => c.record !== null);
  present.sort((a, b) => (a.entityType === b.entityType ? a.entityId.localeCompare(b.entityId) : a.entityType.localeCompare(b.entityType)));
  const drafts: Draft[] = present.map((c) => ({
    kind: 'BASELINE',
    entityType: c.entityType,
    entityId: c.entityId,
    studentId: c.studentId,
    content: canonicalJson({ record: c.record } satisfies ChainContent as never),
    recordedAt: now,
    userId: null,
    who: GENESIS_WHO,
    reason: null,
  }));
  return append(tx, schoolId, head, drafts);
}

/** What a correction of each kind of record without its reason is answered (the field `correctionReason`). */
const REASON_REQUIRED: Record<RecordChainEntityType, string> = {
  RIDE: CORRECTION_MESSAGES.rideReasonRequired,
  LESSON: CORRECTION_MESSAGES.lessonReasonRequired,
  EXAM_RESULT: EXAM_MESSAGES.correctionReasonRequired,
  // Training dates make TRAINING_DATES entries, never corrections; named for completeness.
  TRAINING_DATES: CORRECTION_MESSAGES.lessonReasonRequired,
};

/**
 * Appends what changed in the records of these students and of these entity ids. A ride's write names only the ride
 * (`studentIds: []`): its cost stays the same however long the student's history grows. `reason` goes on the
 * corrections this write makes ('Důvod opravy'); a correction without it is refused (issue 22 §1: a change of a
 * record is a new entry with its reason) with `reasonRequired`, or the message of the corrected record's kind.
 */
export async function chainRecords(
  tx: DbOrTx,
  schoolId: SchoolId,
  scope: { studentIds: readonly (string | null | undefined)[]; entityIds?: readonly string[] },
  actor: ChainActor,
  opts: { now: Date; reason?: string | null; reasonRequired?: string },
) {
  const head = await openChain(tx, schoolId, opts.now);
  const studentIds = [...new Set(scope.studentIds.filter((id): id is string => Boolean(id)))];
  const chained = await chainedEntitiesOfStudents(tx, schoolId, studentIds);
  const entityIds = [...new Set([...(scope.entityIds ?? []), ...chained.map((c) => c.entityId)])];
  const current = currentRecords(await readRecords(tx, schoolId, { studentIds, entityIds }));
  const keys = new Map<string, { entityType: RecordChainEntityType; entityId: string }>();
  for (const c of [...chained, ...current]) keys.set(`${c.entityType}:${c.entityId}`, { entityType: c.entityType, entityId: c.entityId });
  const latestList = await latestEntries(tx, schoolId, [...new Set([...entityIds, ...[...keys.values()].map((k) => k.entityId)])]);
  // A named entity whose row is gone (a deleted registered ride) is known by its latest entry alone.
  for (const e of latestList) keys.set(`${e.entityType}:${e.entityId}`, { entityType: e.entityType, entityId: e.entityId });
  const latest = new Map(latestList.map((e) => [`${e.entityType}:${e.entityId}`, e]));
  const now = new Map(current.map((c) => [`${c.entityType}:${c.entityId}`, c]));
  let who: string | null = actor.name ?? null;
  const drafts: Draft[] = [];
  for (const [key, k] of [...keys].sort(([a], [b]) => a.localeCompare(b))) {
    const last = latest.get(key);
    const lastRecord = last ? ((JSON.parse(last.content) as ChainContent).record ?? null) : undefined;
    const c = now.get(key);
    const made = entryFor(k.entityType, lastRecord, c?.record ?? null);
    if (!made) continue;
    if (made.kind === 'CORRECTION' && !opts.reason?.trim()) {
      throw AppError.field('INVALID_INPUT', 'correctionReason', opts.reasonRequired ?? REASON_REQUIRED[k.entityType]);
    }
    who ??= (actor.userId ? await memberName(tx, schoolId, actor.userId) : null) ?? 'Neznámý uživatel';
    drafts.push({
      kind: made.kind,
      entityType: k.entityType,
      entityId: k.entityId,
      studentId: c?.studentId ?? last?.studentId ?? null,
      content: canonicalJson(made.content as never),
      recordedAt: opts.now,
      userId: actor.userId,
      who,
      reason: made.kind === 'CORRECTION' ? (opts.reason ?? null) : null,
    });
  }
  return append(tx, schoolId, head, drafts);
}
