import type { DbOrTx } from '@volant/db/client';
import { schema } from '@volant/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { LicenceGroup, PriceExtra, StudentState, TrainingKind, TrainingType } from '@volant/shared/enums';
import { asHalere, type Halere } from '@volant/shared/money';
import type { CalendarDate } from '@volant/shared/school-time';
import type { SchoolId } from '../../lib/tenant.ts';
import { containsPattern } from '../student/student.rules.ts';

const { invoices, paymentItems, schoolPriceExtras, schoolPriceList, studentBalances, studentCharges, studentPrices, students } = schema;

export type PaymentItemRow = typeof paymentItems.$inferSelect;
export type PaymentItemValues = Pick<typeof paymentItems.$inferInsert, 'studentId' | 'price' | 'paidOn' | 'method' | 'note' | 'createdBy'>;

/** What decides a student's default price: their first group, training kind and type (a removed student is not found). */
export async function findPriceStudent(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select({ id: students.id, groups: students.groups, trainingKind: students.trainingKind, trainingType: students.trainingType })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId), isNull(students.removedAt)))
    .limit(1);
  return row;
}
export type PriceStudent = NonNullable<Awaited<ReturnType<typeof findPriceStudent>>>;

/** The student's payments, newest first. */
export function listPayments(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select()
    .from(paymentItems)
    .where(and(eq(paymentItems.schoolId, schoolId), eq(paymentItems.studentId, studentId)))
    .orderBy(desc(paymentItems.paidOn), desc(paymentItems.createdAt), desc(paymentItems.id));
}

export async function insertPayment(tx: DbOrTx, schoolId: SchoolId, values: PaymentItemValues) {
  const [row] = await tx
    .insert(paymentItems)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function deletePayment(tx: DbOrTx, schoolId: SchoolId, studentId: string, id: string) {
  const [row] = await tx
    .delete(paymentItems)
    .where(and(eq(paymentItems.schoolId, schoolId), eq(paymentItems.studentId, studentId), eq(paymentItems.id, id)))
    .returning();
  return row;
}

export async function findStudentPrice(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  const [row] = await db
    .select()
    .from(studentPrices)
    .where(and(eq(studentPrices.schoolId, schoolId), eq(studentPrices.studentId, studentId)))
    .limit(1);
  return row;
}

export async function upsertStudentPrice(
  tx: DbOrTx,
  schoolId: SchoolId,
  studentId: string,
  values: { price: Halere; discount: Halere; discountReason: string | null },
  now: Date,
) {
  // The office's own price: no longer the price-list copy made at the start.
  const set = { ...values, fromPriceList: false, updatedAt: now };
  const [row] = await tx
    .insert(studentPrices)
    .values({ schoolId, studentId, ...set })
    .onConflictDoUpdate({ target: [studentPrices.schoolId, studentPrices.studentId], set })
    .returning();
  return row;
}

/**
 * Fixes the price of started students without a price of their own: the price list's for their first group, kind and
 * type, copied into student_prices (marked as a copy). A later price-list change no longer moves it. Returns the
 * students given a price.
 */
export async function copyListPrices(tx: DbOrTx, schoolId: SchoolId, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = await tx
    .insert(studentPrices)
    .select(
      tx
        .select({
          schoolId: students.schoolId,
          studentId: students.id,
          price: schoolPriceList.price,
          discount: sql<Halere>`0`.as('discount'),
          discountReason: sql<null>`null`.as('discount_reason'),
          fromPriceList: sql<boolean>`true`.as('from_price_list'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(students)
        .innerJoin(
          schoolPriceList,
          and(
            eq(schoolPriceList.schoolId, students.schoolId),
            eq(schoolPriceList.group, sql`${students.groups}[1]`),
            eq(schoolPriceList.kind, students.trainingKind),
            eq(schoolPriceList.variant, students.trainingType),
          ),
        )
        .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds), isNotNull(students.dateOfInProgress), isNull(students.removedAt))),
    )
    .onConflictDoNothing()
    .returning({ studentId: studentPrices.studentId });
  return rows.map((r) => r.studentId);
}

/** Removes the price-list copies of these students (their own prices stay). Returns the students whose copy went. */
export async function deleteListPriceCopies(tx: DbOrTx, schoolId: SchoolId, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = await tx
    .delete(studentPrices)
    .where(and(eq(studentPrices.schoolId, schoolId), inArray(studentPrices.studentId, studentIds), eq(studentPrices.fromPriceList, true)))
    .returning({ studentId: studentPrices.studentId });
  return rows.map((r) => r.studentId);
}

export async function findListPrice(db: DbOrTx, schoolId: SchoolId, group: LicenceGroup, kind: TrainingKind, variant: TrainingType) {
  const [row] = await db
    .select({ price: schoolPriceList.price })
    .from(schoolPriceList)
    .where(and(eq(schoolPriceList.schoolId, schoolId), eq(schoolPriceList.group, group), eq(schoolPriceList.kind, kind), eq(schoolPriceList.variant, variant)))
    .limit(1);
  return row;
}

export function listPriceList(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({ group: schoolPriceList.group, kind: schoolPriceList.kind, variant: schoolPriceList.variant, price: schoolPriceList.price })
    .from(schoolPriceList)
    .where(eq(schoolPriceList.schoolId, schoolId))
    .orderBy(asc(schoolPriceList.group), asc(schoolPriceList.kind), asc(schoolPriceList.variant));
}

type PriceKey = { group: LicenceGroup; kind: TrainingKind; variant: TrainingType };

export async function upsertListPrice(tx: DbOrTx, schoolId: SchoolId, key: PriceKey, price: Halere, now: Date) {
  await tx
    .insert(schoolPriceList)
    .values({ schoolId, ...key, price, updatedAt: now })
    .onConflictDoUpdate({
      target: [schoolPriceList.schoolId, schoolPriceList.group, schoolPriceList.kind, schoolPriceList.variant],
      set: { price, updatedAt: now },
    });
}

export async function deleteListPrice(tx: DbOrTx, schoolId: SchoolId, key: PriceKey) {
  await tx
    .delete(schoolPriceList)
    .where(
      and(
        eq(schoolPriceList.schoolId, schoolId),
        eq(schoolPriceList.group, key.group),
        eq(schoolPriceList.kind, key.kind),
        eq(schoolPriceList.variant, key.variant),
      ),
    );
}

// ——— extras ———

export function listPriceExtras(db: DbOrTx, schoolId: SchoolId) {
  return db
    .select({ item: schoolPriceExtras.item, price: schoolPriceExtras.price })
    .from(schoolPriceExtras)
    .where(eq(schoolPriceExtras.schoolId, schoolId))
    .orderBy(asc(schoolPriceExtras.item));
}

export async function upsertPriceExtra(tx: DbOrTx, schoolId: SchoolId, item: PriceExtra, price: Halere, now: Date) {
  await tx
    .insert(schoolPriceExtras)
    .values({ schoolId, item, price, updatedAt: now })
    .onConflictDoUpdate({ target: [schoolPriceExtras.schoolId, schoolPriceExtras.item], set: { price, updatedAt: now } });
}

export async function deletePriceExtra(tx: DbOrTx, schoolId: SchoolId, item: PriceExtra) {
  await tx.delete(schoolPriceExtras).where(and(eq(schoolPriceExtras.schoolId, schoolId), eq(schoolPriceExtras.item, item)));
}

// ——— the student's charges ———

export type StudentChargeRow = typeof studentCharges.$inferSelect;
export type StudentChargeValues = Pick<
  typeof studentCharges.$inferInsert,
  'studentId' | 'item' | 'label' | 'quantity' | 'unitPrice' | 'chargedOn' | 'note' | 'createdBy'
>;

/** The student's charges, newest first. */
export function listCharges(db: DbOrTx, schoolId: SchoolId, studentId: string) {
  return db
    .select()
    .from(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.studentId, studentId)))
    .orderBy(desc(studentCharges.chargedOn), desc(studentCharges.createdAt), desc(studentCharges.id));
}

