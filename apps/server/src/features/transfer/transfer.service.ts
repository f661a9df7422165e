// 'Převod žáka' (issue 22 §4). Export: the student's record as the legal minimum counts it (attended theory lessons,
// completed rides that ended, exam attempts), signed with the school's Ed25519 key (made on first use), as the
// `volant.transfer/1` JSON (docs/transfer-format.md); the partial-completion PDF goes with it through the PDF jobs.
// Import: the uploaded file is bounded, parsed, checked against the format and its signature, previewed (hours per
// section, rides, the issuing school and its key's fingerprint, what this school saw of that key before), then stored
// as prior hours marked as from the previous school, which the one legal-minimum rule counts. The same file twice
// adds nothing.
import { randomUUID } from 'node:crypto';
import { LICENCE_GROUPS, type LicenceGroup } from '@volant/shared/enums';
import { PLAN_ITEMS } from '@volant/shared/lesson-plan/law';
import { schoolDateOf, schoolToday } from '@volant/shared/school-time';
import { type TransferDocument, type TransferRecord, transferTotals } from '@volant/shared/transfer/format';
import type { TransferImportConfirmInput, TransferImportInput } from '@volant/shared/transfer/inputs';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  findImport,
  findSigningKey,
  findTransferSchool,
  findTransferStudent,
  insertPriorTraining,
  insertSigningKey,
  keyHistory,
  listAttendedLessons,
  listCompletedRides,
  listExamAttempts,
  listPriorTrainings,
  type PriorHoursRow,
  sealSigningKey,
  studentVisible,
} from './transfer.queries.ts';
import { documentHash, newSigningKey, readTransferDocument, type SigningKey, signRecord } from './transfer.signing.ts';

const isGroup = (g: string): g is LicenceGroup => (LICENCE_GROUPS as readonly string[]).includes(g);
const iso = (d: Date) => d.toISOString();

const boxes = new WeakMap<AppDeps['config'], SecretBox>();
/** The server's secret box (lib/secret-box.ts) for this configuration. */
function secretBoxOf(config: AppDeps['config']): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox({ secret: config.secretKey, file: config.secretKeyFile });
    boxes.set(config, box);
  }
  return box;
}

/**
 * The school's signing key, made on first use. Its private half is stored sealed under the server's secret, never as
 * it is: the database alone cannot sign in the school's name. A key stored before sealing came is sealed on use.
 */
export async function schoolSigningKey(deps: AppDeps, schoolId: SchoolId): Promise<SigningKey> {
  const box = secretBoxOf(deps.config);
  const stored = await findSigningKey(deps.db, schoolId);
  if (!stored) {
    const made = newSigningKey();
    const kept = await insertSigningKey(deps.db, schoolId, { ...made, privateKey: box.seal(made.privateKey) });
    return { ...kept, privateKey: box.open(kept.privateKey).plaintext };
  }
  let opened: { plaintext: string; sealed: boolean };
  try {
    opened = box.open(stored.privateKey);
  } catch {
    throw new Error(`the signing key of school ${schoolId} does not open with this server's secret (SECRET_KEY or DATA_DIR/secret.key changed?)`);
  }
  if (!opened.sealed) await sealSigningKey(deps.db, schoolId, stored.privateKey, box.seal(opened.plaintext));
  return { ...stored, privateKey: opened.plaintext };
}

/** The school's key fingerprint, if it has a key (the partial-completion PDF prints it). */
export async function schoolKeyFingerprint(deps: Pick<AppDeps, 'db'>, schoolId: SchoolId): Promise<string | null> {
  return (await findSigningKey(deps.db, schoolId))?.keyFingerprint ?? null;
}

