// Charges applied automatically from the price list where the school's rules say so (issue 21 §2). Done: a repeated
// exam (attempt 2 and later) charges the extra 'EXAM_REPEAT' at the sign-up, once per sign-up (student_charges'
// source key, unique per student). The booking rules' late-cancel fee is charged by features/booking already (not
// duplicated here). Extra rides beyond the course are not done yet.
import type { DbOrTx } from '@volant/db/client';
import { PRICE_EXTRA_LABELS } from '@volant/shared/enums';
import type { autoChargeSettingsInput } from '@volant/shared/instalment/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { After } from '../../lib/unit-of-work.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';

import { findAutoChargeSettings, findExtraPrice, insertAutoCharge, upsertAutoChargeSettings } from './auto-charges.queries.ts';

export function getAutoChargeSettings(deps: AppDeps, schoolId: SchoolId) {
  return findAutoChargeSettings(deps.db, schoolId);
}

export async function setAutoChargeSettings(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof autoChargeSettingsInput>) {
  await inTransaction(deps, async (tx, after) => {
    await upsertAutoChargeSettings(tx, schoolId, input.examRepeat, deps.now());
    await recordEvent(deps, tx, after, { name: 'instalment.setAutoCharges', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
  });
  return findAutoChargeSettings(deps.db, schoolId);
}

export interface ExamSignUp {
  studentId: string;
  examId: string;
  type: string;
  group: string;
  attempt: number;
}

/**
 * In the sign-up's transaction: attempt 2 and later, the school's switch on and a price for 'EXAM_REPEAT' in the
 * price list → one charge 'Opravná zkouška' with its reason, keyed by the sign-up (applied once however often this
 * runs). Returns whether a charge was added.
 */
export async function chargeExamRepeat(deps: AppDeps, tx: DbOrTx, after: After, schoolId: SchoolId, userId: string | null, s: ExamSignUp) {
  if (s.attempt <= 1) return false;
  if (!(await findAutoChargeSettings(tx, schoolId)).examRepeat) return false;
  const price = await findExtraPrice(tx, schoolId, 'EXAM_REPEAT');
  if (!price) return false;
  const values = {
    studentId: s.studentId,
    item: 'EXAM_REPEAT' as const,
    label: PRICE_EXTRA_LABELS.EXAM_REPEAT,
    quantity: 1,
    unitPrice: price.price,
    chargedOn: schoolToday(deps.now()),
    note: `Automaticky: ${s.attempt}. pokus zkoušky (${s.type}, skupina ${s.group})`,
    sourceKey: `exam:${s.examId}:${s.type}:${s.group}`,
    createdBy: userId,
  };
  const row = await insertAutoCharge(tx, schoolId, values);
  if (!row) return false;
  await recordEvent(deps, tx, after, { name: 'paymentItem.addCharge', schoolId, userId, entityType: 'studentCharge', entityId: row.id, data: values });
  return true;
}
