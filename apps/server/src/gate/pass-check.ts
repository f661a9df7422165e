// The pass rung's check (spec §2 Student pass): whether a student's code opens their pass. The pass procedures of the
// ladder (trpc/procedures.ts) run it before the procedure; the services get the proven student and check nothing.
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
import {
  normalizePassCode,
  PASS_FORGET_MINUTES,
  PASS_FREE_FAILURES_PER_ADDRESS,
  PASS_FREE_FAILURES_PER_PASS,
  passBackoffSeconds,
  passThrottledMessage,
  STUDENT_PASS_MESSAGES,
} from '@volant/shared/student-pass/code';
import { attemptAddress, passCodeMatches } from '../features/student-pass/pass-code.ts';
import { AppError } from '../lib/app-error.ts';
import { type ProvenStudent, proveStudent } from '../lib/tenant.ts';
import { inTransaction } from '../lib/unit-of-work.ts';
import type { AppDeps } from '../trpc/context.ts';
import { countPassFailure, findPassStudent, findSchoolIdByPassCode, holdAddressAttempts, setAddressAttempts } from './pass.queries.ts';

/** What opens a pass: the school by id or by its pass code, the registration number, the code and, when the caller names one, the student. */
export type PassKey = { registrationNumber: string; secretCode: string; studentId?: string } & ({ schoolId: string } | { schoolCode: string });

export type PassRefusal = { kind: 'invalid' } | { kind: 'throttled'; seconds: number };
export type PassCheck = { ok: true; student: ProvenStudent } | { ok: false; refusal: PassRefusal };

/** The refusal as the pass page shows it (student.getStudentPass answers it as a string). */
export const passRefusalText = (refusal: PassRefusal) => (refusal.kind === 'throttled' ? passThrottledMessage(refusal.seconds) : STUDENT_PASS_MESSAGES.invalid);

/** The refusal as the error of the other pass procedures. */
export const passRefusalError = (refusal: PassRefusal) =>
  refusal.kind === 'throttled' ? new AppError('STUDENT_PASS_THROTTLED', passThrottledMessage(refusal.seconds)) : new AppError('STUDENT_PASS_INVALID');

/**
 * Whether this code opens the pass of `registrationNumber` in the school (and, when the caller names it, that it is
 * student `studentId`'s), unless the caller's address is still waiting. Its own transaction, committed before anything
 * follows: the count stays written whatever the caller does next.
 */
export async function checkPass(deps: AppDeps, ip: string, key: PassKey): Promise<PassCheck> {
  const schoolId = 'schoolId' in key ? key.schoolId : await findSchoolIdByPassCode(deps.db, normalizePassCode(key.schoolCode));
  const now = deps.now();
  const address = attemptAddress(ip);
  const forgetBefore = new Date(now.getTime() - PASS_FORGET_MINUTES * 60_000);
  return inTransaction(deps, async (tx): Promise<PassCheck> => {
    const held = await holdAddressAttempts(tx, address);
    if (held.blockedUntil && held.blockedUntil > now) {
      return { ok: false, refusal: { kind: 'throttled', seconds: (held.blockedUntil.getTime() - now.getTime()) / 1000 } };
    }
    const student = schoolId ? await findPassStudent(tx, schoolId, key.registrationNumber) : undefined;
    const opens = passCodeMatches(key.secretCode, student?.secretCode) && (key.studentId === undefined || student?.id === key.studentId);
    // The school and the student are proven by the student's code, as the school gate proves a school by a membership.
    if (opens && schoolId && student) return { ok: true, student: proveStudent(schoolId, student.id) };
    const addressFailures = (held.lastFailedAt && held.lastFailedAt >= forgetBefore ? held.failures : 0) + 1;
    const passFailures = schoolId && student ? await countPassFailure(tx, schoolId, student.id, now, forgetBefore) : 0;
    const wait = Math.max(passBackoffSeconds(addressFailures, PASS_FREE_FAILURES_PER_ADDRESS), passBackoffSeconds(passFailures, PASS_FREE_FAILURES_PER_PASS));
    const blockedUntil = wait > 0 ? new Date(now.getTime() + wait * 1000) : null;
    await setAddressAttempts(tx, address, { failures: addressFailures, lastFailedAt: now, blockedUntil });
    return { ok: false, refusal: { kind: 'invalid' } };
  });
}
