// The record chain's reads (issue 22 §1): the verification anyone with the data can run (`verifySchoolRecords`, also
// used by `npm run verify-records` and the inspection pack), the office's 'Opravy a rozpory' and the student's own
// fingerprints and corrections.
import type { DbOrTx } from '@volant/db/client';
import { EXAM_RESULT_LABELS, LESSON_STATE_LABELS, TEACHING_SECTION_LABELS } from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import {
  type ChainContent,
  fingerprint,
  RECORD_CHAIN_ENTITY_LABELS,
  RECORD_CHAIN_KIND_LABELS,
  type RecordChainEntityType,
} from '@volant/shared/record-chain/format';
import type { CorrectionsInput } from '@volant/shared/record-chain/inputs';
import { addDays, schoolMidnight } from '@volant/shared/school-time';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { currentRecords } from './record-chain.ts';
import {
  chainNames,
  findHead,
  listCorrections,
  listDisputes,
  listEntries,
  listStudentEntries,
  type RecordRows,
  readRecords,
  studentNames,
} from './record-chain.queries.ts';
import { type ChainNames, type ChainProblem, compareRecords, describeChanges, recordLabel, type StoredEntry, verifyChain } from './record-chain.rules.ts';

export interface RecordChainReport {
  schoolId: string;
  /** Whether nothing was found damaged. */
  ok: boolean;
  /** When the chain started (the genesis); null: the school has no chain yet. */
  startedAt: Date | null;
  entries: number;
  lastSeq: number;
  lastHash: string | null;
  /** Records compared with their latest entry. */
  recordsChecked: number;
  /** Each damage found, the first broken link first (by seq; records with no entry last). */
  problems: ChainProblem[];
  checkedAt: Date;
}

/** What a verification reads: the head, every entry in seq order, the records that count, the students' names. */
export interface VerificationInput {
  head: { lastSeq: number; lastHash: string; startedAt: Date } | null;
  entries: StoredEntry[];
  rows: RecordRows;
  names: { id: string; lastName: string }[];
}

/**
 * Verifies a school's chain link by link and every record that counts against its latest entry (docs/decisions/0026).
 * `db` is any connection: the app's, a test's, the verify-records command's.
 */
export async function verifySchoolRecords(db: DbOrTx, schoolId: SchoolId, now: Date = new Date()): Promise<RecordChainReport> {
  const [head, entries, rows, names] = await Promise.all([
    findHead(db, schoolId),
    listEntries(db, schoolId),
    readRecords(db, schoolId, 'all'),
    studentNames(db, schoolId),
  ]);
  return verifyRecords(schoolId, { head: head ?? null, entries, rows, names }, now);
}

/** The verification itself, pure (the inspection pack runs it in a render thread over rows read in pages). */
export function verifyRecords(schoolId: string, input: VerificationInput, now: Date): RecordChainReport {
  const { head, entries, rows, names } = input;
  const byId = new Map(names.map((s) => [s.id, s.lastName]));
  const chain = verifyChain(entries, head ? { lastSeq: head.lastSeq, lastHash: head.lastHash } : null);
  const current = currentRecords(rows);
  // Before the chain started nothing is compared: the first write of the school writes its genesis.
  const records = head ? compareRecords(entries, current, (id) => (id ? (byId.get(id) ?? null) : null)) : [];
  const problems = [...chain.problems, ...records].sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
  return {
    schoolId,
    ok: problems.length === 0,
    startedAt: head?.startedAt ?? null,
    entries: chain.entries,
    lastSeq: chain.lastSeq,
    lastHash: entries.at(-1)?.hash ?? null,
    recordsChecked: current.filter((c) => c.record !== null).length,
    problems,
    checkedAt: now,
  };
}

/** The report as the command prints it (Czech). */
export function reportText(report: RecordChainReport, schoolName: string): string {
  const lines = [`Ověření záznamů autoškoly ${schoolName} (${report.schoolId})`];
  if (!report.startedAt) {
    lines.push('Řetězec záznamů zatím nezačal (autoškola od jeho zavedení nic nezapsala).');
  } else {
    lines.push(`Řetězec začal ${report.startedAt.toISOString()}; záznamů v řetězci: ${report.entries}, poslední č. ${report.lastSeq}.`);
    if (report.lastHash) lines.push(`Otisk posledního záznamu: ${report.lastHash}`);
    lines.push(`Porovnáno záznamů v evidenci: ${report.recordsChecked}.`);
  }
  // Without a chain nothing was compared: saying 'v pořádku' would claim more than the check showed.
  if (!report.startedAt) lines.push('Výsledek: nelze ověřit — záznamy zapsané před začátkem řetězce nemají otisk.');
  else if (report.ok) lines.push('Výsledek: v pořádku — žádný záznam nebyl změněn, vložen ani smazán.');
  else {
    lines.push(`Výsledek: NALEZENO POŠKOZENÍ (${report.problems.length}):`);
    for (const p of report.problems) lines.push(`  - ${p.message}`);
  }
  return lines.join('\n');
}

const WORDS: Record<string, Record<string, string>> = {
  state: LESSON_STATE_LABELS,
  section: TEACHING_SECTION_LABELS,
  result: EXAM_RESULT_LABELS,
};

