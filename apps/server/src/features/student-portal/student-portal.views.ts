// 'Můj výcvik' (issue 19 §2): what the student proven by the student rung sees of their own training — progress
// against the legal minimum, rides and lessons with their state in words and the server's times, money with a QR
// Platba of what is owed, invoices as PDF, and exams. Every read reuses the office's rule for the same thing (the
// legal minimum, the balance, the exam attempts), called with the proven school and student only; what the office
// keeps to itself (notes on payments, rides and retrainings) is left out.
import { studentPlan } from '../instalment/instalment.plan.ts';
import {
  CALENDAR_EVENT_TYPE_LABELS,
  EXAM_RESULT_LABELS,
  type ExamResult,
  INVOICE_KIND_LABELS,
  type LessonState,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  TEACHING_SECTION_LABELS,
} from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { LEGAL_MINIMUM_LABELS } from '@volant/shared/lesson-plan/legal-minimum';
import { schoolToday } from '@volant/shared/school-time';
import { spayd, spaydPayable } from '@volant/shared/invoice/spayd';
import { CANCELLED_BY_WORDS, lessonStateWord, NO_ACCOUNT_TEXT, READY_FOR_EXAM, type RideStateWord, rideStateWord } from '@volant/shared/student-portal/views';
import { AppError } from '../../lib/app-error.ts';
import type { ProvenStudent } from '../../lib/tenant.ts';
import { renderPdf } from '../../pdf/render.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { getStudentExams } from '../exam/exam.service.ts';
import { invoiceDocument } from '../invoice/invoice.pdf.ts';
import { findInvoice, listInvoices } from '../invoice/invoice.queries.ts';
import { studentLegalMinimum } from '../lesson-plan/legal-minimum.ts';
import { getPaymentItems } from '../payment-item/payment-item.service.ts';
import { findPaymentTarget, listStudentLessons, listStudentRides } from './student-portal.views.queries.ts';

const teacherName = (t: { firstName: string | null; lastName: string | null } | null) =>
  t?.lastName ? fullName({ firstName: t.firstName ?? '', lastName: t.lastName }) : null;

// --- Průběh ---

/**
 * The student's standing against the legal minimum of their groups (the one rule of issue 17), today: theory lessons
 * attended of required per section, practical hours (45 minutes) completed of required; planned lessons and rides
 * never count. 'Připraven ke zkoušce' only when every section is met (and there is a plan to meet: a student with no
 * group is not ready).
 */
export async function getProgress(deps: AppDeps, student: ProvenStudent) {
  const now = deps.now();
  const m = await studentLegalMinimum(deps.db, student.schoolId, student.studentId, schoolToday(now), now);
  const sections = m.sections.map((s) => ({
    item: s.item,
    label: LEGAL_MINIMUM_LABELS[s.item],
    unit: s.unit,
    done: s.done,
    required: s.required,
    missing: s.missing,
    /** Of `done`, what a previous school's verified transfer record brought (issue 22 §4): never shown as ours. */
    prior: s.prior,
  }));
  const driving = sections.find((s) => s.item === 'DRIVING') ?? null;
  const ready = m.isMet && sections.length > 0;
  return {
    studentId: student.studentId,
    /** 'Z předchozí autoškoly: …' when any hours came from a previous school. */
    priorSchools: m.priorSchools,
    theory: sections.filter((s) => s.unit === 'lesson'),
    practice: sections.filter((s) => s.unit === 'hour'),
    driving: driving ? { done: driving.done, required: driving.required } : null,
    readyForExam: ready,
    readyText: ready ? READY_FOR_EXAM : null,
    missing: m.missing,
  };
}

// --- Jízdy ---

export interface StudentRideItem {
  id: string;
  kind: 'RIDE' | 'LESSON';
  /** 'Jízda', 'PV-ÚV', 'Teorie PPV'. */
  title: string;
  state: RideStateWord;
  /** Under 'Zrušená': who cancelled. */
  stateNote: string | null;
  /** A ride's start and end; null for a theory lesson (dated by day only). */
  startTime: Date | null;
  endTime: Date | null;
  /** The school's calendar day of a theory lesson ('YYYY-MM-DD'); null for a ride. */
  date: string | null;
  /** Minutes (a ride); null for a lesson. */
  length: number | null;
  teacher: string | null;
  /** 'Škoda Fabia 1B2 3456'. */
  car: string | null;
  /** Tachometer after − before (km), when both were written. */
  distanceKm: number | null;
  topic: string | null;
  studentSigned: boolean;
  teacherSigned: boolean;
  /** Server times; null = not happened, or not known (rows older than the times). */
  recordedAt: Date | null;
  signedAt: Date | null;
  teacherSignedAt: Date | null;
  changedAfterSigningAt: Date | null;
  bookedByStudent: boolean;
}

