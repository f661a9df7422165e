// Platba (issue 9, spec §2 tab 4, §3 payment item): a student's payments and extra charges, the school's price list
// (courses and extras), the student's own price with a discount, and the school's list of students who owe. Money is
// integer haléře end to end; the inputs turn the form's koruny into haléře.
import type { DbOrTx } from '@volant/db/client';
import type { LicenceGroup, TrainingKind, TrainingType } from '@volant/shared/enums';
import { asHalere, type Halere, sumHalere } from '@volant/shared/money';
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
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordEvent } from '../../events/record.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { lockStudents } from '../student/student.queries.ts';
import { searchWords } from '../student/student.rules.ts';
import { studentPlans } from '../instalment/instalment.plan.ts';
import { overdueOfBalance, planFellDue } from '@volant/shared/instalment/instalments';
import {
  deleteCharge,
  deleteListPrice,
  deletePayment,
  deletePriceExtra,
  findListPrice,
  findPriceStudent,
  hasActivePaymentDocument,
  listInvoicedFallenDue,
  findStudentPrice,
  insertCharge,
  insertPayment,
  listCharges,
  listOwingStudents,
  listPayments,
  listPriceExtras,
  listPriceList,
  listStudentsWithoutPrice,
  type PaymentItemRow,
  type PriceStudent,
  type StudentChargeRow,
  upsertListPrice,
  upsertPriceExtra,
  upsertStudentPrice,
} from './payment-item.queries.ts';

const studentNotFound = () => new AppError('STUDENT_NOT_FOUND');
const paymentNotFound = () => new AppError('PAYMENT_ITEM_NOT_FOUND');
const chargeNotFound = () => new AppError('STUDENT_CHARGE_NOT_FOUND');

/** Tells the school's open screens that a student's payments, charges or price changed. */
export const paymentItemMessage = (live: Live, schoolId: SchoolId, studentId: string) =>
  live.toSchool(schoolId, { PaymentItemMessage: { schoolId, studentId } });

/** Tells the school's open screens that the price list (courses or extras) changed: defaults and balances move. */
export const priceListMessage = (live: Live, schoolId: SchoolId) => live.toSchool(schoolId, { PriceListMessage: { schoolId } });

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
  total: asHalere(c.quantity * c.unitPrice),
  chargedOn: c.chargedOn,
  note: c.note,
  createdAt: c.createdAt,
});
export type StudentChargeDto = ReturnType<typeof toCharge>;

/** Where the Platba tab's course price comes from; 'MISSING' is no price at all, never 0 Kč. */
export type StudentPriceSource = 'STUDENT' | 'PRICE_LIST' | 'PRICE_LIST_AT_START' | 'MISSING';

export interface StudentPrice {
  price: Halere | null;
  discount: Halere;
  discountReason: string | null;
  source: StudentPriceSource;
  /** When MISSING: the price-list entry that is missing (the student's first group, training kind and type). */
  missing: { group: LicenceGroup | null; kind: TrainingKind; variant: TrainingType } | null;
}

/**
 * The student's price: their own when set (or the price list's copied when training started), otherwise the price
 * list's for their first group, training kind and type (computed on read, nothing written), otherwise MISSING with
 * the entry the price list lacks.
 */
