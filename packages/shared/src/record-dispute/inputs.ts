// Inputs of 'Nesouhlasím se záznamem' (issue 19 §2): the student's dispute of a past record of their own, and the
// office's answer. One schema per input, shared by the dialogs and the procedures.
import { z } from 'zod';
import { DISPUTE_RECORD_KINDS } from '../enums.ts';
import { requiredText, uuidInput } from '../validation.ts';

export const DISPUTE_REASON_MAX = 1000;
export const DISPUTE_NOTE_MAX = 1000;

/** The student's reason, as the dialog asks for it. */
export const disputeReason = requiredText('Prosím napište, s čím nesouhlasíte.', DISPUTE_REASON_MAX);

/** studentDispute.disputeRecord: the record (a ride or a theory lesson) and the reason; the student is the session's. */
export const disputeRecordInput = z.object({
  recordKind: z.enum(DISPUTE_RECORD_KINDS),
  recordId: uuidInput,
  reason: disputeReason,
});
export type DisputeRecordInput = z.output<typeof disputeRecordInput>;

/** recordDispute.getStudentDisputes: a student's disputes, open and resolved. */
export const studentDisputesInput = z.object({ schoolId: uuidInput, studentId: uuidInput });

/** The office's answer ('Vyřešit'): the note the student reads with 'Vyřešeno'. */
export const resolutionNote = requiredText('Prosím napište, jak byl rozpor vyřešen.', DISPUTE_NOTE_MAX);
export const resolveDisputeInput = z.object({ schoolId: uuidInput, disputeId: uuidInput, note: resolutionNote });
export type ResolveDisputeInput = z.output<typeof resolveDisputeInput>;
