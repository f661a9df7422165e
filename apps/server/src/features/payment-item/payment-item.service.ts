// Platba (issue 9, spec §2 tab 4, §3 payment item): a student's payments, the school's price list and the student's
// own price with a discount. Money is integer haléře end to end; the inputs turn the form's koruny into haléře.
import type { DbOrTx } from '@volant/db/client';
import type { LicenceGroup } from '@volant/shared/enums';
import type { createPaymentInput, priceListItemInput, removePaymentInput, studentPriceInput } from '@volant/shared/payment-item/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { hasActivePaymentDocument } from '../invoice/invoice.queries.ts';
import { lockStudents } from '../student/student.queries.ts';
import {
  deleteListPrice,
  deletePayment,
  findListPrice,
  findPriceStudent,
  findStudentPrice,
  insertPayment,
  listPayments,
  listPriceList,
  type PaymentItemRow,
  type PriceStudent,
  upsertListPrice,
  upsertStudentPrice,
} from './payment-item.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND', 'NOT_FOUND');
const paymentNotFound = () => new AppError('PAYMENT_ITEM_NOT_FOUND', 'NOT_FOUND');

/** Tells the school's open screens that a student's payments or price changed. */
const paymentItemMessage = (live: Live, schoolId: SchoolId, studentId: string) => live.toSchool(schoolId, { PaymentItemMessage: { schoolId, studentId } });

const toPayment = (p: PaymentItemRow) => ({
  id: p.id,
  studentId: p.studentId,
  price: p.price,
  paidOn: p.paidOn,
  method: p.method,
  note: p.note,
  createdAt: p.createdAt,
});
export type PaymentItemDto = ReturnType<typeof toPayment>;

/**
 * The student's price: their own when set, otherwise the price list's for their first group, training kind and type
 * (computed on read, nothing written), otherwise none.
 */
async function priceOf(db: DbOrTx, schoolId: SchoolId, student: PriceStudent) {
  const own = await findStudentPrice(db, schoolId, student.id);
  if (own) return { price: own.price, discount: own.discount, discountReason: own.discountReason, source: 'STUDENT' as const };
  const group = student.groups[0] as LicenceGroup | undefined;
  const listed = group ? await findListPrice(db, schoolId, group, student.trainingKind, student.trainingType) : undefined;
  return { price: listed?.price ?? null, discount: 0, discountReason: null, source: listed ? ('PRICE_LIST' as const) : null };
}

/** Paid against the price after the discount: what remains (never below 0) and the card circle's per cent (null without a price). */
export function paymentSummary(paid: number, price: number | null, discount: number) {
  if (price === null) return { paid, due: null, percent: null };
  const owed = Math.max(0, price - discount);
  return { paid, due: Math.max(0, owed - paid), percent: owed === 0 ? 100 : Math.min(100, Math.floor((paid * 100) / owed)) };
}

async function requireStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const student = await findPriceStudent(db, schoolId, studentId);
  if (!student) throw studentNotFound();
  return student;
}

export async function getPaymentItems(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const student = await requireStudent(deps.db, schoolId, studentId);
  const [rows, price] = await Promise.all([listPayments(deps.db, schoolId, studentId), priceOf(deps.db, schoolId, student)]);
  const paid = rows.reduce((sum, p) => sum + p.price, 0);
  return {
    items: rows.map(toPayment),
    summary: { ...price, ...paymentSummary(paid, price.price, price.discount) },
  };
}

export function createPayment(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof createPaymentInput>) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const values = {
      studentId: input.studentId,
      price: input.price,
      paidOn: input.paidOn ?? schoolToday(deps.now()),
      method: input.method,
      note: input.note,
      createdBy: userId,
    };
    const row = await insertPayment(tx, schoolId, values);
    await audit(tx, { schoolId, userId, action: 'paymentItem.create', entityType: 'paymentItem', entityId: row.id, data: values });
    after.live((live) => paymentItemMessage(live, schoolId, input.studentId));
    return toPayment(row);
  });
}

export async function removePayment(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof removePaymentInput>) {
  await inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const row = await deletePayment(tx, schoolId, input.studentId, input.id);
    if (!row) throw paymentNotFound();
    // A payment with an invoice or receipt stays until the document is cancelled (the throw rolls the delete back).
    if (await hasActivePaymentDocument(tx, schoolId, row.id)) throw new AppError('PAYMENT_HAS_INVOICE', 'CONFLICT');
    await audit(tx, { schoolId, userId, action: 'paymentItem.remove', entityType: 'paymentItem', entityId: row.id, data: toPayment(row) });
    after.live((live) => paymentItemMessage(live, schoolId, input.studentId));
  });
  return { ok: true as const };
}

export async function getStudentPrice(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const student = await requireStudent(deps.db, schoolId, studentId);
  return { studentId, ...(await priceOf(deps.db, schoolId, student)) };
}

export function setStudentPrice(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof studentPriceInput>) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const values = { price: input.price, discount: input.discount, discountReason: input.discountReason };
    const row = await upsertStudentPrice(tx, schoolId, input.studentId, values, deps.now());
    await audit(tx, { schoolId, userId, action: 'paymentItem.setStudentPrice', entityType: 'student', entityId: input.studentId, data: values });
    after.live((live) => paymentItemMessage(live, schoolId, input.studentId));
    return { studentId: input.studentId, price: row.price, discount: row.discount, discountReason: row.discountReason, source: 'STUDENT' as const };
  });
}

export function getPriceList(deps: AppDeps, schoolId: SchoolId) {
  return listPriceList(deps.db, schoolId);
}

export async function setPriceListItem(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof priceListItemInput>) {
  const { group, kind, variant, price } = input;
  await inTransaction(deps, async (tx) => {
    if (price === null) await deleteListPrice(tx, schoolId, { group, kind, variant });
    else await upsertListPrice(tx, schoolId, { group, kind, variant }, price, deps.now());
    await audit(tx, { schoolId, userId, action: 'paymentItem.setPriceListItem', entityType: 'school', entityId: schoolId, data: input });
  });
  return listPriceList(deps.db, schoolId);
}
