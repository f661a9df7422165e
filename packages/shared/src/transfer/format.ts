// 'Převod žáka' (issue 22 §4): the signed machine-readable record a student takes to another school, format
// `volant.transfer/1` (docs/transfer-format.md). This module is the format's one definition, shared by the exporting
// server, the importing server and the web's preview: the zod schema (bounded sizes), the canonical serialization the
// signature covers, the size/depth guard that runs BEFORE JSON.parse, and the totals both sides count the same way.
//
// Canonical serialization: JSON with every object's keys sorted (by UTF-16 code units, as Array.prototype.sort),
// no whitespace, strings escaped as JSON.stringify does, UTF-8. The format holds only strings, integers, booleans,
// null, arrays and objects, so this equals RFC 8785 (JCS) for every valid document.
import { z } from 'zod';
import { TRANSFER_MESSAGES } from './messages.ts';
import { pluralCs } from '../format.ts';
import type { PlanItem } from '../lesson-plan/law.ts';
import { LEGAL_MINIMUM_LABELS } from '../lesson-plan/legal-minimum.ts';
import {
  EXAM_RESULTS,
  EXAM_TYPES,
  LESSON_KINDS,
  type LessonKind,
  LICENCE_GROUPS,
  TEACHING_SECTIONS,
  type TeachingSection,
  TRAINING_KINDS,
  TRAINING_TYPES,
} from '../enums.ts';

export const TRANSFER_FORMAT = 'volant.transfer/1';
export const TRANSFER_ALGORITHM = 'Ed25519';
/** An upload larger than this is refused before it is parsed (a school's whole record is far smaller). */
export const TRANSFER_MAX_BYTES = 1_000_000;
/** The format nests at most 5 levels ({ record: { rides: [ { … } ] } }); anything deeper is refused before parsing. */
export const TRANSFER_MAX_DEPTH = 8;
export const TRANSFER_MAX_ITEMS = 3000;

export { TRANSFER_MESSAGES };

const str = (max: number) => z.string().max(max);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/);
const count = (max: number) => z.number().int().min(0).max(max);

export const transferTheoryLesson = z.strictObject({
  section: z.enum(TEACHING_SECTIONS),
  date: day,
  teacher: str(200).nullable(),
  /** 45-minute teaching hours: one attended Výuka lesson is 1. */
  hours: z.literal(1),
});

export const transferRide = z.strictObject({
  kind: z.enum(LESSON_KINDS),
  date: day,
  start: instant,
  end: instant,
  minutes: count(1440).min(1),
  car: str(40).nullable(),
  teacher: str(200).nullable(),
  km: count(100_000).nullable(),
  studentSigned: z.boolean(),
  teacherSigned: z.boolean(),
});

export const transferExam = z.strictObject({
  date: day,
  type: z.enum(EXAM_TYPES),
  group: z.enum(LICENCE_GROUPS),
  attempt: count(100).min(1),
  result: z.enum(EXAM_RESULTS).nullable(),
});

export const transferRecord = z.strictObject({
  /** A random id of this export; with the signature it tells two exports apart. */
  documentId: z.uuid(),
  issuedAt: instant,
  school: z.strictObject({
    name: str(300),
    /** IČO of the school's operator, when the school stores it. */
    companyNumber: str(20).nullable(),
    address: str(400),
  }),
  student: z.strictObject({
    firstName: str(200),
    lastName: str(200),
    birthDate: day,
    registrationNumber: str(100).nullable(),
    groups: z.array(z.enum(LICENCE_GROUPS)).max(LICENCE_GROUPS.length),
    trainingKind: z.enum(TRAINING_KINDS),
    trainingType: z.enum(TRAINING_TYPES),
    admittedOn: day.nullable(),
    startedOn: day.nullable(),
    finishedOn: day.nullable(),
  }),
  theory: z.array(transferTheoryLesson).max(TRANSFER_MAX_ITEMS),
  rides: z.array(transferRide).max(TRANSFER_MAX_ITEMS),
  exams: z.array(transferExam).max(200),
});

