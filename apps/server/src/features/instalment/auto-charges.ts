// Charges applied automatically from the price list where the school's rules say so (issue 21 §2):
// - a repeated exam (attempt 2 and later) charges the extra 'EXAM_REPEAT' at the sign-up, once per sign-up
//   (student_charges' source key, unique per student);
// - a completed ride beyond the student's plan charges 'EXTRA_RIDE' per whole 45 minutes beyond it
//   (@volant/shared/instalment/extra-rides), keyed by the ride, in the ride write's transaction (the ride hooks);
// - the booking rules' late-cancel fee is charged by features/booking (not duplicated here).
import type { DbOrTx } from '@volant/db/client';
import { PRICE_EXTRA_LABELS } from '@volant/shared/enums';
import { formatDate, formatTime } from '@volant/shared/format';
import { rideExtraUnits, extraUnits, trimExtraRideCharges } from '@volant/shared/instalment/extra-rides';
import type { autoChargeSettingsInput } from '@volant/shared/instalment/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import type { After } from '../../lib/unit-of-work.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { AppDeps } from '../../trpc/context.ts';
import type { RideChanged, RideFacts, RideHooks } from '../driving-lessons-record/driving-lessons-record.hooks.ts';
import { plannedDrivingMinutes } from '../lesson-plan/legal-minimum.ts';

import {
  deleteChargeById,
  deleteChargeBySource,
  findAutoChargeSettings,
  findExtraPrice,
  insertAutoCharge,
  listExtraRideCharges,
  lockStudentExtraRides,
  rideSourceKey,
  setChargeQuantity,
  sumCompletedDrivingMinutes,
  upsertAutoChargeSettings,
} from './auto-charges.queries.ts';

export function getAutoChargeSettings(deps: AppDeps, schoolId: SchoolId) {
  return findAutoChargeSettings(deps.db, schoolId);
}

export async function setAutoChargeSettings(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof autoChargeSettingsInput>) {
  await inTransaction(deps, async (tx, after) => {
    await upsertAutoChargeSettings(tx, schoolId, { examRepeat: input.examRepeat, extraRides: input.extraRides }, deps.now());
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

/** A ride that counts toward the plan's driving: a completed ride (not a PV lesson) of a student. */
const counted = (f: RideFacts | null): f is RideFacts & { studentId: string } => f?.state === 'COMPLETED' && f.type === 'DRIVING' && !!f.studentId;

/**
 * 'Kondiční jízda' beyond the course, in the ride write's transaction:
 * - a ride that stops counting (deleted, no longer completed, shortened, moved to another student) loses its charge,
 *   and the student's other automatic ride charges are trimmed to the units still driven beyond the plan (newest
 *   first), so no charge claims driving the records no longer show — whether the switch is on or not;
 * - a ride that starts counting, with the school's switch on and a price for 'EXTRA_RIDE', is charged the units it
 *   adds beyond the plan. Only then: a charge the office removed by hand (waived) is not brought back by later edits.
 */
async function chargeExtraRides(deps: AppDeps, tx: DbOrTx, after: After, change: RideChanged) {
  const { before, after: now, schoolId, userId, rideId } = change;
  const was = counted(before);
  const is = counted(now);
  if (!was && !is) return;
  if (was && is && before.studentId === now.studentId && before.length === now.length) return;
  const today = schoolToday(deps.now());
  if (was) {
    const studentId = before.studentId;
    await lockStudentExtraRides(tx, studentId);
    const removed = await deleteChargeBySource(tx, schoolId, studentId, rideSourceKey(rideId));
    if (removed) await chargeRemoved(deps, tx, after, schoolId, userId, removed, 'ride');
    const included = await plannedDrivingMinutes(tx, schoolId, studentId, today);
    if (included !== undefined) {
      const others = await sumCompletedDrivingMinutes(tx, schoolId, studentId, is && now.studentId === studentId ? rideId : null);
      const charges = await listExtraRideCharges(tx, schoolId, studentId);
      const trim = trimExtraRideCharges(
        charges.map((c) => ({ id: c.id, quantity: c.quantity })),
        extraUnits(others, included),
      );
      for (const id of trim.remove) {
        const row = await deleteChargeById(tx, schoolId, id);
        if (row) await chargeRemoved(deps, tx, after, schoolId, userId, row, 'trim');
      }
      if (trim.reduce) {
        await setChargeQuantity(tx, schoolId, trim.reduce.id, trim.reduce.quantity);
        await recordEvent(deps, tx, after, {
          name: 'paymentItem.changeCharge',
          schoolId,
          userId,
          entityType: 'studentCharge',
          entityId: trim.reduce.id,
          data: { quantity: trim.reduce.quantity, studentId, reason: 'Automaticky: méně jízd nad rámec kurzu' },
        });
      }
    }
  }
  if (!is) return;
  const studentId = now.studentId;
  if (!(await findAutoChargeSettings(tx, schoolId)).extraRides) return;
  const price = await findExtraPrice(tx, schoolId, 'EXTRA_RIDE');
  if (!price) return;
  await lockStudentExtraRides(tx, studentId);
  const included = await plannedDrivingMinutes(tx, schoolId, studentId, today);
  if (included === undefined) return;
  const others = await sumCompletedDrivingMinutes(tx, schoolId, studentId, rideId);
  const units = rideExtraUnits(others, now.length, included);
  if (units <= 0) return;
  const values = {
    studentId,
    item: 'EXTRA_RIDE' as const,
    label: PRICE_EXTRA_LABELS.EXTRA_RIDE,
    quantity: units,
    unitPrice: price.price,
    chargedOn: today,
    note: `Automaticky: jízda ${formatDate(now.startTime)} ${formatTime(now.startTime)} (${now.length} min) nad rámec kurzu (${included / 45} h v osnově)`,
    sourceKey: rideSourceKey(rideId),
    createdBy: userId,
  };
  const row = await insertAutoCharge(tx, schoolId, values);
  if (row) await recordEvent(deps, tx, after, { name: 'paymentItem.addCharge', schoolId, userId, entityType: 'studentCharge', entityId: row.id, data: values });
}

async function chargeRemoved(
  deps: AppDeps,
  tx: DbOrTx,
  after: After,
  schoolId: SchoolId,
  userId: string | null,
  row: { id: string; studentId: string; quantity: number; unitPrice: number; sourceKey: string | null },
  why: 'ride' | 'trim',
) {
  await recordEvent(deps, tx, after, {
    name: 'paymentItem.removeCharge',
    schoolId,
    userId,
    entityType: 'studentCharge',
    entityId: row.id,
    data: {
      studentId: row.studentId,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      sourceKey: row.sourceKey,
      reason: why === 'ride' ? 'Automaticky: jízda už není zaevidovaná jako absolvovaná' : 'Automaticky: méně jízd nad rámec kurzu',
    },
  });
}

export const extraRideHooks: RideHooks = { onRideChanged: chargeExtraRides };