async function priceOf(db: DbOrTx, schoolId: SchoolId, student: PriceStudent): Promise<StudentPrice> {
  const own = await findStudentPrice(db, schoolId, student.id);
  if (own) {
    const source = own.fromPriceList ? 'PRICE_LIST_AT_START' : 'STUDENT';
    return { price: own.price, discount: own.discount, discountReason: own.discountReason, source, missing: null };
  }
  const group = (student.groups[0] as LicenceGroup | undefined) ?? null;
  const listed = group ? await findListPrice(db, schoolId, group, student.trainingKind, student.trainingType) : undefined;
  if (listed) return { price: listed.price, discount: asHalere(0), discountReason: null, source: 'PRICE_LIST', missing: null };
  return {
    price: null,
    discount: asHalere(0),
    discountReason: null,
    source: 'MISSING',
    missing: { group, kind: student.trainingKind, variant: student.trainingType },
  };
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
  const paid = sumHalere(rows.map((p) => p.price));
  const charges = chargeRows.map(toCharge);
  const charged = sumHalere(charges.map((c) => c.total));
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
    await recordEvent(deps, tx, after, { name: 'paymentItem.create', schoolId, userId, entityType: 'paymentItem', entityId: row.id, data: values });
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
    if (await hasActivePaymentDocument(tx, schoolId, row.id)) throw new AppError('PAYMENT_HAS_INVOICE');
    await recordEvent(deps, tx, after, { name: 'paymentItem.remove', schoolId, userId, entityType: 'paymentItem', entityId: row.id, data: toPayment(row) });
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
    await recordEvent(deps, tx, after, {
      name: 'paymentItem.setStudentPrice',
      schoolId,
      userId,
      entityType: 'student',
      entityId: input.studentId,
      data: values,
    });
    return {
      studentId: input.studentId,
      price: row.price,
      discount: row.discount,
      discountReason: row.discountReason,
      source: 'STUDENT' as const,
      missing: null,
    };
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
    await recordEvent(deps, tx, after, { name: 'paymentItem.setPriceListItem', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
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
    await recordEvent(deps, tx, after, { name: 'paymentItem.setPriceExtra', schoolId, userId, entityType: 'school', entityId: schoolId, data: input });
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
    await recordEvent(deps, tx, after, { name: 'paymentItem.addCharge', schoolId, userId, entityType: 'studentCharge', entityId: row.id, data: values });
    return toCharge(row);
  });
}

export async function removeCharge(deps: AppDeps, schoolId: SchoolId, userId: string, input: z.output<typeof removeChargeInput>) {
  await inTransaction(deps, async (tx, after) => {
    const [student] = await lockStudents(tx, schoolId, [input.studentId]);
    if (!student) throw studentNotFound();
    const row = await deleteCharge(tx, schoolId, input.studentId, input.id);
    if (!row) throw chargeNotFound();
    await recordEvent(deps, tx, after, {
      name: 'paymentItem.removeCharge',
      schoolId,
      userId,
      entityType: 'studentCharge',
      entityId: row.id,
      data: toCharge(row),
    });
  });
  return { ok: true as const };
}

/**
 * The school's students who owe (Platby → Nedoplatky): per student the amount owed, paid and due, since when the
 * balance has been positive and how many days that is, with the totals of the list.
 */
export async function getOwingStudents(deps: AppDeps, schoolId: SchoolId, input: z.output<typeof owingStudentsInput>) {
  const words = searchWords(input.fullText);
  const [rows, missingPrice] = await Promise.all([
    listOwingStudents(deps.db, schoolId, { words, minDue: input.minDue ?? null, sort: input.sort }),
    listStudentsWithoutPrice(deps.db, schoolId, words),
  ]);
  const today = schoolToday(deps.now());
  // Splátkový kalendář (issue 21 §2): with a plan, the next due date.
  const plans = await studentPlans(
    deps.db,
    schoolId,
    rows.map((r) => r.id),
    deps.now(),
  );
  // 'Po splatnosti' by the one rule (overdueOfBalance): by the plan, else by the invoices fallen due.
  const invoiced = await listInvoicedFallenDue(
    deps.db,
    schoolId,
    rows.filter((r) => !plans.has(r.id)).map((r) => r.id),
    today,
  );
  const items = rows.map((r) => {
    const plan = plans.get(r.id);
    const fellDue = plan ? planFellDue(plan.items, today) : (invoiced.get(r.id) ?? null);
    const overdue = overdueOfBalance({ fellDue, paid: r.paid, due: r.due });
    return { ...r, days: daysSince(r.since, today), overdue: overdue === null ? null : asHalere(overdue), nextDueOn: plan?.nextDueOn ?? null };
  });
  const total = {
    owed: sumHalere(items.map((r) => r.owed)),
    paid: sumHalere(items.map((r) => r.paid)),
    due: sumHalere(items.map((r) => r.due)),
    overdue: sumHalere(items.map((r) => r.overdue ?? 0)),
  };
  // Students in training whose price the price list lacks: what they owe is unknown, not 0 (issue 17).
  return { items, total, missingPrice, today };
}
