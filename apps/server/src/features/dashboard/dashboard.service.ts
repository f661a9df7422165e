// 'Přehled školy' (issue 21 §4): the page's figures from the statements of dashboard.queries.ts, shaped for the page.
// Buckets with no rows are filled with zeros (monthsOf, weeksOf); available hours are counted per day of the period
// from the teacher's weekly availability minus their absences; cars have no availability in Volant, so their
// available hours are a nominal working week (Monday–Friday, 8 h) and the page says so.
import type { DbOrTx } from '@volant/db/client';
import {
  CAR_NOMINAL_DAY_MINUTES,
  CAR_NOMINAL_WORKDAYS,
  type DashboardDrill,
  type DashboardPeriod,
  monthsOf,
  periodInstants,
  weekDaysInPeriod,
  weeksOf,
} from '@volant/shared/dashboard/period';
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type INVOICE_KINDS,
  LESSON_STATE_LABELS,
  type LessonState,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  STUDENT_STATE_LABELS,
  STUDENT_STATES,
  type StudentState,
} from '@volant/shared/enums';
import { fullName } from '@volant/shared/format';
import { asHalere, type Halere } from '@volant/shared/money';
import { dayOfWeek, schoolToday } from '@volant/shared/school-time';
import type { SchoolId } from '../../lib/tenant.ts';
import { type DashboardParams, runDashboardStatements, runDrill } from './dashboard.queries.ts';

export function dashboardParams(schoolId: SchoolId, period: DashboardPeriod, now: Date): DashboardParams {
  return { schoolId, from: period.from, to: period.to, ...periodInstants(period), today: schoolToday(now) };
}

export interface UtilisationWeek {
  week: string;
  booked: number;
  available: number;
}
export interface UtilisationRow {
  id: string;
  name: string;
  bookedMinutes: number;
  availableMinutes: number;
  weeks: UtilisationWeek[];
}

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const str = (v: unknown) => String(v);

function byMonth(rows: Row[], months: string[]) {
  const m = new Map(rows.map((r) => [str(r.month), r]));
  return months.map((month) => m.get(month));
}