/** The student's record as of now, unsigned: only what the data shows, counted as the legal minimum counts. */
export async function transferRecordOf(deps: AppDeps, schoolId: SchoolId, studentId: string, now: Date): Promise<TransferRecord> {
  const student = await findTransferStudent(deps.db, schoolId, studentId);
  if (!student) throw new AppError('STUDENT_NOT_FOUND');
  const school = await findTransferSchool(deps.db, schoolId);
  if (!school) throw new AppError('STUDENT_NOT_FOUND');
  const today = schoolToday(now);
  const [lessons, rides, exams] = await Promise.all([
    listAttendedLessons(deps.db, schoolId, studentId, today),
    listCompletedRides(deps.db, schoolId, studentId, now),
    listExamAttempts(deps.db, schoolId, studentId),
  ]);
  return {
    documentId: randomUUID(),
    issuedAt: iso(now),
    school: {
      name: school.name,
      companyNumber: school.companyNumber,
      address: `${school.street} ${school.streetCode}, ${school.postCode} ${school.city}`,
    },
    student: {
      firstName: student.firstName,
      lastName: student.lastName,
      birthDate: student.birthDate,
      registrationNumber: student.registrationNumber,
      groups: student.groups.filter(isGroup),
      trainingKind: student.trainingKind,
      trainingType: student.trainingType,
      admittedOn: student.admittedAt ? schoolDateOf(student.admittedAt) : null,
      startedOn: student.dateOfInProgress,
      finishedOn: student.dateOfFinished,
    },
    theory: lessons.map((l) => ({ section: l.section, date: l.date, teacher: l.teacher, hours: 1 as const })),
    rides: rides.map((r) => ({
      kind: r.kind as 'DRIVING' | 'PV_UV' | 'PV_ZP',
      date: schoolDateOf(r.start),
      start: iso(r.start),
      end: iso(r.end),
      minutes: r.minutes,
      car: r.car,
      teacher: r.teacher,
      km: r.before !== null && r.after !== null && r.after >= r.before ? r.after - r.before : null,
      studentSigned: Boolean(r.studentSigned),
      teacherSigned: Boolean(r.teacherSigned),
    })),
    exams: exams.map((e) => ({ date: e.date, type: e.type, group: e.group, attempt: e.attempt, result: e.result })),
  };
}

/** 'Převod žáka': the signed record as a file ({ fileName, mimeType, content }) and its key's fingerprint. */
export async function exportTransfer(deps: AppDeps, schoolId: SchoolId, userId: string, studentId: string) {
  const now = deps.now();
  const record = await transferRecordOf(deps, schoolId, studentId, now);
  const key = await schoolSigningKey(deps, schoolId);
  const doc = signRecord(record, key);
  await inTransaction(deps, (tx, after) =>
    recordEvent(deps, tx, after, {
      name: 'transfer.export',
      schoolId,
      userId,
      entityType: 'student',
      entityId: studentId,
      data: { documentId: record.documentId, keyFingerprint: key.keyFingerprint },
    }),
  );
  const reg = record.student.registrationNumber ? `-${record.student.registrationNumber.replace(/[^\w-]+/g, '_')}` : '';
  return {
    fileName: `prevod-zaka${reg}-${schoolToday(now)}.json`,
    mimeType: 'application/json',
    content: `${JSON.stringify(doc, null, 2)}\n`,
    keyFingerprint: key.keyFingerprint,
  };
}

/** The hours a record adds, per plan item: attended lessons and completed minutes. */
export function priorHoursOf(record: Pick<TransferRecord, 'theory' | 'rides'>): PriorHoursRow[] {
  const t = transferTotals(record);
  return PLAN_ITEMS.flatMap((item) => {
    const lessons = item === 'DRIVING' ? 0 : (t.theory[item] ?? 0);
    const minutes = item === 'DRIVING' || item === 'PV_UV' || item === 'PV_ZP' ? (t.practicalMinutes[item] ?? 0) : 0;
    return lessons > 0 || minutes > 0 ? [{ item, lessons, minutes }] : [];
  });
}

