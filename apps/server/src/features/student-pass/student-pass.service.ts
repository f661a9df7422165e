// The electronic applicant pass (spec §2 Student pass and the share dialog, §7 student.getStudentPass,
// sendStudentPassInfo, getStudentPassShareInfo, drivingLessonsRecord.getDrivingLessonsRecords with a code,
// studentPassSignature.*; settings → Průkazky).
//
// A pass is opened without login by the school's pass code (the link's path) or the school id (the follow-up calls
// the spec names), the registration number and the student's code. Guessing is slowed, the owner never locked out:
// - the right code always opens the pass, however many wrong codes were tried on it (nothing locks a pass: one
//   student could otherwise keep the whole school's passes shut, the numbers being sequential);
// - per client address (attemptAddress: IPv4, IPv6 /64): the first PASS_FREE_FAILURES_PER_ADDRESS wrong codes
//   are answered at once, then the address waits 2, 4, 8, … s (at most PASS_MAX_WAIT_SECONDS) before its next code is
//   looked at at all — its right code too, so the owner who shares an address with the guesser (a school's Wi-Fi)
//   gets in once the wait shown is over;
// - per pass: past PASS_FREE_FAILURES_PER_PASS wrong codes on one pass from any addresses, each further wrong code
//   on it makes its address wait by the pass's count, so an attack spread over many addresses is slowed too, while
//   the owner's first code from an address of their own is looked at at once;
// - a right code forgets nothing (a guesser with a pass of their own could otherwise reset their count by opening
//   it); counts are forgotten after PASS_FORGET_MINUTES without a wrong code;
// - rows: one per address that tried a code, one per existing student with wrong codes; a registration number that
//   does not exist writes none. A wrong code, an unknown number and an unknown school give one answer.
// Attempts from one address are looked at one after another (its row held in a transaction), so codes sent at once
// do not slip past the wait.
import type { LiveMessage } from '@volant/shared/live';
import {
  normalizePassCode,
  PASS_FORGET_MINUTES,
  PASS_FREE_FAILURES_PER_ADDRESS,
  PASS_FREE_FAILURES_PER_PASS,
  passBackoffSeconds,
  passCodeFragment,
  passThrottledMessage,
  STUDENT_PASS_MESSAGES,
  studentPassPath,
} from '@volant/shared/student-pass/code';
import type { createStudentPassSignatureInput, GetStudentPassInput, PassCredentialsInput, sendStudentPassInfoInput } from '@volant/shared/student-pass/inputs';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { proveSchoolId, type SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { studentPassMail } from '../../mail/templates.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { getDrivingLessonsRecords } from '../driving-lessons-record/driving-lessons-record.service.ts';
import { type StudentPassDto, toPassView } from './student-pass.dto.ts';
import { attemptAddress, newPassCode, passCodeMatches } from './pass-code.ts';
import {
  countPassFailure,
  findPassStudent,
  findPassView,
  findSchoolIdByPassCode,
  findSchoolPassCode,
  findShareInfo,
  holdAddressAttempts,
  isSchoolPassCodeTaken,
  listPassRides,
  setAddressAttempts,
  setSchoolPassCode,
  setStudentSecretCode,
  upsertPassSignature,
} from './student-pass.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');

/** The public calls carry the caller's address (ctx.ip) to count wrong codes by. */
type PassDeps = AppDeps & { ip: string };

type Refusal = { kind: 'invalid' } | { kind: 'throttled'; seconds: number };
type PassCheck = { ok: true; schoolId: SchoolId; studentId: string } | { ok: false; refusal: Refusal };

const INVALID: Refusal = { kind: 'invalid' };
const refusedWith = (refusal: Refusal) => (refusal.kind === 'throttled' ? passThrottledMessage(refusal.seconds) : STUDENT_PASS_MESSAGES.invalid);
const refusalError = (refusal: Refusal) =>
  refusal.kind === 'throttled' ? new AppError('STUDENT_PASS_THROTTLED', passThrottledMessage(refusal.seconds)) : new AppError('STUDENT_PASS_INVALID');

/**
 * The pass's own gate: whether this code opens the pass of `registrationNumber` in the school (and, when the caller
 * names it, that it is student `studentId`'s), unless the caller's address is still waiting. Its own transaction,
 * committed before anything follows: the count stays written whatever the caller does next.
 */
async function checkPass(deps: PassDeps, schoolId: string | undefined, registrationNumber: string, secretCode: string, studentId?: string): Promise<PassCheck> {
  const now = deps.now();
  const address = attemptAddress(deps.ip);
  const forgetBefore = new Date(now.getTime() - PASS_FORGET_MINUTES * 60_000);
  return inTransaction(deps, async (tx): Promise<PassCheck> => {
    const held = await holdAddressAttempts(tx, address);
    if (held.blockedUntil && held.blockedUntil > now) {
      return { ok: false, refusal: { kind: 'throttled', seconds: (held.blockedUntil.getTime() - now.getTime()) / 1000 } };
    }
    const student = schoolId ? await findPassStudent(tx, schoolId, registrationNumber) : undefined;
    const opens = passCodeMatches(secretCode, student?.secretCode) && (studentId === undefined || student?.id === studentId);
    // The school is proven by the student's code, as the school gate proves it by a membership.
    if (opens && schoolId && student) return { ok: true, schoolId: proveSchoolId(schoolId), studentId: student.id };
    const addressFailures = (held.lastFailedAt && held.lastFailedAt >= forgetBefore ? held.failures : 0) + 1;
    const passFailures = schoolId && student ? await countPassFailure(tx, schoolId, student.id, now, forgetBefore) : 0;
    const wait = Math.max(passBackoffSeconds(addressFailures, PASS_FREE_FAILURES_PER_ADDRESS), passBackoffSeconds(passFailures, PASS_FREE_FAILURES_PER_PASS));
    const blockedUntil = wait > 0 ? new Date(now.getTime() + wait * 1000) : null;
    await setAddressAttempts(tx, address, { failures: addressFailures, lastFailedAt: now, blockedUntil });
    return { ok: false, refusal: INVALID };
  });
}