/**
 * The student's rides, PV lessons and dated theory lessons, split at now: upcoming (not yet over, soonest first) and
 * past (latest first). Each state in words from the data: only a ride registered as done is 'Absolvovaná'; a planned
 * ride whose time is over is 'Nezaevidovaná'.
 */
export async function getRides(deps: AppDeps, student: ProvenStudent) {
  const now = deps.now();
  const today = schoolToday(now);
  const [rides, lessons] = await Promise.all([listStudentRides(deps.db, student), listStudentLessons(deps.db, student)]);
  const items: (StudentRideItem & { sortAt: number; upcoming: boolean })[] = [];
  for (const r of rides) {
    const state = r.state as LessonState;
    const before = r.tachometerBefore;
    const after = r.tachometerAfter;
    items.push({
      id: r.id,
      kind: 'RIDE',
      title: CALENDAR_EVENT_TYPE_LABELS[r.type],
      state: rideStateWord(state, r.endTime, now),
      stateNote: CANCELLED_BY_WORDS[state] ?? null,
      startTime: r.startTime,
      endTime: r.endTime,
      date: null,
      length: r.length,
      teacher: teacherName(r.teacher),
      car: r.car?.regNumber ? `${r.car.carType} ${r.car.regNumber}` : null,
      distanceKm: before !== null && after !== null && after >= before ? after - before : null,
      topic: null,
      studentSigned: r.studentSigned,
      teacherSigned: r.teacherSigned,
      recordedAt: r.recordedAt,
      signedAt: r.signedAt,
      teacherSignedAt: r.teacherSignedAt,
      changedAfterSigningAt: r.changedAfterSigningAt,
      bookedByStudent: r.bookedByStudentAt !== null,
      sortAt: r.startTime.getTime(),
      upcoming: r.endTime.getTime() > now.getTime(),
    });
  }
  for (const l of lessons) {
    const date = l.date as string;
    const state = lessonStateWord(l.attendedAt !== null, date, today);
    items.push({
      id: l.id,
      kind: 'LESSON',
      title: `Teorie ${TEACHING_SECTION_LABELS[l.type]}`,
      state,
      stateNote: null,
      startTime: null,
      endTime: null,
      date,
      length: null,
      teacher: teacherName(l.teacher),
      car: null,
      distanceKm: null,
      topic: l.topic,
      studentSigned: false,
      teacherSigned: false,
      recordedAt: l.attendedAt,
      signedAt: null,
      teacherSignedAt: null,
      changedAfterSigningAt: null,
      bookedByStudent: false,
      sortAt: Date.parse(`${date}T00:00:00Z`),
      upcoming: l.attendedAt === null && date >= today,
    });
  }
  const strip = ({ sortAt: _s, upcoming: _u, ...item }: (typeof items)[number]): StudentRideItem => item;
  return {
    studentId: student.studentId,
    upcoming: items
      .filter((i) => i.upcoming)
      .sort((a, b) => a.sortAt - b.sortAt)
      .map(strip),
    past: items
      .filter((i) => !i.upcoming)
      .sort((a, b) => b.sortAt - a.sortAt)
      .map(strip),
  };
}

// --- Platby ---

/** The balance's variable symbol: the digits of the registration number ('2026/014' → 2026014), at most 10. */
export const balanceVariableSymbol = (registrationNumber: string | null) => registrationNumber?.replace(/\D/g, '').slice(-10) || null;

/**
 * The student's money: price, discount, charges, paid and what is still due (the Platba tab's balance), each payment
 * and charge, the invoices (download with getInvoicePdf) and the QR Platba of what is due to the school's account.
 */
