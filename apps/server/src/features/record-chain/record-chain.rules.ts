// The record chain's pure rules (issue 22 §1, docs/decisions/0026): what of each record is its legal content, which
// kind of entry a change makes, the hash, and the verifier over a school's ordered entries and its current records.
// No database here: record-chain.queries.ts reads, record-chain.ts appends, record-chain.service.ts verifies.
import { createHash } from 'node:crypto';
import { formatDate, formatDateTime } from '@volant/shared/format';
import {
  type ChainContent,
  type ChainEntryFields,
  canonicalJson,
  GENESIS_PREV_HASH,
  hashPreimage,
  type Json,
  RECORD_CHAIN_KIND_LABELS,
  type RecordChainEntityType,
  type RecordChainKind,
} from '@volant/shared/record-chain/format';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const entryHash = (e: ChainEntryFields) => sha256(hashPreimage(e));

type Record_ = { [key: string]: Json };

// ——— the legal content of each record ———

export interface RideRow {
  id: string;
  type: string;
  state: string;
  studentId: string | null;
  teacherId: string | null;
  schoolCarId: string | null;
  startTime: Date;
  endTime: Date;
  length: number;
  tachometerBefore: number | null;
  tachometerAfter: number | null;
  note: string | null;
  signature: string | null;
  teacherSignature: string | null;
  /** The signatures' SHA-256 when the database worked it out (a whole school's read): then the pictures are not read. */
  signatureSha256?: string | null;
  teacherSignatureSha256?: string | null;
}

const signatureHash = (svg: string | null, hashed: string | null | undefined) => (hashed !== undefined ? hashed : svg ? sha256(svg) : null);

/** A ride counts for the chain once registered (any state but SCHEDULED) or signed; a car reservation never. */
export const rideIsRecord = (r: RideRow) =>
  r.type !== 'CAR_RESERVATION' && (r.state !== 'SCHEDULED' || Boolean(r.signature || r.teacherSignature || r.signatureSha256 || r.teacherSignatureSha256));

/** A ride's legal content: times, teacher, car, tachometer, length, state, note and the signatures' SHA-256 (not the SVG). */
export function rideContent(r: RideRow): Record_ {
  return {
    type: r.type,
    state: r.state,
    studentId: r.studentId,
    teacherId: r.teacherId,
    schoolCarId: r.schoolCarId,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
    length: r.length,
    tachometerBefore: r.tachometerBefore,
    tachometerAfter: r.tachometerAfter,
    note: r.note,
    signatureSha256: signatureHash(r.signature, r.signatureSha256),
    teacherSignatureSha256: signatureHash(r.teacherSignature, r.teacherSignatureSha256),
  };
}

export interface LessonRow {
  id: string;
  studentId: string;
  type: string;
  position: number;
  teacherId: string | null;
  date: string | null;
  topic: string | null;
  attendedAt: Date | null;
  groupLessonId: string | null;
}

/** A theory hour counts while marked attended; its content: section, position, date, teacher, topic, group lesson. */
export function lessonContent(l: LessonRow): Record_ | null {
  if (!l.attendedAt) return null;
  return {
    studentId: l.studentId,
    section: l.type,
    position: l.position,
    date: l.date,
    teacherId: l.teacherId,
    topic: l.topic,
    groupLessonId: l.groupLessonId,
  };
}

export interface ExamResultRow {
  id: string;
  examId: string;
  studentId: string;
  type: string;
  group: string;
  attempt: number;
  result: string | null;
}

export function examResultContent(e: ExamResultRow): Record_ | null {
  if (!e.result) return null;
  return { examId: e.examId, studentId: e.studentId, type: e.type, group: e.group, attempt: e.attempt, result: e.result };
}

export interface TrainingDatesRow {
  id: string;
  dateOfInProgress: string | null;
  dateOfFinished: string | null;
}

export function trainingDatesContent(s: TrainingDatesRow): Record_ | null {
  if (!s.dateOfInProgress && !s.dateOfFinished) return null;
  return { dateOfInProgress: s.dateOfInProgress, dateOfFinished: s.dateOfFinished };
}

/** One record as it is now in its table: `record` null when it does not count (or is gone). */
export interface CurrentRecord {
  entityType: RecordChainEntityType;
  entityId: string;
  studentId: string | null;
  record: Record_ | null;
  /** Whether the row exists in its table at all. */
  exists: boolean;
}