async function namesOf(db: DbOrTx, schoolId: SchoolId): Promise<ChainNames> {
  const { members, cars } = await chainNames(db, schoolId);
  const m = new Map(members.map((x) => [x.id, `${x.firstName} ${x.lastName}`]));
  const c = new Map(cars.map((x) => [x.id, `${x.carType} ${x.regNumber}`]));
  return { teacher: (id) => m.get(id) ?? null, car: (id) => c.get(id) ?? null };
}

const contentOf = (e: Pick<StoredEntry, 'content'>) => JSON.parse(e.content) as ChainContent;

/** A correction as both lists show it: what, when, who, why, and old → new. */
function correctionOf(e: StoredEntry, names: ChainNames, studentName: string | null) {
  const content = contentOf(e);
  return {
    seq: e.seq,
    hash: e.hash,
    fingerprint: fingerprint(e.hash),
    entityType: e.entityType as RecordChainEntityType,
    entityId: e.entityId,
    entityLabel: RECORD_CHAIN_ENTITY_LABELS[e.entityType as RecordChainEntityType],
    what: recordLabel(e.entityType as RecordChainEntityType, content.record ?? content.before ?? null, studentName),
    at: e.recordedAt,
    who: e.who,
    reason: e.reason,
    changes: describeChanges(content.before, content.record, names, WORDS),
  };
}

/** 'Opravy a rozpory': the period's corrections (from the chain) and disputes (from the students), newest first. */
export async function getCorrections(deps: AppDeps, schoolId: SchoolId, input: CorrectionsInput) {
  const from = schoolMidnight(input.from);
  const to = schoolMidnight(addDays(input.to, 1));
  const [rows, disputes, names] = await Promise.all([
    listCorrections(deps.db, schoolId, from, to),
    listDisputes(deps.db, schoolId, from, to),
    namesOf(deps.db, schoolId),
  ]);
  const items = [
    ...rows.map((r) => ({
      kind: 'CORRECTION' as const,
      id: `c-${r.seq}`,
      studentId: r.studentId,
      student: r.lastName ? fullName({ firstName: r.firstName ?? '', lastName: r.lastName }) : null,
      ...correctionOf(r as StoredEntry, names, r.lastName),
      state: null,
      resolutionNote: null,
    })),
    ...disputes.map((d) => ({
      kind: 'DISPUTE' as const,
      id: `d-${d.id}`,
      studentId: d.studentId,
      student: fullName({ firstName: d.firstName, lastName: d.lastName }),
      seq: null,
      hash: null,
      fingerprint: null,
      entityType: (d.recordKind === 'RIDE' ? 'RIDE' : 'LESSON') as RecordChainEntityType,
      entityId: (d.rideId ?? d.lessonId) as string,
      entityLabel: d.recordKind === 'RIDE' ? 'Jízda' : 'Hodina výuky',
      what: recordLabel(
        d.recordKind === 'RIDE' ? 'RIDE' : 'LESSON',
        d.recordKind === 'RIDE' ? (d.rideStart ? { startTime: d.rideStart.toISOString() } : null) : d.lessonDate ? { date: d.lessonDate } : null,
        d.lastName,
      ),
      at: d.createdAt,
      who: fullName({ firstName: d.firstName, lastName: d.lastName }),
      reason: d.reason,
      changes: [],
      state: d.resolvedAt ? ('RESOLVED' as const) : ('OPEN' as const),
      resolutionNote: d.resolutionNote,
    })),
  ];
  items.sort((a, b) => b.at.getTime() - a.at.getTime());
  return { items, corrections: rows.length, disputes: disputes.length };
}

/**
 * The student's own records in the chain: for each ride, theory hour, exam result and their training dates the
 * fingerprint of its latest entry (the full hash beside it) and its corrections, old → new, oldest first.
 */
export async function getMyRecordChain(deps: AppDeps, student: ProvenStudent) {
  const [entries, names] = await Promise.all([listStudentEntries(deps.db, student.schoolId, student.studentId), namesOf(deps.db, student.schoolId)]);
  const byEntity = new Map<
    string,
    {
      entityType: RecordChainEntityType;
      entityId: string;
      hash: string;
      fingerprint: string;
      seq: number;
      kind: string;
      at: Date;
      corrections: ReturnType<typeof correctionOf>[];
    }
  >();
  for (const e of entries) {
    const key = `${e.entityType}:${e.entityId}`;
    const item = byEntity.get(key) ?? {
      entityType: e.entityType as RecordChainEntityType,
      entityId: e.entityId,
      hash: e.hash,
      fingerprint: '',
      seq: e.seq,
      kind: '',
      at: e.recordedAt,
      corrections: [],
    };
    item.hash = e.hash;
    item.fingerprint = fingerprint(e.hash);
    item.seq = e.seq;
    item.kind = RECORD_CHAIN_KIND_LABELS[e.kind];
    item.at = e.recordedAt;
    if (e.kind === 'CORRECTION') item.corrections.push(correctionOf(e, names, null));
    byEntity.set(key, item);
  }
  return { studentId: student.studentId, records: [...byEntity.values()] };
}