export async function insertCharge(tx: DbOrTx, schoolId: SchoolId, values: StudentChargeValues) {
  const [row] = await tx
    .insert(studentCharges)
    .values({ ...values, schoolId })
    .returning();
  return row;
}

export async function deleteCharge(tx: DbOrTx, schoolId: SchoolId, studentId: string, id: string) {
  const [row] = await tx
    .delete(studentCharges)
    .where(and(eq(studentCharges.schoolId, schoolId), eq(studentCharges.studentId, studentId), eq(studentCharges.id, id)))
    .returning();
  return row;
}

// ——— the owing list ———

export interface OwingFilter {
  /** Normalised search words (student.rules searchWords); each must appear in the student's search text. */
  words: string[];
  /** Haléře; only students owing at least this much. */
  minDue: number | null;
  sort: 'due' | 'since';
}

export interface OwingRow {
  id: string;
  firstName: string;
  lastName: string;
  degree: string | null;
  registrationNumber: string;
  groups: string[];
  state: StudentState;
  owed: Halere;
  paid: Halere;
  due: Halere;
  since: CalendarDate;
}

/**
 * The school's students who owe, with since when, in ONE statement: the balances view filtered by the school (and the
 * search), then each owing student's timeline (+ the course price on its start day, + charges, − payments), summed per
 * day; a running sum per student; the day after the last day it ended at or below zero is "since". Amounts come back
 * as text (bigint) and dates as text, so both drivers give the same values.
 */