const sameRecord = (a: Record_ | null | undefined, b: Record_ | null | undefined) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

const SIGNATURE_KEYS = ['signatureSha256', 'teacherSignatureSha256'];
function withoutSignatures(r: Record_): Record_ {
  const { signatureSha256: _s, teacherSignatureSha256: _t, ...rest } = r;
  return rest;
}

/**
 * The entry a change of one record makes (null: nothing changed). `last` is the record of the entity's latest entry
 * (undefined: never in the chain, null: in it but no longer counting).
 */
export function entryFor(
  entityType: RecordChainEntityType,
  last: Record_ | null | undefined,
  now: Record_ | null,
): { kind: RecordChainKind; content: ChainContent } | null {
  if (last === undefined && now === null) return null;
  if (sameRecord(last, now)) return null;
  if (entityType === 'TRAINING_DATES') return { kind: 'TRAINING_DATES', content: { record: now, before: last ?? null } };
  const fresh = last === undefined || last === null;
  if (fresh && now) {
    const kind = entityType === 'RIDE' ? 'RIDE_REGISTERED' : entityType === 'LESSON' ? 'LESSON_ATTENDED' : 'EXAM_RESULT';
    return { kind, content: last === null ? { record: now, before: null } : { record: now } };
  }
  if (entityType === 'RIDE' && last && now && sameRecord(withoutSignatures(last), withoutSignatures(now))) {
    // Only signatures changed: signed when each changed one is now present, otherwise a correction (one removed).
    const changed = SIGNATURE_KEYS.filter((k) => last[k] !== now[k]);
    if (changed.every((k) => now[k] !== null)) {
      const signer = changed.length === 2 ? 'BOTH' : changed[0] === 'signatureSha256' ? 'STUDENT' : 'TEACHER';
      return { kind: 'RIDE_SIGNED', content: { record: now, signer } };
    }
  }
  return { kind: 'CORRECTION', content: { record: now, before: last ?? null } };
}

// ——— verification ———

/** An entry as stored. */
export interface StoredEntry extends ChainEntryFields {
  hash: string;
}

export const DAMAGE_KINDS = [
  'CONTENT_ALTERED',
  'ORDER_CHANGED',
  'ENTRY_INSERTED',
  'ENTRY_DELETED',
  'HEAD_MISMATCH',
  'RECORD_DIFFERS',
  'RECORD_NOT_IN_CHAIN',
  'RECORD_MISSING',
] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];
export const DAMAGE_LABELS: Record<DamageKind, string> = {
  CONTENT_ALTERED: 'Obsah záznamu řetězce změněn',
  ORDER_CHANGED: 'Pořadí záznamů změněno',
  ENTRY_INSERTED: 'Záznam vložen',
  ENTRY_DELETED: 'Záznam smazán',
  HEAD_MISMATCH: 'Konec řetězce nesouhlasí',
  RECORD_DIFFERS: 'Záznam v evidenci se liší od řetězce',
  RECORD_NOT_IN_CHAIN: 'Záznam v evidenci chybí v řetězci',
  RECORD_MISSING: 'Záznam z řetězce chybí v evidenci',
};

export interface ChainProblem {
  damage: DamageKind;
  /** The entry concerned (its seq as stored); null for a record with no entry. */
  seq: number | null;
  entryKind: RecordChainKind | null;
  message: string;
}

export interface ChainCheck {
  entries: number;
  lastSeq: number;
  problems: ChainProblem[];
}

const entryName = (e: { seq: number; kind: RecordChainKind }) => `Záznam č. ${e.seq} (${RECORD_CHAIN_KIND_LABELS[e.kind]})`;

/**
 * Walks the entries in stored seq order and reports each broken link: a hash that does not cover the entry
 * (content altered), a prev_hash that names another entry (order changed) or none (an entry inserted), a gap in seq
 * (entries deleted), and a head (last seq and hash) the last entry does not match (the tail cut off). A tail cut off
 * together with its head is not detectable from the chain alone: `compareRecords` catches it against the tables.
 */
