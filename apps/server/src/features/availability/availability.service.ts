// 'Dostupnost' (issue 19 §3): a teacher's weekly working hours, absences and usual cars, kept by the office for any
// teacher (Učitelé) and by a teacher for themselves (Uživatelské Nastavení). Students book rides only inside them
// (the booking feature reads the tables itself: features/booking, free slots by @volant/shared/booking/rules).
import type { addAbsenceInput, schoolAvailabilityInput, setCarsInput, setWeekInput } from '@volant/shared/availability/inputs';
import type { StaffRole } from '@volant/shared/enums';
import { isOwnOnly, type SchoolProcedurePath } from '@volant/shared/permissions';
import type { z } from 'zod';
import { recordEvent } from '../../events/record.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SchoolId } from '../../lib/tenant.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import type { Live } from '../../live/live.ts';
import type { AppDeps } from '../../trpc/context.ts';
import {
  countActiveCars,
  deleteAbsence,
  findTeachingMember,
  insertAbsence,
  listAbsences,
  listSchoolAbsences,
  listSchoolWeeks,
  listTeacherCars,
  listWeek,
  lockTeachingMember,
  replaceTeacherCars,
  replaceWeek,
} from './availability.queries.ts';

/** Who calls: the proven school, the caller's role and member id there, and the user for the audit. */
export interface AvailabilityCaller {
  schoolId: SchoolId;
  role: StaffRole;
  memberId: string;
  userId: string;
}

const teacherNotFound = () => new AppError('TEACHER_NOT_FOUND');

export const availabilityMessage = (live: Live, schoolId: string, teacherId: string) =>
  live.toSchool(schoolId, { AvailabilityMessage: { schoolId, teacherId } });

/**
 * The office keeps anyone's; a teacher (or paramedic) only their own member record (AVAILABILITY_OWN_ONLY of the
 * permission table, which the role rung already checked for the procedure itself).
 */
function assertMayEdit(caller: AvailabilityCaller, path: SchoolProcedurePath, teacherId: string) {
  if (isOwnOnly(path, caller.role) && caller.memberId !== teacherId) throw new AppError('AVAILABILITY_NOT_OWN');
}

export async function getAvailability(deps: AppDeps, schoolId: SchoolId, teacherId: string) {
  if (!(await findTeachingMember(deps.db, schoolId, teacherId))) throw teacherNotFound();
  const [week, absences, cars] = await Promise.all([
    listWeek(deps.db, schoolId, teacherId),
    listAbsences(deps.db, schoolId, teacherId),
    listTeacherCars(deps.db, schoolId, teacherId),
  ]);
  return { teacherId, week, absences, cars: cars.map((c) => ({ ...c, isRetired: c.retiredAt !== null })) };
}

/**
 * The calendar's background (issue 20 §4): every teacher's week and the absences of the window, grouped by teacher,
 * in one answer (20 teachers would otherwise be 20 reads). Only the school's own rows: both queries filter by school.
 */
export async function getSchoolAvailability(deps: AppDeps, schoolId: SchoolId, input: z.output<typeof schoolAvailabilityInput>) {
  const [weeks, absences] = await Promise.all([listSchoolWeeks(deps.db, schoolId), listSchoolAbsences(deps.db, schoolId, input.fromDate, input.toDate)]);
  const byTeacher = new Map<
    string,
    { teacherId: string; week: { weekday: number; startMinute: number; endMinute: number }[]; absences: { fromDate: string; toDate: string }[] }
  >();
  const entry = (teacherId: string) => {
    let e = byTeacher.get(teacherId);
    if (!e) {
      e = { teacherId, week: [], absences: [] };
      byTeacher.set(teacherId, e);
    }
    return e;
  };
  for (const w of weeks) entry(w.teacherId).week.push({ weekday: w.weekday, startMinute: w.startMinute, endMinute: w.endMinute });
  for (const a of absences) entry(a.teacherId).absences.push({ fromDate: a.fromDate, toDate: a.toDate });
  return [...byTeacher.values()];
}

/** Replaces the teacher's whole week in one transaction: either the new week or the old one, never a mix. */
export async function setWeek(deps: AppDeps, caller: AvailabilityCaller, input: z.output<typeof setWeekInput>) {
  assertMayEdit(caller, 'availability.setWeek', input.teacherId);
  const { schoolId, userId } = caller;
  await inTransaction(deps, async (tx, after) => {
    if (!(await lockTeachingMember(tx, schoolId, input.teacherId))) throw teacherNotFound();
    const intervals = [...input.intervals].sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
    await replaceWeek(tx, schoolId, input.teacherId, intervals);
    await recordEvent(deps, tx, after, {
      name: 'availability.setWeek',
      schoolId,
      userId,
      entityType: 'member',
      entityId: input.teacherId,
      data: { intervals },
    });
  });
  return getAvailability(deps, schoolId, input.teacherId);
}

export async function addAbsence(deps: AppDeps, caller: AvailabilityCaller, input: z.output<typeof addAbsenceInput>) {
  assertMayEdit(caller, 'availability.addAbsence', input.teacherId);
  const { schoolId, userId } = caller;
  await inTransaction(deps, async (tx, after) => {
    if (!(await findTeachingMember(tx, schoolId, input.teacherId))) throw teacherNotFound();
    const row = await insertAbsence(tx, schoolId, input.teacherId, input.absence);
    await recordEvent(deps, tx, after, { name: 'availability.addAbsence', schoolId, userId, entityType: 'member', entityId: input.teacherId, data: row });
  });
  return getAvailability(deps, schoolId, input.teacherId);
}

export async function removeAbsence(deps: AppDeps, caller: AvailabilityCaller, input: { teacherId: string; absenceId: string }) {
  assertMayEdit(caller, 'availability.removeAbsence', input.teacherId);
  const { schoolId, userId } = caller;
  await inTransaction(deps, async (tx, after) => {
    if (!(await findTeachingMember(tx, schoolId, input.teacherId))) throw teacherNotFound();
    const row = await deleteAbsence(tx, schoolId, input.teacherId, input.absenceId);
    if (!row) throw new AppError('NOT_FOUND');
    await recordEvent(deps, tx, after, { name: 'availability.removeAbsence', schoolId, userId, entityType: 'member', entityId: input.teacherId, data: row });
  });
  return getAvailability(deps, schoolId, input.teacherId);
}

/** Replaces the teacher's usual cars; each must be the school's car in service (another school's or a retired one is refused). */
export async function setCars(deps: AppDeps, caller: AvailabilityCaller, input: z.output<typeof setCarsInput>) {
  assertMayEdit(caller, 'availability.setCars', input.teacherId);
  const { schoolId, userId } = caller;
  await inTransaction(deps, async (tx, after) => {
    if (!(await lockTeachingMember(tx, schoolId, input.teacherId))) throw teacherNotFound();
    if ((await countActiveCars(tx, schoolId, input.schoolCarIds)) !== input.schoolCarIds.length) throw new AppError('SCHOOL_CAR_NOT_FOUND');
    await replaceTeacherCars(tx, schoolId, input.teacherId, input.schoolCarIds);
    await recordEvent(deps, tx, after, {
      name: 'availability.setCars',
      schoolId,
      userId,
      entityType: 'member',
      entityId: input.teacherId,
      data: { schoolCarIds: input.schoolCarIds },
    });
  });
  return getAvailability(deps, schoolId, input.teacherId);
}
