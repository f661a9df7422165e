// 'Můj den' (issue 20 §1–2): the teacher's day and the actions of one ride, sent from the device's outbox. One schema
// per call, shared by the page, the outbox and the procedures.
import { z } from 'zod';
import { markAttendanceInput } from '../course/inputs.ts';
import { signatureInput, TRAINING_MESSAGES } from '../driving-lessons-record/inputs.ts';
import { dateInput, optionalText, text, uuidInput } from '../validation.ts';

export const MY_DAY_MESSAGES = {
  dayRequired: 'Prosím zadejte den!',
  keyInvalid: 'Neplatný klíč akce',
  notStarted: 'Jízda ještě nebyla zahájena.',
  notEnded: 'Jízda ještě nebyla ukončena.',
  alreadyStarted: 'Jízda už byla zahájena.',
  alreadyEnded: 'Jízda už byla ukončena.',
  alreadyRecorded: 'Jízda už je zaevidována.',
  cancelled: 'Zrušenou jízdu nelze zahájit ani zaevidovat.',
  endBeforeStart: 'Konec jízdy musí být po jejím zahájení.',
  inFuture: 'Čas akce je v budoucnosti: zkontrolujte hodiny v telefonu.',
  noteTooLong: 'Poznámka může mít nejvýše 1000 znaků',
  signaturesRequired: 'Prosím podepište jízdu (žák i učitel)!',
} as const;

/** A day of the teacher: 'YYYY-MM-DD' on the school's calendar. */
export const myDayInput = z.object({ date: dateInput(MY_DAY_MESSAGES.dayRequired) });

const instant = z
  .date({ error: 'Neplatné datum' })
  .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, 'Neplatné datum');

const tachometer = z
  .number({ error: TRAINING_MESSAGES.tachometerRange })
  .int(TRAINING_MESSAGES.tachometerRange)
  .min(0, TRAINING_MESSAGES.tachometerRange)
  .max(Number.MAX_SAFE_INTEGER, TRAINING_MESSAGES.tachometerRange)
  .nullish()
  .transform((v) => v ?? null);

const requiredSignature = signatureInput.refine((v) => v !== null, MY_DAY_MESSAGES.signaturesRequired);

/** What the teacher did, as the device saved it (times by the device's clock: it may have had no signal then). */
export const dayActionBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('START'), at: instant, tachometerBefore: tachometer }),
  z.object({ kind: z.literal('END'), at: instant, tachometerAfter: tachometer }),
  z.object({
    kind: z.literal('REGISTER'),
    signature: requiredSignature,
    teacherSignature: requiredSignature,
    // A ride saved signed but still planned is in the chain already: registering it corrects it (issue 22 §1).
    correctionReason: markAttendanceInput.shape.correctionReason,
  }),
  z.object({ kind: z.literal('NOTE'), note: optionalText(1000, MY_DAY_MESSAGES.noteTooLong) }),
  // 'Docházka' of a group lesson (the action's recordId is the lesson's id): the course's own marks schema.
  z.object({ kind: z.literal('ATTENDANCE'), marks: markAttendanceInput.shape.marks, correctionReason: markAttendanceInput.shape.correctionReason }),
]);
export type DayActionBody = z.input<typeof dayActionBody>;
export type DayActionKind = DayActionBody['kind'];

/**
 * One action of the outbox: the key the device made for it (a replay returns the first answer), the ride (or the group
 * lesson, for ATTENDANCE), and its `updatedAt` as the device last had it from the server (a different one now means
 * the office changed it).
 */
export const dayActionInput = z.object({
  key: text()
    .min(8, MY_DAY_MESSAGES.keyInvalid)
    .max(100, MY_DAY_MESSAGES.keyInvalid)
    .regex(/^[A-Za-z0-9-]+$/, MY_DAY_MESSAGES.keyInvalid),
  recordId: uuidInput,
  baseUpdatedAt: instant,
  action: dayActionBody,
});
export type DayActionInput = z.input<typeof dayActionInput>;