export function verifyChain(entries: readonly StoredEntry[], head: { lastSeq: number; lastHash: string } | null): ChainCheck {
  const problems: ChainProblem[] = [];
  const byHash = new Map(entries.map((e, i) => [e.hash, i]));
  let expectedSeq = 1;
  let prev = GENESIS_PREV_HASH;
  entries.forEach((e, i) => {
    if (e.seq > expectedSeq) {
      const range = e.seq - 1 === expectedSeq ? `č. ${expectedSeq}` : `č. ${expectedSeq}–${e.seq - 1}`;
      problems.push({ damage: 'ENTRY_DELETED', seq: e.seq, entryKind: e.kind, message: `Chybí záznam ${range} před záznamem č. ${e.seq}: záznam byl smazán.` });
    } else if (e.seq < expectedSeq) {
      problems.push({ damage: 'ORDER_CHANGED', seq: e.seq, entryKind: e.kind, message: `${entryName(e)} je mimo pořadí (očekáváno č. ${expectedSeq}).` });
    }
    const hashOk = entryHash(e) === e.hash;
    if (!hashOk) {
      problems.push({ damage: 'CONTENT_ALTERED', seq: e.seq, entryKind: e.kind, message: `${entryName(e)}: obsah byl změněn (otisk nesouhlasí).` });
    }
    const gapBefore = e.seq > expectedSeq;
    if (e.prevHash !== prev && !gapBefore) {
      const pointsTo = byHash.get(e.prevHash);
      if (pointsTo !== undefined && pointsTo !== i - 1) {
        problems.push({
          damage: 'ORDER_CHANGED',
          seq: e.seq,
          entryKind: e.kind,
          message: `${entryName(e)}: navazuje na záznam č. ${entries[pointsTo]?.seq}, ne na předchozí — pořadí bylo změněno nebo byl vložen záznam.`,
        });
      } else {
        problems.push({
          damage: 'ENTRY_INSERTED',
          seq: e.seq,
          entryKind: e.kind,
          message: `${entryName(e)}: nenavazuje na předchozí záznam — záznam byl vložen nebo předchozí změněn.`,
        });
      }
    }
    expectedSeq = Math.max(expectedSeq, e.seq) + 1;
    prev = e.hash;
  });
  const last = entries.at(-1);
  if (head && (head.lastSeq !== (last?.seq ?? 0) || (last && head.lastHash !== last.hash))) {
    problems.push({
      damage: 'HEAD_MISMATCH',
      seq: last?.seq ?? null,
      entryKind: last?.kind ?? null,
      message: `Řetězec končí záznamem č. ${last?.seq ?? 0}, ale jeho hlava uvádí č. ${head.lastSeq}: záznamy na konci byly smazány nebo přidány mimo aplikaci.`,
    });
  }
  return { entries: entries.length, lastSeq: last?.seq ?? 0, problems };
}

/** What the report needs to name a record: 'Jízda 12.3.2026 08:00 (Novák)'. */
export function recordLabel(entityType: RecordChainEntityType, record: Record_ | null, studentName: string | null): string {
  const who = studentName ? ` (${studentName})` : '';
  const s = (k: string) => (record && typeof record[k] === 'string' ? (record[k] as string) : null);
  if (entityType === 'RIDE') return `Jízda${s('startTime') ? ` ${formatDateTime(s('startTime') as string)}` : ''}${who}`;
  if (entityType === 'LESSON')
    return `Hodina výuky${s('section') ? ` ${s('section')}` : ''}${record?.position ? ` č. ${record.position}` : ''}${s('date') ? ` ${formatDate(s('date'))}` : ''}${who}`;
  if (entityType === 'EXAM_RESULT') return `Výsledek zkoušky${s('type') ? ` ${s('type')}` : ''}${who}`;
  return `Data výcviku${who}`;
}

/**
 * Compares each entity's latest entry with its record now: a record that differs (altered by SQL), one missing from
 * the chain (inserted or altered outside the app), one the chain has but the table lost (deleted outside the app).
 */
