// Platba (issue 9, spec §2 tab 4, §3 payment item): a student's payments and extra charges, the school's price list
// (courses and extras), the student's own price with a discount, and the school's list of students who owe. Money is
// integer haléře end to end; the inputs turn the form's koruny into haléře.
import type { DbOrTx } from '@volant/db/client';
import type { LicenceGroup } from '@volant/shared/enums';
import { daysSince, paymentSummary } from '@volant/shared/payment-item/balance';
import type {
  addChargeInput,
  createPaymentInput,
  owingStudentsInput,
  priceExtraInput,
  priceListItemInput,
  removeChargeInput,
  removePaymentInput,
  studentPriceInput,
} from '@volant/shared/payment-item/inputs';
import { schoolToday } from '@volant/shared/school-time';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { lockStudents } from '../student/student.queries.ts';
import { searchWords } from '../student/student.rules.ts';
import {
  deleteCharge,
  deleteListPrice,
  deletePayment,
  deletePriceExtra,
  findListPrice,
  findPriceStudent,
  hasActivePaymentDocument,
  findStudentPrice,
  insertCharge,
  insertPayment,
  listCharges,
  listOwingStudents,
  listPayments,
  listPriceExtras,
  listPriceList,
  type PaymentItemRow,
  type PriceStudent,
  type StudentChargeRow,
  upsertListPrice,
  upsertPriceExtra,
  upsertStudentPrice,
} from './payment-item.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND', 'NOT_FOUND');
const paymentNotFound = () => new AppError('PAYMENT_ITEM_NOT_FOUND', 'NOT_FOUND');
const chargeNotFound = () => new AppError('STUDENT_CHARGE_NOT_FOUND', 'NOT_FOUND');

/** Tells the school's open screens that a student's payments, charges or price changed. */
export const paymentItemMessage = (live: Live, schoolId: SchoolId, studentId: string) =>
  live.toSchool(schoolId, { PaymentItemMessage: { schoolId, studentId } });

/** Tells the school's open screens that the price list (courses or extras) changed: defaults and balances move. */
const priceListMessage = (live: Live, schoolId: SchoolId) => live.toSchool(schoolId, { PriceListMessage: { schoolId } });

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

const toCharge = (c: StudentChargeRow) => ({
  id: c.id,
  studentId: c.studentId,
  item: c.item,
  label: c.label,
  quantity: c.quantity,
  unitPrice: c.unitPrice,
  total: c.quantity * c.unitPrice,
  chargedOn: c.chargedOn,
  note: c.note,
  createdAt: c.createdAt,
});
export type StudentChargeDto = ReturnType<typeof toCharge>;

/**
 * The student's price: their own when set (or the price list's copied when training started), otherwise the price
 * list's for their first group, training kind and type (computed on read, nothing written), otherwise none.
 */
async function priceOf(db: DbOrTx, schoolId: SchoolId, student: PriceStudent) {
  const own = await findStudentPrice(db, schoolId, student.id);
  if (own) {
    const source = own.fromPriceList ? ('PRICE_LIST_AT_START' as const) : ('STUDENT' as const);
    return { price: own.price, discount: own.discount, discountReason: own.discountReason, source };
  }
  const group = student.groups[0] as LicenceGroup | undefined;
  const listed = group ? await findListPrice(db, schoolId, group, student.trainingKind, student.trainingType) : undefined;
  return { price: listed?.price ?? null, discount: 0, discountReason: null, source: listed ? ('PRICE_LIST' as const) : null };
}

async function requireStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const student = await findPriceStudent(db, schoolId, studentId);
  if (!student) throw studentNotFound();
  return student;
}

export async function getPaymentItems(deps: AppDeps, schoolId: SchoolId, studentId: string) {
  const student = await requireStudent(deps.db, schoolId, studentId);
  const [rows, chargeRows, price] = await Promise.all([
    listPayments(deps.db, schoolId, studentId),
    listCharges(deps.db, schoolId, studentId),
    priceOf(deps.db, schoolId, student),
  ]);
  const paid = rows.reduce((sum, p) => sum + p.price, 0);
  const charges = chargeRows.map(toCharge);
  const charged = charges.reduce((sum, c) => sum + c.total, 0);
  return {
    items: rows.map(toPayment),
    charges,
    summary: { ...price, ...paymentSummary({ paid, price: price.price, discount: price.discount, charges: charged }) },
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
  await inTransaction(deps, async (tx, after) => {
    if (price === null) await deleteListPrice(tx, schoolId, { group, kind, variant });
    else await upsertListPrice(tx, schoolId, { group, kind, variant }, price, deps.now());
    await audit(tx, { schoolId, userId, action: 'paymentItem.setPriceListItem', entityType: 'school', entityId: schoolId, data: input });
    after.live((live) => priceListMessage(live, schoolId));
  });
  return listPriceList(deps.db, schoolId);
}

export function getPriceExtras(deps: AppDeps, schoolId: SchoolId) {
  return listPriceExtras(deps.db, schoolId);
}

export async function setPriceExtra(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof priceExtraInput>) {
  const { item, price } = input;
  await inTransaction(deps, async (tx, after) => {
    if (price === null) await deletePriceExtra(tx, schoolId, item);
    else await upsertPriceExtra(tx, schoolId, item, price, deps.now());
    await audit(tx, { schoolId, userId, action: 'paymentItem.setPriceExtra', entityType: 'school', entityId: schoolId, data: input });
    after.live((live) => priceListMessage(live, schoolId));
  });
  return listPriceExtras(deps.db, schoolId);
}

export function addCharge(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof addChargeInput>) {
  return inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const values = {
      studentId: input.studentId,
      item: input.item,
      label: input.label,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      chargedOn: input.chargedOn ?? schoolToday(deps.now()),
      note: input.note,
      createdBy: userId,
    };
    const row = await insertCharge(tx, schoolId, values);
    await audit(tx, { schoolId, userId, action: 'paymentItem.addCharge', entityType: 'studentCharge', entityId: row.id, data: values });
    after.live((live) => paymentItemMessage(live, schoolId, input.studentId));
    return toCharge(row);
  });
}

export async function removeCharge(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof removeChargeInput>) {
  await inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const row = await deleteCharge(tx, schoolId, input.studentId, input.id);
    if (!row) throw chargeNotFound();
    await audit(tx, { schoolId, userId, action: 'paymentItem.removeCharge', entityType: 'studentCharge', entityId: row.id, data: toCharge(row) });
    after.live((live) => paymentItemMessage(live, schoolId, input.studentId));
  });
  return { ok: true as const };
}

/**
 * The school's students who owe (Platby → Nedoplatky): per student the amount owed, paid and due, since when the
 * balance has been positive and how many days that is, with the totals of the list.
 */
export async function getOwingStudents(deps: AppDeps, schoolId: SchoolId, input: z.output<typeof owingStudentsInput>) {
  const rows = await listOwingStudents(deps.db, schoolId, { words: searchWords(input.fullText), minDue: input.minDue ?? null, sort: input.sort });
  const today = schoolToday(deps.now());
  const items = rows.map((r) => ({ ...r, days: daysSince(r.since, today) }));
  const total = items.reduce((t, r) => ({ owed: t.owed + r.owed, paid: t.paid + r.paid, due: t.due + r.due }), { owed: 0, paid: 0, due: 0 });
  return { items, total, today };
}