export const transferSignature = z.strictObject({
  algorithm: z.literal(TRANSFER_ALGORITHM),
  /** The school's public key: base64 of its SubjectPublicKeyInfo DER (44 bytes for Ed25519). */
  publicKey: z.string().regex(/^[A-Za-z0-9+/]{59}[A-Za-z0-9+/=]$/),
  /** 'SHA256:' and the hex SHA-256 of the public key's DER bytes. */
  keyFingerprint: z.string().regex(/^SHA256:[0-9a-f]{64}$/),
  /** base64 of the 64-byte Ed25519 signature over the canonical document without this field. */
  value: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
});

export const transferDocument = z.strictObject({
  format: z.literal(TRANSFER_FORMAT),
  record: transferRecord,
  signature: transferSignature,
});
export type TransferDocument = z.infer<typeof transferDocument>;
export type TransferRecord = z.infer<typeof transferRecord>;

/** The canonical serialization the signature covers: sorted keys, no whitespace, UTF-8 (see the header). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('canonicalJson: only safe integers are allowed');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`canonicalJson: ${typeof value} is not allowed`);
}

/** The bytes the signature covers: the document with `signature.value` left out, canonical, UTF-8. */
export function signedText(doc: { format: string; record: unknown; signature: { algorithm: string; publicKey: string; keyFingerprint: string } }): string {
  const { algorithm, publicKey, keyFingerprint } = doc.signature;
  return canonicalJson({ format: doc.format, record: doc.record, signature: { algorithm, publicKey, keyFingerprint } });
}

/**
 * The cheap guard run on the raw text before JSON.parse: the size in UTF-8 bytes and the nesting depth (brackets
 * outside strings), one linear pass. Returns the refusal's message, or null when the text may be parsed.
 */
export function transferTextProblem(text: string): string | null {
  if (text.length > TRANSFER_MAX_BYTES || new TextEncoder().encode(text).length > TRANSFER_MAX_BYTES) return TRANSFER_MESSAGES.tooLarge;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > TRANSFER_MAX_DEPTH) return TRANSFER_MESSAGES.format;
    } else if (c === 125 || c === 93) depth--;
  }
  return null;
}

export interface TransferTotals {
  /** Attended theory lessons per Výuka section. */
  theory: Partial<Record<TeachingSection, number>>;
  /** Minutes of completed practical lessons per kind. */
  practicalMinutes: Partial<Record<LessonKind, number>>;
  rides: number;
}

/** What a record counts toward the legal minimum: its attended lessons per section and its completed minutes per kind. */
export function transferTotals(record: Pick<TransferRecord, 'theory' | 'rides'>): TransferTotals {
  const theory: Partial<Record<TeachingSection, number>> = {};
  for (const l of record.theory) theory[l.section] = (theory[l.section] ?? 0) + l.hours;
  const practicalMinutes: Partial<Record<LessonKind, number>> = {};
  for (const r of record.rides) practicalMinutes[r.kind] = (practicalMinutes[r.kind] ?? 0) + r.minutes;
  return { theory, practicalMinutes, rides: record.rides.length };
}

/**
 * One imported item as the card and the preview say it: 'PPV: 18 lekcí', 'Jízdy: 6 hodin (270 min)', 'PV-ÚV: 2 lekce,
 * 1 hodina (60 min)'. Hours are whole 45-minute hours, rounded down, as the legal minimum counts them.
 */
export function priorHoursText(h: { item: PlanItem; lessons: number; minutes: number }): string {
  const parts: string[] = [];
  if (h.lessons > 0) parts.push(`${h.lessons} ${pluralCs(h.lessons, ['lekce', 'lekce', 'lekcí'])}`);
  if (h.minutes > 0) {
    const hours = Math.floor(h.minutes / 45);
    parts.push(`${hours} ${pluralCs(hours, ['hodina', 'hodiny', 'hodin'])} (${h.minutes} min)`);
  }
  return `${LEGAL_MINIMUM_LABELS[h.item]}: ${parts.join(', ')}`;
}
