// The electronic applicant pass (spec §2 Student pass and the share dialog, §7 student.getStudentPass,
// sendStudentPassInfo, getStudentPassShareInfo, drivingLessonsRecord.getDrivingLessonsRecords with a code,
// studentPassSignature.*; settings → Průkazky).
//
// A pass is opened without login by its codes: the pass rung of the ladder (trpc/procedures.ts, gate/pass-check.ts)
// checks them, slows guessing, and hands these functions the proven student.
import { normalizePassCode, passCodeFragment, STUDENT_PASS_MESSAGES, studentPassPath } from '@volant/shared/student-pass/code';
import type { createStudentPassSignatureInput, GetStudentPassInput, sendStudentPassInfoInput } from '@volant/shared/student-pass/inputs';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProvenStudent, SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { studentPassMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { SchoolOrPassReader } from '../../trpc/procedures.ts';
import { getDrivingLessonsRecords } from '../driving-lessons-record/driving-lessons-record.service.ts';
import { type StudentPassDto, toPassView } from './student-pass.dto.ts';
import { newPassCode } from './pass-code.ts';
import {
  findPassView,
  findSchoolPassCode,
  findShareInfo,
  isSchoolPassCodeTaken,
  listPassRides,
  setSchoolPassCode,
  setStudentSecretCode,
  upsertPassSignature,
} from './student-pass.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

async function passView(deps: AppDeps, schoolId: SchoolId, studentId: string): Promise<StudentPassDto | undefined> {
  const view = await findPassView(deps.db, schoolId, studentId);
  if (!view) return undefined;
  return toPassView(view, await listPassRides(deps.db, schoolId, studentId));
}

/**
 * Spec `student.getStudentPass`: type 'app' for staff through the school gate (the card's drawer), type 'web' with
 * the link and the code through the pass rung. A pass that does not open answers a string, which the page shows as
 * its message.
 */
export async function getStudentPass(
  deps: AppDeps,
  reader: SchoolOrPassReader | { school: null; student: null; refused: string },
  input: GetStudentPassInput,
): Promise<StudentPassDto | string> {
  if ('refused' in reader) return reader.refused;
  if (reader.student) return (await passView(deps, reader.student.schoolId, reader.student.studentId)) ?? STUDENT_PASS_MESSAGES.invalid;
  // Staff through the school gate: a type 'web' input carries a code, so the pass rung took it, not the gate.
  const pass = input.type === 'app' ? await passView(deps, reader.school.id, input.studentId) : undefined;
  if (!pass) throw studentNotFound();
  return pass;
}

/** ownPass.getPass: the pass of the student proven by their own session ('Můj výcvik' → the pass tab). */
export async function getOwnPass(deps: AppDeps, { schoolId, studentId }: ProvenStudent): Promise<StudentPassDto> {
  const pass = await passView(deps, schoolId, studentId);
  if (!pass) throw studentNotFound();
  return pass;
}

/**
 * Spec `drivingLessonsRecord.getDrivingLessonsRecords` with secretCode: the student's items as the card lists them,
 * without the school's internal note.
 */
export async function getPassRecords(deps: AppDeps, { schoolId, studentId }: ProvenStudent) {
  const records = await getDrivingLessonsRecords(deps, schoolId, studentId);
  return records.map((r) => ({ ...r, note: null }));
}

/** Spec `studentPassSignature.getStudentPassSignature`: the student's signature on the pass, or null. */
export async function getStudentPassSignature(deps: AppDeps, { schoolId, studentId }: ProvenStudent) {
  const view = await findPassView(deps.db, schoolId, studentId);
  if (!view) throw new AppError('STUDENT_PASS_INVALID');
  return view.signature && view.signedAt ? { signature: view.signature, signedAt: view.signedAt } : null;
}

type CreateSignatureInput = z.output<typeof createStudentPassSignatureInput>;

/** Spec `studentPassSignature.createStudentPassSignature`: the student signs (or re-signs) the pass. */
export async function createStudentPassSignature(deps: AppDeps, { schoolId, studentId }: ProvenStudent, input: Pick<CreateSignatureInput, 'signature'>) {
  return inTransaction(deps, async (tx, after) => {
    const row = await upsertPassSignature(tx, schoolId, studentId, input.signature, deps.now());
    await recordEvent(deps, tx, after, { name: 'student.signPass', schoolId, userId: null, entityType: 'student', entityId: studentId });
    return { signedAt: row.signedAt };
  });
}

type ShareRow = NonNullable<Awaited<ReturnType<typeof findShareInfo>>>;

/** Spec §3 share info: the link's parts, the student's code and e-mail. */
function toShareInfo(row: ShareRow) {
  // An applicant of the public form gets a registration number, and with it a pass, on admission.
  if (row.registrationNumber === null) throw new AppError('STUDENT_PASS_NOT_ADMITTED');
  return {
    studentRegistrationNumber: row.registrationNumber,
    schoolCode: normalizePassCode(row.schoolCode),
    studentCode: normalizePassCode(row.secretCode),
    email: row.email,
    /** The pass page's path (no code in it): the dialog shows and copies origin + path. */
    path: studentPassPath(normalizePassCode(row.schoolCode), row.registrationNumber),
  };
}
export type StudentPassShareInfo = ReturnType<typeof toShareInfo>;

/** Spec `student.getStudentPassShareInfo`. */
export async function getStudentPassShareInfo(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const row = await findShareInfo(deps.db, schoolId, studentId);
  if (!row) throw studentNotFound();
  return toShareInfo(row);
}

/**
 * Spec `student.sendStudentPassInfo`: e-mails the student the link and the code, after giving the student a new
 * code when `generateNew` (the old one stops working). The mail goes through the outbox in the same transaction.
 */
export async function sendStudentPassInfo(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof sendStudentPassInfoInput>) {
  return inTransaction(deps, async (tx, after) => {
    let row = await findShareInfo(tx, schoolId, input.studentId, true);
    if (!row) throw studentNotFound();
    const email = row.email;
    if (!email) throw new AppError('STUDENT_PASS_NO_EMAIL');
    const now = deps.now();
    if (input.generateNew) {
      const code = newPassCode();
      await setStudentSecretCode(tx, schoolId, input.studentId, code, now);
      row = { ...row, secretCode: code };
    }
    const info = toShareInfo(row);
    const url = `${deps.config.publicUrl}${info.path}${passCodeFragment(info.studentCode)}`;
    // The mail carries the code, so it is no part of the event (its audit entry): it stays the write's own follow-up.
    // A mailbox gets a few of these an hour at most (the outbox's per-recipient limit of the STUDENT_PASS kind).
    const written = await after.mail('STUDENT_PASS', studentPassMail(email, { schoolName: row.schoolName, url, code: info.studentCode }));
    if (!written) throw new AppError('RATE_LIMITED');
    await recordEvent(deps, tx, after, {
      name: input.generateNew ? 'student.regeneratePassCode' : 'student.sendPass',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: { email },
    });
    return info;
  });
}

/** Nastavení → Průkazky: the school's code for pass links. */
export async function getSchoolPassCode(deps: AppDeps, schoolId: SchoolId) {
  const row = await findSchoolPassCode(deps.db, schoolId);
  if (!row) throw new AppError('NOT_FOUND');
  return { schoolCode: normalizePassCode(row.schoolCode) };
}

/** A new school code: every link shared so far stops working (the students' own codes stay). */
export async function regenerateSchoolPassCode(deps: AppDeps, schoolId: SchoolId, userId: string) {
  return inTransaction(deps, async (tx, after) => {
    let code = newPassCode();
    // ~2^39.6 codes: a clash is next to impossible, but a code must name one school.
    while (await isSchoolPassCodeTaken(tx, code, schoolId)) code = newPassCode();
    const row = await setSchoolPassCode(tx, schoolId, code, deps.now());
    if (!row) throw new AppError('NOT_FOUND');
    await recordEvent(deps, tx, after, { name: 'school.regeneratePassCode', schoolId, userId, entityType: 'school', entityId: schoolId });
    return { schoolCode: row.schoolCode };
  });
}
