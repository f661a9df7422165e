// Inputs of the student pass procedures (spec §7 student.getStudentPass, sendStudentPassInfo, getStudentPassShareInfo,
// drivingLessonsRecord.getDrivingLessonsRecords with a code, studentPassSignature.*).
import { z } from 'zod';
import { isSafeSignatureSvg, SIGNATURE_MAX_LENGTH } from '../driving-lessons-record/signature.ts';
import { text, uuidInput } from '../validation.ts';
import { STUDENT_PASS_MESSAGES } from './code.ts';

/** What the student types or the link carries; any text up to a bound (a wrong one is a wrong code, not a bad input). */
export const secretCodeInput = text(STUDENT_PASS_MESSAGES.codeRequired)
  .trim()
  .min(1, { error: STUDENT_PASS_MESSAGES.codeRequired, abort: true })
  .max(64, STUDENT_PASS_MESSAGES.invalid);

const registrationNumber = text(STUDENT_PASS_MESSAGES.invalid).trim().min(1, STUDENT_PASS_MESSAGES.invalid).max(50, STUDENT_PASS_MESSAGES.invalid);
const schoolCode = text(STUDENT_PASS_MESSAGES.invalid).trim().min(1, STUDENT_PASS_MESSAGES.invalid).max(64, STUDENT_PASS_MESSAGES.invalid);

/**
 * A pass opened with its code, as the spec's public calls name it (schoolId, studentId, registrationNumber,
 * secretCode): the page learns the two ids from student.getStudentPass.
 */
export const passCredentialsInput = z.object({
  schoolId: uuidInput,
  studentId: uuidInput,
  registrationNumber,
  secretCode: secretCodeInput,
});
export type PassCredentialsInput = z.output<typeof passCredentialsInput>;

/**
 * type 'app': staff open a student's pass through their session (the card's drawer). type 'web': anybody with the
 * link (the school's pass code and the registration number) and the student's code.
 */
export const getStudentPassInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('app'), schoolId: uuidInput, studentId: uuidInput }),
  z.object({ type: z.literal('web'), schoolCode, registrationNumber, secretCode: secretCodeInput }),
]);
export type GetStudentPassInput = z.output<typeof getStudentPassInput>;

/** The student's own signature on the pass: the same safe SVG subset as a ride's. */
const passSignature = text('Prosím podepište průkaz!')
  .min(1, { error: 'Prosím podepište průkaz!', abort: true })
  .max(SIGNATURE_MAX_LENGTH, { error: 'Podpis není platný obrázek', abort: true })
  .refine(isSafeSignatureSvg, 'Podpis není platný obrázek');

export const createStudentPassSignatureInput = passCredentialsInput.extend({ signature: passSignature });

/** The same signature from the student's own session ('Můj výcvik' → the pass tab): the session names the student. */
export const ownPassSignatureInput = z.object({ signature: passSignature });

export const sendStudentPassInfoInput = z.object({
  studentId: uuidInput,
  /** Give the student a new code first: the old one stops working. */
  generateNew: z.boolean().optional().default(false),
});

export const studentPassShareInfoInput = z.object({ studentId: uuidInput });