export async function getMoney(deps: AppDeps, student: ProvenStudent) {
  const [money, target, invoices, plan] = await Promise.all([
    getPaymentItems(deps, student.schoolId, student.studentId),
    findPaymentTarget(deps.db, student),
    listInvoices(deps.db, student.schoolId, { studentId: student.studentId, limit: 500 }),
    studentPlan(deps.db, student.schoolId, student.studentId, deps.now()),
  ]);
  if (!target) throw new AppError('STUDENT_NOT_FOUND');
  const s = money.summary;
  const due = s.due ?? 0;
  const variableSymbol = balanceVariableSymbol(target.registrationNumber);
  const message = `Výcvik ${fullName(target)}${target.registrationNumber ? ` ${target.registrationNumber}` : ''}`;
  const qr =
    target.iban && spaydPayable(due)
      ? { spayd: spayd({ iban: target.iban, amount: due, variableSymbol, message }), iban: target.iban, amount: due, variableSymbol, message }
      : null;
  return {
    studentId: student.studentId,
    summary: { price: s.price, discount: s.discount, charged: s.charges, paid: s.paid, total: s.owed, due: s.due, priceMissing: s.source === 'MISSING' },
    payments: money.items.map((p) => ({
      id: p.id,
      paidOn: p.paidOn,
      amount: p.price,
      method: p.method,
      methodLabel: PAYMENT_METHOD_LABELS[p.method as PaymentMethod],
    })),
    charges: money.charges.map((c) => ({ id: c.id, label: c.label, quantity: c.quantity, unitPrice: c.unitPrice, total: c.total, chargedOn: c.chargedOn })),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      kind: i.kind,
      kindLabel: INVOICE_KIND_LABELS[i.kind as keyof typeof INVOICE_KIND_LABELS],
      issuedOn: i.issuedOn,
      dueOn: i.dueOn,
      total: i.total,
      isCancelled: i.isCancelled,
    })),
    /** Splátkový kalendář (issue 21 §2): each instalment with its paid part and state; what is overdue and to come. */
    instalments: plan.items.length
      ? {
          items: plan.items.map((i) => ({ id: i.id, label: i.label, dueOn: i.dueOn, amount: i.amount, paid: i.paid, remaining: i.remaining, state: i.state })),
          // The one rule of 'Po splatnosti' (the owing list's): never more than the student owes.
          overdue: Math.min(plan.overdue, Math.max(0, due)),
          upcoming: plan.upcoming,
          nextDueOn: plan.nextDueOn,
        }
      : null,
    qr,
    /** Said instead of the QR when something is due but the school has no account. */
    noAccountText: due > 0 && !target.iban ? NO_ACCOUNT_TEXT : null,
  };
}

/**
 * One of the student's own invoices as a PDF (base64), made on request from the same document the office downloads.
 * Another student's invoice, another school's and an unknown id are all INVOICE_NOT_FOUND. A mutation: a POST keeps
 * the id out of URLs and nothing caches the bytes.
 */
export async function getInvoicePdf(deps: AppDeps, student: ProvenStudent, invoiceId: string) {
  const row = await findInvoice(deps.db, student.schoolId, invoiceId);
  if (!row || row.studentId !== student.studentId) throw new AppError('INVOICE_NOT_FOUND');
  const vm = await invoiceDocument.load(deps.db, student.schoolId, { entityId: row.id, params: {} }, deps.now());
  const bytes = await renderPdf(invoiceDocument.render(vm));
  return { fileName: invoiceDocument.fileName?.(vm) ?? 'doklad.pdf', contentType: 'application/pdf' as const, base64: Buffer.from(bytes).toString('base64') };
}

// --- Zkoušky ---

/** The student's exam terms and results, and per part the attempts used of the legal maximum (3) in the current cycle. */
export async function getExams(deps: AppDeps, student: ProvenStudent) {
  const e = await getStudentExams(deps, student.schoolId, student.studentId);
  const today = schoolToday(deps.now());
  return {
    studentId: student.studentId,
    signUps: e.signUps.map((s) => ({
      examId: s.examId,
      date: s.date,
      place: s.place,
      type: s.type,
      typeLabel: TEACHING_SECTION_LABELS[s.type],
      group: s.group,
      attempt: s.attempt,
      max: s.max,
      result: s.result as ExamResult | null,
      resultLabel: s.result ? EXAM_RESULT_LABELS[s.result as ExamResult] : null,
      upcoming: s.result === null && s.date >= today,
    })),
    parts: e.parts.map((p) => ({
      group: p.group,
      type: p.type,
      typeLabel: TEACHING_SECTION_LABELS[p.type],
      attempts: p.attempts,
      max: p.max,
      passed: p.passed,
      retrainingNeeded: p.retrainingNeeded,
      newTrainingNeeded: p.newTrainingNeeded,
    })),
  };
}