export function owingStudentsSql(schoolId: string, filter: OwingFilter): SQL {
  const conditions: SQL[] = [sql`sb.school_id = ${schoolId}`, sql`sb.due > 0`];
  if (filter.minDue !== null) conditions.push(sql`sb.due >= ${filter.minDue}`);
  if (filter.words.length > 0) {
    const matches = filter.words.map((word) => sql`m.search_text ilike ${containsPattern(word)}`);
    conditions.push(sql`sb.student_id in (select m.id from students m where m.school_id = ${schoolId} and ${sql.join(matches, sql` and `)})`);
  }
  const order =
    filter.sort === 'since'
      ? sql`since.since asc, b.due desc, s.last_name, s.first_name, s.id`
      : sql`b.due desc, since.since asc, s.last_name, s.first_name, s.id`;
  // Both CTEs are materialized: PostgreSQL cannot estimate how many students owe (due is computed), and inlined it
  // would rerun the timeline once per owing student (measured: 126 ms instead of 9 ms for a school of 200).
  return sql`
    with b as materialized (
      select sb.student_id as id, sb.course_price, sb.course_from, sb.owed, sb.paid, sb.due
      from student_balances sb
      where ${sql.join(conditions, sql` and `)}
    ),
    ev as (
      select b.id as student_id, b.course_from as day, b.course_price as amount from b where b.course_price is not null
      union all
      select c.student_id, c.charged_on, c.quantity::bigint * c.unit_price
      from student_charges c join b on b.id = c.student_id where c.school_id = ${schoolId}
      union all
      select p.student_id, p.paid_on, -p.price
      from payment_items p join b on b.id = p.student_id where p.school_id = ${schoolId}
    ),
    daily as (select student_id, day, sum(amount) as delta from ev group by student_id, day),
    running as (select student_id, day, sum(delta) over (partition by student_id order by day) as balance from daily),
    settled as (
      select student_id, day, max(day) filter (where balance <= 0) over (partition by student_id) as last_settled from running
    ),
    since as materialized (
      select student_id, min(day) as since from settled where last_settled is null or day > last_settled group by student_id
    )
    select s.id, s.first_name, s.last_name, s.degree, s.registration_number, s.groups, s.state,
      b.owed::text as owed, b.paid::text as paid, b.due::text as due, since.since::text as since
    from b
    join since on since.student_id = b.id
    join students s on s.school_id = ${schoolId} and s.id = b.id
    order by ${order}`;
}

interface OwingRaw {
  id: string;
  first_name: string;
  last_name: string;
  degree: string | null;
  registration_number: string;
  groups: string[];
  state: StudentState;
  owed: string;
  paid: string;
  due: string;
  since: string;
}

export async function listOwingStudents(db: DbOrTx, schoolId: SchoolId, filter: OwingFilter): Promise<OwingRow[]> {
  const result = await db.execute(owingStudentsSql(schoolId, filter));
  return (result as unknown as { rows: OwingRaw[] }).rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    degree: r.degree,
    registrationNumber: r.registration_number,
    groups: r.groups,
    state: r.state,
    owed: asHalere(Number(r.owed)),
    paid: asHalere(Number(r.paid)),
    due: asHalere(Number(r.due)),
    since: r.since,
  }));
}

/**
 * The school's students in training whose course price is missing (no own price, and the price list has none for
 * their first group, training kind and type: the balances view's price_source 'MISSING'), matching the search words;
 * the owing list names them instead of counting them as owing 0.
 */
export function listStudentsWithoutPrice(db: DbOrTx, schoolId: SchoolId, words: string[]) {
  const matches = words.map((word) => sql`${students.searchText} ilike ${containsPattern(word)}`);
  return db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      degree: students.degree,
      registrationNumber: students.registrationNumber,
      groups: students.groups,
      trainingKind: students.trainingKind,
      trainingType: students.trainingType,
      state: students.state,
      paid: studentBalances.paid,
      charges: studentBalances.charges,
    })
    .from(studentBalances)
    .innerJoin(students, and(eq(students.schoolId, studentBalances.schoolId), eq(students.id, studentBalances.studentId)))
    .where(and(eq(studentBalances.schoolId, schoolId), eq(studentBalances.priceSource, 'MISSING'), ...matches))
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
}

/**
 * Whether a payment has an invoice or receipt that is not cancelled (a payment has at most one, and removing the
 * payment is refused). A credit note names the payment of the document it cancels but does not count.
 */
export async function hasActivePaymentDocument(db: DbOrTx, schoolId: SchoolId, paymentItemId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.schoolId, schoolId), eq(invoices.paymentItemId, paymentItemId), eq(invoices.isCancelled, false), ne(invoices.kind, 'CREDIT_NOTE')))
    .limit(1);
  return !!row;
}

/**
 * Per student, the total of their issued invoices (not cancelled, not receipts or credit notes) whose due date is
 * before `today`: what fell due for a student without a Splátkový kalendář ('Po splatnosti', overdueOfBalance).
 */
export async function listInvoicedFallenDue(db: DbOrTx, schoolId: SchoolId, studentIds: readonly string[], today: string) {
  if (studentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ studentId: invoices.studentId, total: sql<string>`coalesce(sum(${invoices.total}), 0)` })
    .from(invoices)
    .where(
      and(
        eq(invoices.schoolId, schoolId),
        inArray(invoices.studentId, [...studentIds]),
        eq(invoices.kind, 'INVOICE'),
        eq(invoices.isCancelled, false),
        lt(invoices.dueOn, today),
      ),
    )
    .groupBy(invoices.studentId);
  return new Map(rows.map((r) => [r.studentId as string, Number(r.total)]));
}