async function checkCredentials(deps: PassDeps, input: PassCredentialsInput) {
  const check = await checkPass(deps, input.schoolId, input.registrationNumber, input.secretCode, input.studentId);
  if (!check.ok) throw refusalError(check.refusal);
  return check;
}

async function passView(deps: AppDeps, schoolId: SchoolId, studentId: string): Promise<StudentPassDto | undefined> {
  const view = await findPassView(deps.db, schoolId, studentId);
  if (!view) return undefined;
  return toPassView(view, await listPassRides(deps.db, schoolId, studentId));
}

/**
 * Spec `student.getStudentPass`: type 'app' for staff through the school gate (the card's drawer), type 'web' with
 * the link and the code. A pass that does not open answers a string, which the page shows as its message.
 */
export async function getStudentPass(deps: PassDeps, school: { id: SchoolId } | null, input: GetStudentPassInput): Promise<StudentPassDto | string> {
  if (input.type === 'app') {
    if (!school) throw studentNotFound();
    const pass = await passView(deps, school.id, input.studentId);
    if (!pass) throw studentNotFound();
    return pass;
  }
  const schoolId = await findSchoolIdByPassCode(deps.db, normalizePassCode(input.schoolCode));
  const check = await checkPass(deps, schoolId, input.registrationNumber, input.secretCode);
  if (!check.ok) return refusedWith(check.refusal);
  return (await passView(deps, check.schoolId, check.studentId)) ?? refusedWith(INVALID);
}

/**
 * Spec `drivingLessonsRecord.getDrivingLessonsRecords` with secretCode: the student's items as the card lists them,
 * without the school's internal note.
 */
export async function getPassRecords(deps: PassDeps, input: PassCredentialsInput) {
  const { schoolId, studentId } = await checkCredentials(deps, input);
  const records = await getDrivingLessonsRecords(deps, schoolId, studentId);
  return records.map((r) => ({ ...r, note: null }));
}

/** Spec `studentPassSignature.getStudentPassSignature`: the student's signature on the pass, or null. */
export async function getStudentPassSignature(deps: PassDeps, input: PassCredentialsInput) {
  const { schoolId, studentId } = await checkCredentials(deps, input);
  const view = await findPassView(deps.db, schoolId, studentId);
  if (!view) throw refusalError(INVALID);
  return view.signature && view.signedAt ? { signature: view.signature, signedAt: view.signedAt } : null;
}

type CreateSignatureInput = z.output<typeof createStudentPassSignatureInput>;

/** Spec `studentPassSignature.createStudentPassSignature`: the student signs (or re-signs) the pass. */
export async function createStudentPassSignature(deps: PassDeps, input: CreateSignatureInput) {
  const { schoolId, studentId } = await checkCredentials(deps, input);
  return inTransaction(deps, async (tx, after) => {
    const row = await upsertPassSignature(tx, schoolId, studentId, input.signature, deps.now());
    await audit(tx, { schoolId, userId: null, action: 'student.signPass', entityType: 'student', entityId: studentId });
    after.live((live) => live.toSchool(schoolId, studentInfo(schoolId, studentId)));
    return { signedAt: row.signedAt };
  });
}

const studentInfo = (schoolId: SchoolId, studentId: string): LiveMessage => ({ StudentInfoMessage: { schoolId, studentId } });

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
      after.live((live) => live.toSchool(schoolId, studentInfo(schoolId, input.studentId)));
    }
    const info = toShareInfo(row);
    const url = `${deps.config.publicUrl}${info.path}${passCodeFragment(info.studentCode)}`;
    // A mailbox gets a few of these an hour at most (the outbox's per-recipient limit of the STUDENT_PASS kind).
    const written = await after.mail('STUDENT_PASS', studentPassMail(email, { schoolName: row.schoolName, url, code: info.studentCode }));
    if (!written) throw new AppError('RATE_LIMITED');
    await audit(tx, {
      schoolId,
      userId,
      action: input.generateNew ? 'student.regeneratePassCode' : 'student.sendPass',
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
  return inTransaction(deps, async (tx) => {
    let code = newPassCode();
    // ~2^39.6 codes: a clash is next to impossible, but a code must name one school.
    while (await isSchoolPassCodeTaken(tx, code, schoolId)) code = newPassCode();
    const row = await setSchoolPassCode(tx, schoolId, code, deps.now());
    if (!row) throw new AppError('NOT_FOUND');
    await audit(tx, { schoolId, userId, action: 'school.regeneratePassCode', entityType: 'school', entityId: schoolId });
    return { schoolCode: row.schoolCode };
  });
}
