// 'Přehled školy' (issue 21 §4): plain SQL aggregates over the school's own tables — invoices, payments, the balances
// view, students, applications, rides, availability, exams, charges, disputes. No second copy of anything: each
// statement filters by school_id first and by the period on an indexed column (issued_on, paid_on, admitted_at,
// start_time, created_at), and buckets in the school's zone (months of Europe/Prague, ISO weeks from Monday).
// The statements are built here once and run both by the procedure and raw by bench/dashboard.ts.
import type { DbOrTx } from '@volant/db/client';
import type { DashboardDrill, DashboardPeriod } from '@volant/shared/dashboard/period';
import type { StudentState } from '@volant/shared/enums';
import { type SQL, sql } from 'drizzle-orm';

export interface DashboardParams extends DashboardPeriod {
  schoolId: string;
  /** Instants bounding the period (the midnights in Europe/Prague). */
  start: Date;
  end: Date;
  /** The school's today: an instalment or invoice due before it is overdue. */
  today: string;
}

const BOOKED = sql`('SCHEDULED', 'COMPLETED')`;
const REVENUE_KINDS = sql`kind <> 'CREDIT_NOTE' and not is_cancelled`;
const prague = (column: SQL) => sql`timezone('Europe/Prague', ${column})`;

/** Every figure of the page, one statement each. */
export function dashboardStatements(p: DashboardParams) {
  const { schoolId: s, from, to, start, end, today } = p;
  return {
    revenue: sql`select to_char(issued_on, 'YYYY-MM') as month, sum(total)::bigint as total, count(*)::int as n
      from invoices where school_id = ${s}::uuid and issued_on between ${from}::date and ${to}::date and ${REVENUE_KINDS} group by 1`,
    payments: sql`select to_char(paid_on, 'YYYY-MM') as month, sum(price)::bigint as total, count(*)::int as n
      from payment_items where school_id = ${s}::uuid and paid_on between ${from}::date and ${to}::date group by 1`,
    // 'Po splatnosti' by the one rule of the owing list (@volant/shared/instalment/instalments overdueOfBalance): what
    // fell due before today — the plan's instalments, or without a plan the issued invoices — less all paid, at most
    // what is owed; a student with neither has nothing overdue.
    balance: sql`select coalesce(sum(x.due), 0)::bigint as outstanding, count(*)::int as owing,
        coalesce(sum(x.overdue), 0)::bigint as overdue, count(*) filter (where x.overdue > 0)::int as overdue_students
      from (select y.due, case when y.fell_due is null then 0 else greatest(0, least(y.due, y.fell_due - y.paid)) end as overdue
        from (select b.due, b.paid, case when p.student_id is not null then coalesce(p.fell_due, 0) else i.fell_due end as fell_due
        from student_balances b
        left join (select student_id, sum(amount) filter (where due_on < ${today}::date) as fell_due from student_instalments
          where school_id = ${s}::uuid group by student_id) p on p.student_id = b.student_id
        left join (select student_id, sum(total) as fell_due from invoices
          where school_id = ${s}::uuid and kind = 'INVOICE' and not is_cancelled and due_on < ${today}::date group by student_id) i on i.student_id = b.student_id
        where b.school_id = ${s}::uuid and b.due > 0) y) x`,
    states: sql`select state, count(*)::int as n from students where school_id = ${s}::uuid and removed_at is null group by state`,
    newStudents: sql`select to_char(${prague(sql`admitted_at`)}, 'YYYY-MM') as month, count(*)::int as n from students
      where school_id = ${s}::uuid and removed_at is null and state <> 'WAITING_FOR_ADMISSION' and admitted_at >= ${start.toISOString()}::timestamptz and admitted_at < ${end.toISOString()}::timestamptz group by 1`,
    applications: sql`select count(*)::int as submitted, count(*) filter (where status = 'ADMITTED')::int as admitted,
        count(*) filter (where status = 'REJECTED')::int as rejected, count(*) filter (where status = 'PENDING')::int as pending
      from applications where school_id = ${s}::uuid and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
    // One scan of the period's booked rides for both teachers and cars: minutes per (teacher, car, week), car
    // reservations marked (they occupy a car, not a teacher). The service sums the rows per teacher and per car.
    rideWeeks: sql`select teacher_id, school_car_id, type = 'CAR_RESERVATION' as reservation,
        to_char(date_trunc('week', ${prague(sql`start_time`)}), 'YYYY-MM-DD') as week, sum(length)::int as minutes
      from driving_lesson_records where school_id = ${s}::uuid and start_time >= ${start.toISOString()}::timestamptz and start_time < ${end.toISOString()}::timestamptz
        and state in ${BOOKED} group by 1, 2, 3, 4`,
    availability: sql`select teacher_id as id, weekday, sum(end_minute - start_minute)::int as minutes
      from teacher_availability where school_id = ${s}::uuid group by 1, 2`,
    absences: sql`select teacher_id as id, from_date::text as from_date, to_date::text as to_date from teacher_absences
      where school_id = ${s}::uuid and to_date >= ${from}::date and from_date <= ${to}::date`,
    members: sql`select id, first_name, last_name, degree, role, is_active from school_members where school_id = ${s}::uuid`,
    cars: sql`select id, car_type, reg_number, retired_at from school_cars where school_id = ${s}::uuid`,
    examAttempts: sql`select su.attempt, count(*) filter (where su.result = 'SUCCESS')::int as passed,
        count(*) filter (where su.result = 'FAIL')::int as failed
      from exam_sign_ups su join exams e on e.school_id = su.school_id and e.id = su.exam_id
      where su.school_id = ${s}::uuid and e.date between ${from}::date and ${to}::date and su.result in ('SUCCESS', 'FAIL') group by 1`,
    examTeachers: sql`select dt.teacher_id as id, count(*) filter (where su.result = 'SUCCESS')::int as passed,
        count(*) filter (where su.result = 'FAIL')::int as failed
      from exam_sign_ups su join exams e on e.school_id = su.school_id and e.id = su.exam_id
      left join student_default_teachers dt on dt.school_id = su.school_id and dt.student_id = su.student_id and dt.type = 'TRAINING'
      where su.school_id = ${s}::uuid and e.date between ${from}::date and ${to}::date and su.result in ('SUCCESS', 'FAIL') group by 1`,
    rides: sql`select count(*) filter (where state in ${BOOKED})::int as booked,
        count(*) filter (where state = 'CANCELLED_BY_STUDENT')::int as by_student,
        count(*) filter (where state = 'CANCELLED_BY_TEACHER')::int as by_teacher
      from driving_lesson_records where school_id = ${s}::uuid and start_time >= ${start.toISOString()}::timestamptz and start_time < ${end.toISOString()}::timestamptz and type <> 'CAR_RESERVATION'`,
    lateCancels: sql`select count(*)::int as n, coalesce(sum(quantity * unit_price), 0)::bigint as total from student_charges
      where school_id = ${s}::uuid and item = 'LATE_CANCELLATION' and charged_on between ${from}::date and ${to}::date`,
    disputes: sql`select count(*)::int as total, count(*) filter (where resolved_at is null)::int as open
      from record_disputes where school_id = ${s}::uuid and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz`,
  } satisfies Record<string, SQL>;
}

export type DashboardStatement = keyof ReturnType<typeof dashboardStatements>;
type Row = Record<string, unknown>;

export async function runDashboardStatements(db: DbOrTx, p: DashboardParams): Promise<Record<DashboardStatement, Row[]>> {
  const statements = dashboardStatements(p);
  const entries = await Promise.all(
    Object.entries(statements).map(async ([key, statement]) => {
      const result = await db.execute(statement);
      return [key, (result as unknown as { rows: Row[] }).rows] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DashboardStatement, Row[]>;
}

/** The rows behind one figure (at most DRILL_LIMIT, newest first). */
export const DRILL_LIMIT = 500;

const studentName = sql`st.last_name || ' ' || st.first_name`;

export function drillStatement(drill: DashboardDrill, p: DashboardParams, state: StudentState | null): SQL {
  const { schoolId: s, from, to, start, end } = p;
  switch (drill) {
    case 'INVOICES':
      return sql`select id, issued_on::text as day, number || ' · ' || customer_name as title, kind as detail, total as amount, null as student_id
        from invoices where school_id = ${s}::uuid and issued_on between ${from}::date and ${to}::date and ${REVENUE_KINDS}
        order by issued_on desc, number desc limit ${DRILL_LIMIT}`;
    case 'PAYMENTS':
      return sql`select pi.id, pi.paid_on::text as day, ${studentName} as title, pi.method as detail, pi.price as amount, pi.student_id
        from payment_items pi join students st on st.school_id = pi.school_id and st.id = pi.student_id
        where pi.school_id = ${s}::uuid and pi.paid_on between ${from}::date and ${to}::date order by pi.paid_on desc limit ${DRILL_LIMIT}`;
    case 'NEW_STUDENTS':
      return sql`select st.id, ${prague(sql`st.admitted_at`)}::date::text as day, ${studentName} as title, st.state as detail, null::bigint as amount, st.id as student_id
        from students st where st.school_id = ${s}::uuid and st.removed_at is null and st.state <> 'WAITING_FOR_ADMISSION'
          and st.admitted_at >= ${start.toISOString()}::timestamptz and st.admitted_at < ${end.toISOString()}::timestamptz order by st.admitted_at desc limit ${DRILL_LIMIT}`;
    case 'STUDENTS_IN_STATE':
      return sql`select st.id, ${prague(sql`st.created_at`)}::date::text as day, ${studentName} as title, st.state as detail, null::bigint as amount, st.id as student_id
        from students st where st.school_id = ${s}::uuid and st.removed_at is null and st.state = ${state ?? 'IN_PROGRESS'}
        order by st.last_name, st.first_name limit ${DRILL_LIMIT}`;
    case 'APPLICATIONS':
      return sql`select a.id, ${prague(sql`a.created_at`)}::date::text as day, a.last_name || ' ' || a.first_name as title, a.status as detail,
          a.course_price as amount, a.student_id
        from applications a where a.school_id = ${s}::uuid and a.created_at >= ${start.toISOString()}::timestamptz and a.created_at < ${end.toISOString()}::timestamptz order by a.created_at desc limit ${DRILL_LIMIT}`;
    case 'EXAMS':
      return sql`select su.id, e.date::text as day, ${studentName} as title,
          su.type || ' · ' || su.attempt || '. pokus · ' || su.result as detail, null::bigint as amount, su.student_id
        from exam_sign_ups su join exams e on e.school_id = su.school_id and e.id = su.exam_id
        join students st on st.school_id = su.school_id and st.id = su.student_id
        where su.school_id = ${s}::uuid and e.date between ${from}::date and ${to}::date and su.result in ('SUCCESS', 'FAIL')
        order by e.date desc limit ${DRILL_LIMIT}`;
    case 'CANCELLED_RIDES':
      return sql`select r.id, ${prague(sql`r.start_time`)}::date::text as day, ${studentName} as title, r.state as detail, null::bigint as amount, r.student_id
        from driving_lesson_records r join students st on st.school_id = r.school_id and st.id = r.student_id
        where r.school_id = ${s}::uuid and r.start_time >= ${start.toISOString()}::timestamptz and r.start_time < ${end.toISOString()}::timestamptz and r.type <> 'CAR_RESERVATION'
          and r.state in ('CANCELLED_BY_STUDENT', 'CANCELLED_BY_TEACHER') order by r.start_time desc limit ${DRILL_LIMIT}`;
    case 'DISPUTES':
      return sql`select d.id, ${prague(sql`d.created_at`)}::date::text as day, ${studentName} as title,
          case when d.resolved_at is null then 'OPEN' else 'RESOLVED' end as detail, null::bigint as amount, d.student_id
        from record_disputes d join students st on st.school_id = d.school_id and st.id = d.student_id
        where d.school_id = ${s}::uuid and d.created_at >= ${start.toISOString()}::timestamptz and d.created_at < ${end.toISOString()}::timestamptz order by d.created_at desc limit ${DRILL_LIMIT}`;
  }
}

export async function runDrill(db: DbOrTx, drill: DashboardDrill, p: DashboardParams, state: StudentState | null): Promise<Row[]> {
  const result = await db.execute(drillStatement(drill, p, state));
  return (result as unknown as { rows: Row[] }).rows;
}