async function readFor(deps: AppDeps, schoolId: SchoolId, input: TransferImportInput): Promise<TransferDocument> {
  // The student first: another school's student id answers NOT_FOUND before the file is looked at.
  if (!(await studentVisible(deps.db, schoolId, input.studentId))) throw new AppError('STUDENT_NOT_FOUND');
  return readTransferDocument(input.document);
}

/** 'Import z jiné autoškoly', step one: the verified file's content, for the office to check before importing. */
export async function previewTransferImport(deps: AppDeps, schoolId: SchoolId, input: TransferImportInput) {
  const doc = await readFor(deps, schoolId, input);
  const r = doc.record;
  const target = await findTransferStudent(deps.db, schoolId, input.studentId);
  const [history, existing] = await Promise.all([
    keyHistory(deps.db, schoolId, doc.signature.keyFingerprint, r.school),
    findImport(deps.db, schoolId, documentHash(doc)),
  ]);
  return {
    issuingSchool: r.school,
    keyFingerprint: doc.signature.keyFingerprint,
    issuedAt: r.issuedAt,
    student: { firstName: r.student.firstName, lastName: r.student.lastName, birthDate: r.student.birthDate, registrationNumber: r.student.registrationNumber },
    /** Whether the record's name and birth date are the chosen student's (a mismatch is shown, not refused). */
    sameStudent:
      target !== null &&
      target.birthDate === r.student.birthDate &&
      target.firstName.trim().toLocaleLowerCase('cs') === r.student.firstName.trim().toLocaleLowerCase('cs') &&
      target.lastName.trim().toLocaleLowerCase('cs') === r.student.lastName.trim().toLocaleLowerCase('cs'),
    hours: priorHoursOf(r),
    theoryLessons: r.theory.length,
    rides: r.rides.length,
    exams: r.exams,
    /** Earlier imports signed by this key, and the names they carried. */
    keyKnown: { imports: history.importsWithKey, names: history.namesWithKey },
    /** Other keys seen earlier from a school of this name or IČO (a new key: confirm with the school). */
    otherKeysOfIssuer: history.otherKeysOfIssuer,
    alreadyImported: existing !== null,
  };
}

/**
 * 'Import z jiné autoškoly', step two: stores the record's hours as prior hours of the student, marked as from the
 * issuing school. The office confirms the key it saw (its fingerprint); a file imported before adds nothing.
 */
export async function importTransfer(deps: AppDeps, schoolId: SchoolId, userId: string, input: TransferImportConfirmInput) {
  const doc = await readFor(deps, schoolId, input);
  if (doc.signature.keyFingerprint !== input.keyFingerprint) throw AppError.field('TRANSFER_SIGNATURE_INVALID', 'keyFingerprint');
  const r = doc.record;
  const hours = priorHoursOf(r);
  return inTransaction(deps, async (tx, after) => {
    const inserted = await insertPriorTraining(
      tx,
      schoolId,
      {
        studentId: input.studentId,
        documentHash: documentHash(doc),
        issuingSchoolName: r.school.name,
        issuingSchoolCompanyNumber: r.school.companyNumber,
        keyFingerprint: doc.signature.keyFingerprint,
        issuedAt: new Date(r.issuedAt),
        document: input.document,
        importedBy: userId,
      },
      hours,
    );
    if (!inserted) return { imported: false as const, hours: [] };
    await recordEvent(deps, tx, after, {
      name: 'transfer.import',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { priorTrainingId: inserted.id, issuingSchool: r.school.name, keyFingerprint: doc.signature.keyFingerprint, hours },
    });
    return { imported: true as const, hours };
  });
}

/** The student's imported records ('Z předchozí autoškoly'), for the card and the documents. */
export async function getPriorTrainings(deps: Pick<AppDeps, 'db'>, schoolId: SchoolId, studentId: string) {
  if (!(await studentVisible(deps.db, schoolId, studentId))) throw new AppError('STUDENT_NOT_FOUND');
  return listPriorTrainings(deps.db, schoolId, studentId);
}