/** Minutes per (id, week) of the ride rows, for the teacher (not car reservations) or the car of each row. */
function weekMinutes(rows: Row[], of: (r: Row) => unknown): Row[] {
  const sums = new Map<string, Row>();
  for (const r of rows) {
    const id = of(r);
    if (id == null) continue;
    const key = `${str(id)}|${str(r.week)}`;
    const sum = sums.get(key) ?? { id, week: r.week, minutes: 0 };
    sum.minutes = num(sum.minutes) + num(r.minutes);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/** Each week's days inside the period with their ISO weekday, computed once for all teachers and cars. */
type WeekDays = { week: string; days: { day: string; weekday: number }[] }[];

function utilisation(
  ids: { id: string; name: string; keep: boolean }[],
  booked: Row[],
  weekDays: WeekDays,
  availableOn: (id: string, day: string, weekday: number) => number,
): UtilisationRow[] {
  const bookedOf = new Map<string, number>();
  for (const r of booked) bookedOf.set(`${str(r.id)}|${str(r.week)}`, num(r.minutes));
  const rows: UtilisationRow[] = [];
  for (const { id, name, keep } of ids) {
    const w = weekDays.map(({ week, days }) => ({
      week,
      booked: bookedOf.get(`${id}|${week}`) ?? 0,
      available: days.reduce((sum, d) => sum + availableOn(id, d.day, d.weekday), 0),
    }));
    const bookedMinutes = w.reduce((s, x) => s + x.booked, 0);
    const availableMinutes = w.reduce((s, x) => s + x.available, 0);
    if (keep || bookedMinutes > 0 || availableMinutes > 0) rows.push({ id, name, bookedMinutes, availableMinutes, weeks: w });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'cs'));
}

export async function getDashboard(db: DbOrTx, schoolId: SchoolId, period: DashboardPeriod, now: Date) {
  const params = dashboardParams(schoolId, period, now);
  const r = await runDashboardStatements(db, params);
  const months = monthsOf(period);
  const weeks = weeksOf(period);

  const revenue = byMonth(r.revenue, months);
  const payments = byMonth(r.payments, months);
  const moneyMonths = months.map((month, i) => ({
    month,
    invoiced: asHalere(num(revenue[i]?.total)),
    invoiceCount: num(revenue[i]?.n),
    received: asHalere(num(payments[i]?.total)),
    paymentCount: num(payments[i]?.n),
  }));
  const balance = r.balance[0] ?? {};

  const stateCount = new Map(r.states.map((x) => [str(x.state), num(x.n)]));
  const newByMonth = byMonth(r.newStudents, months).map((x, i) => ({ month: months[i]!, count: num(x?.n) }));
  const apps = r.applications[0] ?? {};

  const members = r.members.map((m) => ({
    id: str(m.id),
    name: fullName({ firstName: str(m.first_name), lastName: str(m.last_name), degree: m.degree as string | null }),
    keep: m.role === 'TEACHER' && m.is_active === true,
  }));
  const nameOf = new Map(members.map((m) => [m.id, m.name]));
  const weekly = new Map<string, number>();
  for (const a of r.availability) weekly.set(`${str(a.id)}|${num(a.weekday)}`, num(a.minutes));
  const absences = r.absences.map((a) => ({ id: str(a.id), from: str(a.from_date), to: str(a.to_date) }));
  const weekDays: WeekDays = weeks.map((week) => ({ week, days: weekDaysInPeriod(week, period).map((day) => ({ day, weekday: dayOfWeek(day) })) }));
  const teacherAvailableOn = (id: string, day: string, weekday: number) =>
    absences.some((a) => a.id === id && a.from <= day && day <= a.to) ? 0 : (weekly.get(`${id}|${weekday}`) ?? 0);
  const teachers = utilisation(
    members,
    weekMinutes(r.rideWeeks, (x) => (x.reservation ? null : x.teacher_id)),
    weekDays,
    teacherAvailableOn,
  );

  const cars = r.cars.map((c) => ({ id: str(c.id), name: `${str(c.car_type)} ${str(c.reg_number)}`, keep: c.retired_at == null }));
  const carAvailableOn = (_id: string, _day: string, weekday: number) => (CAR_NOMINAL_WORKDAYS.includes(weekday) ? CAR_NOMINAL_DAY_MINUTES : 0);
  const carRows = utilisation(
    cars,
    weekMinutes(r.rideWeeks, (x) => x.school_car_id),
    weekDays,
    carAvailableOn,
  );

  const rides = r.rides[0] ?? {};
  const late = r.lateCancels[0] ?? {};
  const disputes = r.disputes[0] ?? {};

  return {
    period,
    months,
    weeks,
    money: {
      months: moneyMonths,
      invoicedTotal: asHalere(moneyMonths.reduce((s, m) => s + m.invoiced, 0)),
      receivedTotal: asHalere(moneyMonths.reduce((s, m) => s + m.received, 0)),
      outstanding: asHalere(num(balance.outstanding)),
      owingStudents: num(balance.owing),
      overdue: asHalere(num(balance.overdue)),
      overdueStudents: num(balance.overdue_students),
    },
    students: {
      states: STUDENT_STATES.map((state) => ({ state, count: stateCount.get(state) ?? 0 })),
      newByMonth,
      newTotal: newByMonth.reduce((s, m) => s + m.count, 0),
      applications: { submitted: num(apps.submitted), admitted: num(apps.admitted), rejected: num(apps.rejected), pending: num(apps.pending) },
    },
    utilisation: { teachers, cars: carRows, carNominalDayMinutes: CAR_NOMINAL_DAY_MINUTES, carNominalWorkdays: CAR_NOMINAL_WORKDAYS.length },
    exams: {
      attempts: r.examAttempts.map((x) => ({ attempt: num(x.attempt), passed: num(x.passed), failed: num(x.failed) })).sort((a, b) => a.attempt - b.attempt),
      teachers: r.examTeachers
        .map((x) => ({
          id: x.id == null ? null : str(x.id),
          name: x.id == null ? 'Bez učitele výcviku' : (nameOf.get(str(x.id)) ?? '—'),
          passed: num(x.passed),
          failed: num(x.failed),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'cs')),
    },
    cancellations: {
      booked: num(rides.booked),
      byStudent: num(rides.by_student),
      byTeacher: num(rides.by_teacher),
      late: num(late.n),
      lateCharged: asHalere(num(late.total)),
    },
    disputes: { total: num(disputes.total), open: num(disputes.open) },
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;

export interface DrillRow {
  id: string;
  day: string;
  title: string;
  detail: string;
  amount: Halere | null;
  /** Where the row opens in the app. */
  href: string | null;
}

const INVOICE_KIND_LABELS: Record<(typeof INVOICE_KINDS)[number], string> = { INVOICE: 'Faktura', RECEIPT: 'Příjmový doklad', CREDIT_NOTE: 'Opravný doklad' };

function detailText(drill: DashboardDrill, detail: string): string {
  switch (drill) {
    case 'INVOICES':
      return INVOICE_KIND_LABELS[detail as keyof typeof INVOICE_KIND_LABELS] ?? detail;
    case 'PAYMENTS':
      return PAYMENT_METHOD_LABELS[detail as PaymentMethod] ?? detail;
    case 'NEW_STUDENTS':
    case 'STUDENTS_IN_STATE':
      return STUDENT_STATE_LABELS[detail as StudentState] ?? detail;
    case 'APPLICATIONS':
      return APPLICATION_STATUS_LABELS[detail as ApplicationStatus] ?? detail;
    case 'EXAMS':
      return detail.replace(/SUCCESS$/, 'prospěl').replace(/FAIL$/, 'neprospěl');
    case 'CANCELLED_RIDES':
      return LESSON_STATE_LABELS[detail as LessonState] ?? detail;
    case 'DISPUTES':
      return detail === 'OPEN' ? 'Otevřená' : 'Vyřešená';
  }
}

export async function getDrill(
  db: DbOrTx,
  schoolId: SchoolId,
  input: DashboardPeriod & { drill: DashboardDrill; state?: StudentState | null },
  now: Date,
): Promise<DrillRow[]> {
  const rows = await runDrill(db, input.drill, dashboardParams(schoolId, input, now), input.state ?? null);
  return rows.map((r) => ({
    id: str(r.id),
    day: str(r.day),
    title: str(r.title),
    detail: detailText(input.drill, str(r.detail)),
    amount: r.amount == null ? null : asHalere(num(r.amount)),
    href: input.drill === 'INVOICES' ? `/app/payments/invoice/${str(r.id)}` : r.student_id ? `/app/student/${str(r.student_id)}` : null,
  }));
}
