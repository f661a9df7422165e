// What the student sees of themselves in 'Můj výcvik' (issue 19 §2): the words of a ride's or lesson's state, decided
// from the data (never from what was planned), the texts of the Platby tab and the invoice download's input.
import { z } from 'zod';
import type { LessonState } from '../enums.ts';
import { uuidInput } from '../validation.ts';

/** A ride's or theory lesson's state in words, as the student reads it. */
export const RIDE_STATE_WORDS = {
  SCHEDULED: 'Naplánovaná',
  COMPLETED: 'Absolvovaná',
  /** Its time is over but the school never registered it as done: not 'Absolvovaná' (it may not have taken place). */
  NOT_REGISTERED: 'Nezaevidovaná',
  CANCELLED: 'Zrušená',
} as const;
export type RideStateWord = (typeof RIDE_STATE_WORDS)[keyof typeof RIDE_STATE_WORDS];

/** Who cancelled, said under 'Zrušená'. */
export const CANCELLED_BY_WORDS: Partial<Record<LessonState, string>> = {
  CANCELLED_BY_STUDENT: 'Zrušil žák',
  CANCELLED_BY_TEACHER: 'Zrušila autoškola',
};

/**
 * A ride's word: cancelled → 'Zrušená'; registered as done (COMPLETED) → 'Absolvovaná'; still planned and not yet
 * over → 'Naplánovaná'; still planned after its end → 'Nezaevidovaná'.
 */
export function rideStateWord(state: LessonState, endTime: Date, now: Date): RideStateWord {
  if (state === 'CANCELLED_BY_STUDENT' || state === 'CANCELLED_BY_TEACHER') return RIDE_STATE_WORDS.CANCELLED;
  if (state === 'COMPLETED') return RIDE_STATE_WORDS.COMPLETED;
  return endTime.getTime() > now.getTime() ? RIDE_STATE_WORDS.SCHEDULED : RIDE_STATE_WORDS.NOT_REGISTERED;
}

/** A theory lesson's word: marked attended → 'Absolvovaná'; dated today or later → 'Naplánovaná'; past unmarked → 'Nezaevidovaná'. */
export function lessonStateWord(attended: boolean, date: string, today: string): RideStateWord {
  if (attended) return RIDE_STATE_WORDS.COMPLETED;
  return date >= today ? RIDE_STATE_WORDS.SCHEDULED : RIDE_STATE_WORDS.NOT_REGISTERED;
}

/** The ready flag's words, shown only when the legal minimum is met. */
export const READY_FOR_EXAM = 'Připraven ke zkoušce';
/** A server time the record does not have (rows older than the times, issue 19 §2): never invented. */
export const TIME_UNKNOWN = 'čas neznámý';
/** The Platby tab when the school has no account for transfers: no QR Platba. */
export const NO_ACCOUNT_TEXT = 'Škola zatím nemá nastavený účet pro platby';

/** The student's own invoice as a PDF (studentPortal.getInvoicePdf). */
export const studentInvoicePdfInput = z.object({ invoiceId: uuidInput });