export function compareRecords(
  entries: readonly StoredEntry[],
  current: readonly CurrentRecord[],
  studentName: (studentId: string | null) => string | null,
): ChainProblem[] {
  const latest = new Map<string, { entry: StoredEntry; record: Record_ | null }>();
  for (const e of entries) {
    let content: ChainContent;
    try {
      content = JSON.parse(e.content) as ChainContent;
    } catch {
      continue; // an unreadable content is already reported as altered
    }
    const key = `${e.entityType}:${e.entityId}`;
    const known = latest.get(key);
    if (!known || known.entry.seq < e.seq) latest.set(key, { entry: e, record: content.record ?? null });
  }
  const problems: ChainProblem[] = [];
  const seen = new Set<string>();
  for (const c of current) {
    const key = `${c.entityType}:${c.entityId}`;
    seen.add(key);
    const known = latest.get(key);
    const label = recordLabel(c.entityType, c.record ?? known?.record ?? null, studentName(c.studentId));
    if (!known) {
      if (c.record)
        problems.push({ damage: 'RECORD_NOT_IN_CHAIN', seq: null, entryKind: null, message: `${label}: záznam chybí v řetězci (zapsán mimo aplikaci?).` });
      continue;
    }
    if (!sameRecord(known.record, c.record)) {
      problems.push({
        damage: 'RECORD_DIFFERS',
        seq: known.entry.seq,
        entryKind: known.entry.kind,
        message: `${label}: obsah se liší od zapsaného záznamu č. ${known.entry.seq}`,
      });
    }
  }
  for (const [key, known] of latest) {
    if (seen.has(key) || !known.record) continue;
    const label = recordLabel(known.entry.entityType, known.record, studentName(known.entry.studentId));
    problems.push({
      damage: 'RECORD_MISSING',
      seq: known.entry.seq,
      entryKind: known.entry.kind,
      message: `${label}: záznam č. ${known.entry.seq} v evidenci chybí (smazán mimo aplikaci).`,
    });
  }
  return problems;
}

// ——— corrections in words ———

/** Names of the ids a record holds (teachers, cars, exams), for the words of a correction. */
export interface ChainNames {
  teacher: (id: string) => string | null;
  car: (id: string) => string | null;
}

const FIELD_LABELS: Record<string, string> = {
  type: 'Typ',
  state: 'Stav',
  studentId: 'Žák',
  teacherId: 'Učitel',
  schoolCarId: 'Vozidlo',
  startTime: 'Začátek',
  endTime: 'Konec',
  length: 'Délka',
  tachometerBefore: 'Tachometr před',
  tachometerAfter: 'Tachometr po',
  note: 'Poznámka',
  signatureSha256: 'Podpis žáka',
  teacherSignatureSha256: 'Podpis učitele',
  section: 'Oddíl',
  position: 'Pořadí',
  date: 'Datum',
  topic: 'Téma',
  groupLessonId: 'Hodina výuky',
  examId: 'Termín',
  group: 'Skupina',
  attempt: 'Pokus',
  result: 'Výsledek',
  dateOfInProgress: 'Zahájení výcviku',
  dateOfFinished: 'Ukončení výcviku',
};

export interface ChangeWords {
  field: string;
  before: string;
  after: string;
}

function valueWords(key: string, value: Json | undefined, names: ChainNames, words: Record<string, Record<string, string>>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'signatureSha256' || key === 'teacherSignatureSha256') return `podpis ${String(value).slice(0, 12)}`;
  if (key === 'teacherId') return names.teacher(String(value)) ?? 'učitel mimo autoškolu';
  if (key === 'schoolCarId') return names.car(String(value)) ?? 'vozidlo mimo autoškolu';
  if (key === 'startTime' || key === 'endTime') return formatDateTime(String(value));
  if (key === 'date' || key === 'dateOfInProgress' || key === 'dateOfFinished') return formatDate(String(value));
  if (key === 'length') return `${value} min`;
  if (key === 'tachometerBefore' || key === 'tachometerAfter') return `${value} km`;
  return words[key]?.[String(value)] ?? String(value);
}

/** The fields a correction changed, old → new, in words ('Tachometr po: 1042 km → 1050 km'); a removed record says so. */
export function describeChanges(
  before: Record_ | null | undefined,
  after: Record_ | null | undefined,
  names: ChainNames,
  words: Record<string, Record<string, string>> = {},
): ChangeWords[] {
  if (before && !after) return [{ field: 'Záznam', before: 'platný', after: 'zrušen / smazán' }];
  if (!before && after) return [{ field: 'Záznam', before: '—', after: 'zapsán' }];
  if (!before || !after) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => canonicalJson(before[k] ?? null) !== canonicalJson(after[k] ?? null),
  );
  return keys.map((k) => ({ field: FIELD_LABELS[k] ?? k, before: valueWords(k, before[k], names, words), after: valueWords(k, after[k], names, words) }));
}
