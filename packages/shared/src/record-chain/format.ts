// The record chain's vocabulary and byte format (issue 22 §1, docs/decisions/0026-record-chain.md). Pure: the server
// hashes with these bytes, the verifier re-hashes with them, and any other software can do the same from the decision
// record. Changing anything here changes every hash: bump FORMAT_VERSION instead.

/** What happened to a record. BASELINE: the record existed when the school's chain started (genesis). */
export const RECORD_CHAIN_KINDS = ['BASELINE', 'RIDE_REGISTERED', 'RIDE_SIGNED', 'LESSON_ATTENDED', 'EXAM_RESULT', 'TRAINING_DATES', 'CORRECTION'] as const;
export type RecordChainKind = (typeof RECORD_CHAIN_KINDS)[number];
export const RECORD_CHAIN_KIND_LABELS: Record<RecordChainKind, string> = {
  BASELINE: 'Výchozí stav',
  RIDE_REGISTERED: 'Zapsaná jízda',
  RIDE_SIGNED: 'Podpis jízdy',
  LESSON_ATTENDED: 'Absolvovaná hodina výuky',
  EXAM_RESULT: 'Výsledek zkoušky',
  TRAINING_DATES: 'Data výcviku',
  CORRECTION: 'Oprava',
};

/** Which table's record an entry is about: a ride (driving_lesson_records), a theory hour (teaching_lesson_records), an exam sign-up's result, a student's training dates. */
export const RECORD_CHAIN_ENTITY_TYPES = ['RIDE', 'LESSON', 'EXAM_RESULT', 'TRAINING_DATES'] as const;
export type RecordChainEntityType = (typeof RECORD_CHAIN_ENTITY_TYPES)[number];
export const RECORD_CHAIN_ENTITY_LABELS: Record<RecordChainEntityType, string> = {
  RIDE: 'Jízda',
  LESSON: 'Hodina výuky',
  EXAM_RESULT: 'Výsledek zkoušky',
  TRAINING_DATES: 'Data výcviku',
};

export const FORMAT_VERSION = 'volant-record-chain/1';
/** The prev_hash of a school's first entry. */
export const GENESIS_PREV_HASH = '0'.repeat(64);
/** The fingerprint a student sees: the first 12 hex digits of the entry's hash. */
export const FINGERPRINT_LENGTH = 12;
export const fingerprint = (hash: string) => hash.slice(0, FINGERPRINT_LENGTH);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Canonical JSON: objects with their keys sorted by UTF-16 code units (JavaScript's default sort), no whitespace,
 * strings and numbers as JSON.stringify writes them, `undefined` members left out. The same value gives the same bytes.
 */
export function canonicalJson(value: Json | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: a number must be finite');
  return JSON.stringify(value);
}

/** The fields an entry's hash covers. */
export interface ChainEntryFields {
  seq: number;
  kind: RecordChainKind;
  entityType: RecordChainEntityType;
  entityId: string;
  studentId: string | null;
  /** The canonical JSON text, exactly as stored. */
  content: string;
  recordedAt: Date;
  userId: string | null;
  who: string;
  reason: string | null;
  prevHash: string;
}

/**
 * The bytes the hash is taken over: the UTF-8 of the JSON array
 *   ["volant-record-chain/1", seq, kind, entityType, entityId, studentId|null, content, recordedAt (ISO 8601 UTC with
 *    milliseconds), userId|null, who, reason|null, prevHash]
 * written by JSON.stringify (no whitespace). hash = lowercase hex SHA-256 of those bytes.
 */
export function hashPreimage(e: ChainEntryFields): string {
  return JSON.stringify([
    FORMAT_VERSION,
    e.seq,
    e.kind,
    e.entityType,
    e.entityId,
    e.studentId,
    e.content,
    e.recordedAt.toISOString(),
    e.userId,
    e.who,
    e.reason,
    e.prevHash,
  ]);
}

/**
 * An entry's content: `record` is the record's legal content after the event (null: the record no longer counts —
 * an unmarked attendance, a removed result, a deleted ride); `before` (corrections, date changes) what it was;
 * `signer` (RIDE_SIGNED) who signed.
 */
export interface ChainContent {
  record: { [key: string]: Json } | null;
  before?: { [key: string]: Json } | null;
  signer?: 'STUDENT' | 'TEACHER' | 'BOTH';
}

export const CORRECTION_REASON_MAX = 500;
